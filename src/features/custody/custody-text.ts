import type { CustodyKind } from '../../api/contracts/custody'

/** Words of the chain of custody (one place, so a Kiswahili catalogue can be added). */
export const CUSTODY_KIND_LABELS: Record<CustodyKind, string> = {
  received: 'Received',
  moved_to_storage: 'Moved to storage',
  prepared: 'Prepared',
  released: 'Released',
}

const ROLE_LABELS: Record<string, string> = { morgue_attendant: 'Morgue attendant', admin: 'Administrator' }

export const CUSTODY_TEXT = {
  title: 'Chain of custody',
  recordTitle: 'Chain of custody record',
  none: 'No movement recorded yet.',
  loading: 'Loading the chain of custody',
  retry: 'Retry',
  when: 'When (Nairobi time)',
  what: 'What',
  whereOrWho: 'Where / to whom',
  by: 'Recorded by',
  deceased: 'Deceased',
  booking: 'Booking',
  printedOn: 'Printed',
  print: 'Print',
  back: 'Back',
  printRecord: 'Print custody record',
  printTag: 'Print QR tag',
  familyLink: 'View the chain of custody record',
  familyTerm: 'Chain of custody',
  footer: 'Every movement is recorded at the time it happens by the staff member named. Entries cannot be changed or removed.',
  receiverSignature: 'Signature of the person receiving the body',
  staffSignature: 'Signature of the releasing staff member',
} as const

/** 'Moved to storage — Cold room, bay 3' or 'Released to James Achieng (Son), ID 23456789'. */
export function whereOrWho(e: { kind: CustodyKind; location: string | null; receiver_name: string | null; receiver_id_number: string | null; receiver_relationship: string | null }): string {
  if (e.kind === 'released') return `${e.receiver_name ?? ''} (${e.receiver_relationship ?? ''}), ID ${e.receiver_id_number ?? ''}`
  return e.location ?? ''
}

/** 'Peter Otieno (Morgue attendant)'. */
export function recordedBy(e: { by_name: string; by_role: string | null }): string {
  const role = e.by_role ? ROLE_LABELS[e.by_role] : undefined
  return role ? `${e.by_name} (${role})` : e.by_name
}
