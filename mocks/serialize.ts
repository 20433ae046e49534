/** Database records → wire objects (snake_case, SPEC.md section 3). */
import { db } from './db'
import type { BookingRecord, DeceasedRecord, DocumentRecord, PaymentRecord, ServiceRecord, UserRecord } from './db'
import { amountDue as amountDueOf, missingDocuments as missingOf } from '../shared/rules'
import { wireBooking } from '../shared/wire'
import { FORMER_CLIENT } from '../shared/contracts/bookings'
import { amountDueNow } from '../shared/urgency'

export interface WireUser {
  id: number
  name: string
  email: string
  role: UserRecord['role']
  phone: string | null
  address: string | null
  created_at: string
  sms_notifications: boolean
  language: 'en' | 'sw' | null
  /** Only when set (absent: no). */
  must_change_password?: true
}

export function toWireUser(u: UserRecord): WireUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role, phone: u.phone, address: u.address, created_at: u.created_at, sms_notifications: u.sms_notifications ?? true, language: u.language ?? null, ...(u.must_change_password ? { must_change_password: true as const } : {}) }
}

export function toWireService(s: ServiceRecord) {
  return { id: s.id, name: s.name, description: s.description, price: s.price, category: s.category, per_day: s.per_day ?? false, name_sw: s.name_sw ?? null, description_sw: s.description_sw ?? null, created_at: s.created_at, pricing_key: s.pricing_key }
}

export function toWireDeceased(d: DeceasedRecord) {
  return {
    id: d.id,
    first_name: d.first_name,
    last_name: d.last_name,
    date_of_death: d.date_of_death,
    place_of_death: d.place_of_death,
    gender: d.gender,
    religion: d.religion,
    client_id: d.client_id,
    created_at: d.created_at,
  }
}

/**
 * What a booking still needs (`required_documents`): for an open booking (not cancelled, not
 * completed), each required type (death certificate, burial permit) without an *approved* document.
 * A pending or rejected upload still counts as needed until the home approves one.
 */
export function missingDocuments(bookingId: number): string[] {
  const booking = db.booking.findFirst((q) => q.where({ id: bookingId }))
  if (!booking) return []
  return missingOf(booking.status, db.document.findMany((q) => q.where({ booking_id: bookingId })))
}

export function toWireDocument(d: DocumentRecord) {
  const booking = d.booking_id === null ? undefined : db.booking.findFirst((q) => q.where({ id: d.booking_id as number }))
  const deceased = booking ? db.deceased.findFirst((q) => q.where({ id: booking.deceased_id })) : undefined
  return {
    id: d.id,
    name: d.name,
    document_type: d.document_type,
    description: d.description,
    file_path: d.file_path,
    status: d.status,
    review_notes: d.review_notes,
    created_at: d.created_at,
    uploaded_by_name: userName(d.uploaded_by) ?? FORMER_CLIENT,
    booking_id: d.booking_id,
    deceased_first_name: deceased?.first_name ?? null,
    deceased_last_name: deceased?.last_name ?? null,
    mime_type: d.mime_type,
    size: d.size,
  }
}

/** What is still to pay for a booking: its total less its completed payments, never below 0. */
export function amountDue(b: Pick<BookingRecord, 'id' | 'total_amount'>): number {
  return amountDueOf(b.total_amount, db.payment.findMany((q) => q.where({ booking_id: b.id })))
}

/** What the family owes today as the invoice has it: charges to date (storage for the days in care so far) less all paid. */
export function amountDueToday(b: BookingRecord): number {
  return amountDueNow(toWireBooking(b))
}

export function userName(id: number | null): string | null {
  if (id === null) return null
  return db.user.findFirst((q) => q.where({ id }))?.name ?? null
}

export function toWireBooking(b: BookingRecord) {
  const deceased = db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))
  const client = db.user.findFirst((q) => q.where({ id: b.client_id }))
  return wireBooking({
    booking: b,
    deceased: deceased ?? null,
    client: client ?? null,
    attendantName: userName(b.attendant_id),
    lines: b.lines.map((l) => {
      const service = db.service.findFirst((q) => q.where({ id: l.service_id }))
      return { ...l, per_day: service?.per_day ?? false, service_name_sw: service?.name_sw ?? null }
    }),
    docs: db.document.findMany((q) => q.where({ booking_id: b.id })),
    care: db.morgueCare.findFirst((q) => q.where({ booking_id: b.id })) ?? null,
    amountPaid: amountPaid(b.id),
    paidWhenMarkedPaid: paidWhenMarkedPaid(b.id),
    agreementSigned: db.serviceAgreement.findMany((q) => q.where({ booking_id: b.id })).some((r) => !r.voided_at),
    audit: db.bookingAudit
      .findMany((q) => q.where({ booking_id: b.id }))
      .sort((x, y) => x.at.localeCompare(y.at) || x.id - y.id)
      .map((a) => ({ at: a.at, by: a.by_name, field: a.field, from: a.from, to: a.to, reason: a.reason })),
  })
}

/** The completed payments up to the office's latest marking of the booking as paid (null: never marked so). */
function paidWhenMarkedPaid(bookingId: number): number | null {
  const marked = db.bookingAudit
    .findMany((q) => q.where({ booking_id: bookingId }))
    .filter((a) => a.field === 'payment_status' && a.to === 'paid')
    .map((a) => a.at)
    .sort()
    .at(-1)
  if (marked === undefined) return null
  const when = Date.parse(marked)
  return db.payment
    .findMany((q) => q.where({ booking_id: bookingId, status: 'completed' }))
    .filter((p) => Date.parse(p.payment_date) <= when)
    .reduce((sum, p) => sum + p.amount, 0)
}

/** The sum of a booking's completed payments. */
export function amountPaid(bookingId: number): number {
  return db.payment.findMany((q) => q.where({ booking_id: bookingId, status: 'completed' })).reduce((sum, p) => sum + p.amount, 0)
}

export function toWirePayment(p: PaymentRecord) {
  return {
    id: p.id,
    booking_id: p.booking_id,
    transaction_id: p.transaction_id,
    payment_method: p.payment_method,
    status: p.status,
    amount: p.amount,
    payment_date: p.payment_date,
    phone: p.phone,
    description: p.result_desc,
    contributor_name: p.contributor_name ?? null,
  }
}

export function byNewest<T extends { created_at: string; id: number }>(a: T, b: T): number {
  return b.created_at.localeCompare(a.created_at) || b.id - a.id
}
