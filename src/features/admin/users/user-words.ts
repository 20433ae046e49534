import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role, WireRole } from '../../../../shared/contracts/auth'
import { toWireRole } from '../../../../shared/contracts/auth'

/** The roles' names, shown with `t(...)` in the language in use. */
export const ROLE_LABELS: Record<WireRole, MessageDescriptor> = {
  client: msg`Client`,
  morgue_attendant: msg`Morgue attendant`,
  admin: msg`Admin`,
}

export const roleLabel = (role: Role): MessageDescriptor => ROLE_LABELS[toWireRole(role)]
