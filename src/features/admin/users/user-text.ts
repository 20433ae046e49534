import type { Role, WireRole } from '../../../api/contracts/auth'
import { toWireRole } from '../../../api/contracts/auth'

export const ROLE_LABELS: Record<WireRole, string> = {
  client: 'Client',
  morgue_attendant: 'Morgue attendant',
  admin: 'Admin',
}

export const roleLabel = (role: Role): string => ROLE_LABELS[toWireRole(role)]
