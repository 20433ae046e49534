/**
 * The chain of custody's rules, as both backends apply them (mocks/handlers/custody.ts and
 * server/domain/custody.ts): plain functions over the chain recorded so far, the booking and its
 * documents.
 */
import { ApiError } from './errors'
import { inCare, type AuditEntry } from './bookings'
import { permitStatus } from './rules'
import { CUSTODY_MESSAGES, checkCustody, custodyOrderProblem, type CustodyInput, type CustodyRequest, type ReleaseSettlement } from './contracts/custody'

/**
 * Checks one movement before it is kept: the fields, then the chain's order, the booking in care,
 * and for a release the approved burial permit. Throws the 422 both backends answer; else the
 * input to keep. `releasedAt` is the care record's (a body released before the chain was kept
 * counts as released all the same).
 */
export function checkCustodyEvent({
  request,
  recorded,
  bookingStatus,
  releasedAt,
  docs,
}: {
  request: CustodyRequest
  recorded: ReadonlyArray<{ kind: string }>
  bookingStatus: string
  releasedAt: string | Date | null
  docs: ReadonlyArray<{ document_type: string; status: string; created_at?: string }>
}): CustodyInput {
  const checked = checkCustody(request)
  if ('errors' in checked) throw new ApiError(422, checked.message, checked.errors)
  const { input } = checked
  if (releasedAt && !recorded.some((e) => e.kind === 'released')) throw new ApiError(422, CUSTODY_MESSAGES.alreadyReleased)
  const order = custodyOrderProblem(recorded, input.kind)
  if (order === CUSTODY_MESSAGES.alreadyReleased) throw new ApiError(422, order)
  if (!inCare(bookingStatus)) throw new ApiError(422, CUSTODY_MESSAGES.notInCare)
  if (order) throw new ApiError(422, order)
  // Kenyan law: no body leaves the mortuary without an approved burial permit.
  if (input.kind === 'released' && permitStatus(docs) !== 'approved') throw new ApiError(422, CUSTODY_MESSAGES.permitNotApproved)
  return input
}

/**
 * Is there a place for a body being received? The home's cold rooms in service hold as many as
 * their places together; a body is there from its receipt until its release. Null when there is
 * room (or the home keeps no cold room on the calendar, or it is no receipt); else the 409's body
 * with what is there, unless an admin gives a reason (`overridden`: then kept as that reason).
 */
export function coldRoomCheck(args: {
  kind: string
  coldRooms: ReadonlyArray<{ kind: string; capacity: number | null; retired?: boolean }>
  /** The bodies received and not yet released. */
  inRoom: ReadonlyArray<{ booking_id: number; name: string }>
  role: string
  overrideReason: string | null | undefined
}): { refused: { message: string; capacity: number; bodies: Array<{ booking_id: number; name: string }> } } | { overridden: string } | null {
  const rooms = args.coldRooms.filter((r) => r.kind === 'cold_room' && !r.retired)
  if (args.kind !== 'received' || rooms.length === 0) return null
  const capacity = rooms.reduce((sum, r) => sum + (r.capacity ?? 1), 0)
  if (args.inRoom.length < capacity) return null
  const reason = args.overrideReason?.trim()
  if (reason && args.role === 'admin') return { overridden: reason }
  return { refused: { message: CUSTODY_MESSAGES.coldRoomFull, capacity, bodies: [...args.inRoom] } }
}

/** The activity line of a body received over a full cold room. */
export const overfullActivity = (bookingId: number, reason: string, by: string) => `Body for booking #${bookingId} received into a full cold room by ${by}: ${reason}`

/** How a settlement reads in the activity log. */
const SETTLEMENT_WORDS: Record<ReleaseSettlement, string> = { paid: 'paid', payment_plan: 'payment plan', waived: 'waived' }
/** The audit's `to` of a release with a balance due whose arrangement was not given (a caller without the form). */
export const SETTLEMENT_NOT_RECORDED = 'not_recorded'

/** The activity line of a release (with the balance due and its arrangement, if any), and the message a saved movement answers with. */
export const releaseActivity = (
  bookingId: number,
  input: Pick<CustodyInput, 'receiver_name' | 'receiver_relationship'> & Partial<Pick<CustodyInput, 'settlement' | 'settlement_reason'>>,
  by: string,
  balanceDue = 0,
) =>
  `Body for booking #${bookingId} released to ${input.receiver_name} (${input.receiver_relationship}) by ${by}` +
  (balanceDue > 0
    ? `; KSH ${balanceDue.toLocaleString('en-KE')} due: ${input.settlement ? `${SETTLEMENT_WORDS[input.settlement]} (${input.settlement_reason ?? ''})` : 'no arrangement recorded'}`
    : '')

/**
 * The booking's audit entry of a release with a balance due: `from` the balance (whole KSH), `to`
 * how it is settled (or SETTLEMENT_NOT_RECORDED), and the reason. None when nothing was owed.
 */
export function releaseAudit(input: Pick<CustodyInput, 'kind' | 'settlement' | 'settlement_reason'>, balanceDue: number): AuditEntry[] {
  if (input.kind !== 'released' || balanceDue <= 0) return []
  return [{ field: 'release', from: String(balanceDue), to: input.settlement ?? SETTLEMENT_NOT_RECORDED, reason: input.settlement ? input.settlement_reason : null }]
}
export const custodySavedMessage = (kind: string) => (kind === 'released' ? CUSTODY_MESSAGES.released : CUSTODY_MESSAGES.saved)

/** GET /bookings/:id/custody: the chain with the names and the home's contact, for the printed record. */
export function custodyRecord<E>({
  bookingId,
  deceased,
  home,
  events,
}: {
  bookingId: number
  deceased: { first_name: string; last_name: string } | undefined
  home: { facilityName: string; contactPhone: string; contactEmail: string }
  events: E[]
}) {
  return {
    booking_id: bookingId,
    deceased_first_name: deceased?.first_name ?? '',
    deceased_last_name: deceased?.last_name ?? '',
    home: { name: home.facilityName, phone: home.contactPhone || null, email: home.contactEmail || null },
    events,
  }
}
