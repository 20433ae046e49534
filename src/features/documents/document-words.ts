import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DocumentType } from '../../../shared/contracts/documents'

/**
 * The document types as a family reads them (SPEC.md section 3's names), in the language in use:
 * show with t(documentTypeName(type)). The API's own labels stay English for the staff screens.
 */
const DOCUMENT_TYPE_NAMES: Record<DocumentType, MessageDescriptor> = {
  death_certificate: msg`Death Certificate`,
  burial_permit: msg`Burial Permit`,
  contract: msg`Service Contract`,
  invoice: msg`Invoice`,
  receipt: msg`Payment Receipt`,
  other: msg`Other Document`,
}

export function documentTypeName(type: string): MessageDescriptor {
  return DOCUMENT_TYPE_NAMES[type as DocumentType] ?? DOCUMENT_TYPE_NAMES.other
}
