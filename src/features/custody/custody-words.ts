import { msg } from '@lingui/core/macro'
import type { CustodyKind } from '../../../shared/contracts/custody'
import { liveWords } from '../../lib/live-words'

/**
 * Words of the chain of custody (the record, the list of movements, the case panel's links), read
 * in the language in use; a component reading them calls `useLingui()` so it follows a change.
 * In the portal's catalogue: the record is open to the family, the attendant and the admin.
 */
export const CUSTODY_KIND_LABELS: Readonly<Record<CustodyKind, string>> = liveWords({
  received: msg`Received`,
  moved_to_storage: msg`Moved to storage`,
  prepared: msg`Prepared`,
  released: msg`Released`,
})

/**
 * The same movements as a family reads them in the portal: the care, not the cold room (the
 * printed record for the authorities, and the staff's screens, keep the staff's words).
 */
export const FAMILY_KIND_LABELS: Readonly<Record<CustodyKind, string>> = liveWords({
  received: msg`Received into our care`,
  moved_to_storage: msg`Resting in our care`,
  prepared: msg`Prepared with care`,
  released: msg`Collected for burial`,
})

const ROLE_LABELS = liveWords({ morgue_attendant: msg`Morgue attendant`, admin: msg`Administrator` }) as Readonly<Record<string, string>>

export const CUSTODY_TEXT = liveWords({
  title: msg`Chain of custody`,
  recordTitle: msg`Chain of custody record`,
  none: msg`No movement recorded yet.`,
  loading: msg`Loading the chain of custody`,
  when: msg`When (Nairobi time)`,
  what: msg`What`,
  whereOrWho: msg`Where / to whom`,
  by: msg`Recorded by`,
  deceased: msg`Deceased`,
  booking: msg`Booking`,
  printedOn: msg`Printed`,
  print: msg`Print`,
  back: msg`Back`,
  printRecord: msg`Print custody record`,
  printTag: msg`Print QR tag`,
  familyLink: msg`View the chain of custody record`,
  familyTerm: msg`Chain of custody`,
  footer: msg`Every movement is recorded at the time it happens by the staff member named. Entries cannot be changed or removed.`,
  receiverSignature: msg`Signature of the person receiving the body`,
  staffSignature: msg`Signature of the releasing staff member`,
  /** 'by Peter Otieno (Morgue attendant)' under a movement. */
  recordedBy: (who: string) => msg`by ${who}`,
  /** The receiver of a released body: 'James Achieng (Son), ID 23456789'. */
  receiver: (name: string, relationship: string, idNumber: string) => msg`${name} (${relationship}), ID ${idNumber}`,
})

/** The form for the next movement of the chain of custody (the attendant's case panel, the admin's case file). */
export const CUSTODY_FORM_TEXT = liveWords({
  formLabel: msg`Record the next movement`,
  loadingSection: msg`Loading the chain of custody…`,
  kind: msg`Movement`,
  bay: msg`Storage bay`,
  bayHint: msg`e.g. Cold room, bay 3`,
  place: msg`Where (optional)`,
  receiverName: msg`Received by (full name)`,
  receiverId: msg`ID or passport number`,
  receiverIdHint: msg`As on the document you were shown`,
  relationship: msg`Relationship to the deceased`,
  relationshipPlaceholder: msg`e.g. Son`,
  submit: msg`Record movement`,
  submitRelease: msg`Record release`,
  saving: msg`Saving…`,
  releaseHere: msg`Record the release under Chain of custody, with the name and ID number of the person receiving the body.`,
  balanceDue: (amount: string) => msg`${amount} is still owed on this booking. The body is released all the same: record how the balance is settled.`,
  settlement: msg`How the balance is settled`,
  settlementChoose: msg`Choose…`,
  settlementReason: msg`Reason`,
  settlementReasonHint: msg`e.g. Paid in cash at the desk, or KSH 2,000 a month from January`,
})

/** How a balance owed at the release is settled. */
export const SETTLEMENT_LABELS = liveWords({
  paid: msg`Paid`,
  payment_plan: msg`Payment plan`,
  waived: msg`Waived`,
})

/** A receipt refused because the cold room is full (the case panel's form, the admin's record). */
export const COLD_ROOM_TEXT = liveWords({
  /** 'In the cold room: 4 places, all taken'. */
  inRoom: (capacity: number) => msg`In the cold room: ${capacity} places, all taken`,
  reason: msg`Why receive it all the same`,
  reasonHint: msg`Kept in the activity log, e.g. where the body is kept meanwhile`,
  reasonRequired: msg`Give a reason to receive the body over a full cold room`,
  override: msg`Receive anyway`,
  notReceived: msg`The body is not recorded as received yet.`,
  place: msg`Where (optional)`,
  receive: msg`Record receipt`,
  receiveLabel: msg`Record the body as received`,
  saving: msg`Saving…`,
})

/** 'Cold room, bay 3', or for a release 'James Achieng (Son), ID 23456789'. */
export function whereOrWho(e: { kind: CustodyKind; location: string | null; receiver_name: string | null; receiver_id_number: string | null; receiver_relationship: string | null }): string {
  if (e.kind === 'released') return CUSTODY_TEXT.receiver(e.receiver_name ?? '', e.receiver_relationship ?? '', e.receiver_id_number ?? '')
  return e.location ?? ''
}

/** What a family reads of a movement: the places and the receiver, but not the storage bay. */
export function familyWhereOrWho(e: Parameters<typeof whereOrWho>[0]): string {
  return e.kind === 'moved_to_storage' ? '' : whereOrWho(e)
}

/** 'Peter Otieno (Morgue attendant)'. */
export function recordedBy(e: { by_name: string; by_role: string | null }): string {
  const role = e.by_role ? ROLE_LABELS[e.by_role] : undefined
  return role ? `${e.by_name} (${role})` : e.by_name
}
