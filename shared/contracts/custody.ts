import { z } from 'zod/mini'
import { Id, orEmpty, orNull } from './common'
import { Booking } from './bookings'
import { MSG_NOT_IN_CARE } from './morgue'

/**
 * The chain of custody of a body: every movement, with the time (the server's clock) and the staff
 * member who recorded it. It is the record the family and the authorities may ask to see, so it is
 * append-only: an event is never changed or deleted, and nothing follows the release.
 */
export const CUSTODY_KINDS = ['received', 'moved_to_storage', 'prepared', 'released'] as const
export type CustodyKind = (typeof CUSTODY_KINDS)[number]

export const CUSTODY_LIMITS = { location: 100, receiverName: 100, receiverIdNumber: 20, receiverRelationship: 50, settlementReason: 200 } as const

/**
 * How a balance still owed at the release is settled: paid there and then, a payment plan agreed
 * with the family, or waived. Recorded with a reason; the release itself never waits on it (a body
 * is never held for a bill).
 */
export const RELEASE_SETTLEMENTS = ['paid', 'payment_plan', 'waived'] as const
export type ReleaseSettlement = (typeof RELEASE_SETTLEMENTS)[number]

/** The server's words for a refused event (both backends; the form shows the same before sending). */
export const CUSTODY_MESSAGES = {
  locationRequired: 'Give the storage bay or place the body was moved to',
  locationTooLong: `Location must be at most ${CUSTODY_LIMITS.location} characters`,
  receiverNameRequired: 'Give the name of the person receiving the body',
  receiverNameTooLong: `Name must be at most ${CUSTODY_LIMITS.receiverName} characters`,
  receiverIdRequired: 'Give the ID or passport number of the person receiving the body',
  receiverIdInvalid: 'ID number must be 5 to 20 letters or digits',
  relationshipRequired: 'Give their relationship to the deceased',
  relationshipTooLong: `Relationship must be at most ${CUSTODY_LIMITS.receiverRelationship} characters`,
  alreadyReceived: 'The body has already been recorded as received',
  receiveFirst: 'Record the body as received first',
  alreadyReleased: 'This body has already been released',
  notInCare: MSG_NOT_IN_CARE,
  permitNotApproved: 'The burial permit is not approved yet',
  coldRoomFull: 'The cold room is full: release a body first, or an admin receives this one with a reason',
  settlementRequired: 'Choose how the balance due is settled: paid, payment plan or waived',
  settlementReasonRequired: 'Give the reason, or how and when the balance will be paid',
  settlementReasonTooLong: `Reason must be at most ${CUSTODY_LIMITS.settlementReason} characters`,
  saved: 'Movement recorded',
  released: 'Body released to the family',
} as const

// ---- request ----
/** POST /bookings/{id}/custody (and POST /bookings/{id}/release, which is the same with kind released). */
export const CustodyRequest = z.object({
  kind: z.enum(CUSTODY_KINDS, { error: 'Choose what happened: received, moved to storage, prepared or released' }),
  location: z.optional(z.nullable(z.string())),
  receiver_name: z.optional(z.nullable(z.string())),
  receiver_id_number: z.optional(z.nullable(z.string())),
  receiver_relationship: z.optional(z.nullable(z.string())),
  /** A release with a balance due: how it is settled, and why (kept in the booking's audit). */
  settlement: z.optional(z.nullable(z.enum(RELEASE_SETTLEMENTS, { error: CUSTODY_MESSAGES.settlementRequired }))),
  settlement_reason: z.optional(z.nullable(z.string())),
  /** An admin receives a body over a full cold room with a reason (kept in the activity log). */
  override_reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200, 'Reason must be at most 200 characters')))),
})
export type CustodyRequest = z.infer<typeof CustodyRequest>

/** A 409 when a body is received into a full cold room: its places and the bodies there. */
export const ColdRoomFull = z.looseObject({ message: z.string(), capacity: z.number(), bodies: z.array(z.looseObject({ booking_id: Id, name: z.string() })) })
export type ColdRoomFull = z.infer<typeof ColdRoomFull>

/** A checked request: texts trimmed, what does not belong to the kind dropped. */
export interface CustodyInput {
  kind: CustodyKind
  location: string | null
  receiver_name: string | null
  receiver_id_number: string | null
  receiver_relationship: string | null
  settlement: ReleaseSettlement | null
  settlement_reason: string | null
}

const ID_NUMBER = /^[A-Za-z0-9]{5,20}$/

/**
 * The one check of an event's fields, for the mock, the server and the form: every problem by
 * field (the 422's `errors`), or the input as it is kept. A location is required for a move to
 * storage and optional otherwise; the receiver's name, ID number and relationship for a release.
 */
export function checkCustody(request: CustodyRequest, balanceDue?: number): { input: CustodyInput } | { message: string; errors: Record<string, string> } {
  // Control characters (a NUL cannot even be stored) are no part of a name or a place.
  // eslint-disable-next-line no-control-regex
  const text = (v: string | null | undefined) => v?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() ?? ''
  const location = text(request.location)
  const released = request.kind === 'released'
  const name = released ? text(request.receiver_name) : ''
  // People write ID numbers with spaces or dashes ('12 345 678'); the digits are what is kept.
  const idNumber = released ? text(request.receiver_id_number).replace(/[\s-]/g, '').toUpperCase() : ''
  const relationship = released ? text(request.receiver_relationship) : ''
  const settlement = released ? (request.settlement ?? null) : null
  const settlementReason = settlement ? text(request.settlement_reason) : ''
  const errors: Record<string, string> = {}
  if (request.kind === 'moved_to_storage' && !location) errors.location = CUSTODY_MESSAGES.locationRequired
  else if (location.length > CUSTODY_LIMITS.location) errors.location = CUSTODY_MESSAGES.locationTooLong
  if (released) {
    if (!name) errors.receiver_name = CUSTODY_MESSAGES.receiverNameRequired
    else if (name.length > CUSTODY_LIMITS.receiverName) errors.receiver_name = CUSTODY_MESSAGES.receiverNameTooLong
    if (!idNumber) errors.receiver_id_number = CUSTODY_MESSAGES.receiverIdRequired
    else if (!ID_NUMBER.test(idNumber)) errors.receiver_id_number = CUSTODY_MESSAGES.receiverIdInvalid
    if (!relationship) errors.receiver_relationship = CUSTODY_MESSAGES.relationshipRequired
    else if (relationship.length > CUSTODY_LIMITS.receiverRelationship) errors.receiver_relationship = CUSTODY_MESSAGES.relationshipTooLong
    // The form, knowing the balance, asks for the arrangement; the API keeps a release without one (never held for a bill).
    if (!settlement && balanceDue !== undefined && balanceDue > 0) errors.settlement = CUSTODY_MESSAGES.settlementRequired
    if (settlement && !settlementReason) errors.settlement_reason = CUSTODY_MESSAGES.settlementReasonRequired
    else if (settlementReason.length > CUSTODY_LIMITS.settlementReason) errors.settlement_reason = CUSTODY_MESSAGES.settlementReasonTooLong
  }
  const first = Object.values(errors)[0]
  if (first) return { message: first, errors }
  return {
    input: {
      kind: request.kind,
      location: location || null,
      receiver_name: name || null,
      receiver_id_number: idNumber || null,
      receiver_relationship: relationship || null,
      settlement,
      settlement_reason: settlementReason || null,
    },
  }
}

/**
 * May this event follow the ones recorded? The chain starts with 'received' (once), and the
 * release ends it: nothing is recorded after it. Moves to storage and preparation may repeat (a
 * body changes bays). Null when it may.
 */
export function custodyOrderProblem(recorded: ReadonlyArray<{ kind: string }>, kind: CustodyKind): string | null {
  if (recorded.some((e) => e.kind === 'released')) return CUSTODY_MESSAGES.alreadyReleased
  const received = recorded.some((e) => e.kind === 'received')
  if (kind === 'received') return received ? CUSTODY_MESSAGES.alreadyReceived : null
  return received ? null : CUSTODY_MESSAGES.receiveFirst
}

// ---- answers ----
export const CustodyEvent = z.looseObject({
  id: Id,
  booking_id: Id,
  kind: z.enum(CUSTODY_KINDS),
  /** When it was recorded: the server's clock, ISO 8601. */
  at: z.string(),
  location: orNull(z.string()),
  receiver_name: orNull(z.string()),
  receiver_id_number: orNull(z.string()),
  receiver_relationship: orNull(z.string()),
  /** The staff member who recorded it, as named then. */
  by_name: z.string(),
  by_role: orNull(z.string()),
})
export type CustodyEvent = z.infer<typeof CustodyEvent>

/** GET /bookings/{id}/custody: what the printed record needs, and the events oldest first. */
export const CustodyRecord = z.looseObject({
  booking_id: Id,
  deceased_first_name: z.string(),
  deceased_last_name: z.string(),
  home: z.looseObject({ name: z.string(), phone: orNull(z.string()), email: orNull(z.string()) }),
  events: orEmpty(CustodyEvent),
})
export type CustodyRecord = z.infer<typeof CustodyRecord>

/** POST /bookings/{id}/custody: the event kept and the booking as it now stands (a release changes it). */
export const CustodySaved = z.looseObject({ event: CustodyEvent, booking: Booking, message: z.optional(z.string()) })
export type CustodySaved = z.infer<typeof CustodySaved>
