/**
 * A booking as the app reads it (SPEC.md section 3 plus `required_documents`, `assignedAttendant`
 * and the morgue's side), built from plain parts: the mock gathers them from its collections, the
 * server from one query. One definition, so the two answers cannot drift apart.
 */
import { missingDocuments, permitStatus } from './rules'
import { FORMER_CLIENT } from './contracts/bookings'
import { bookingCharges } from './storage-charge'
import { settledOutside } from './urgency'

export interface BookingParts {
  booking: {
    id: number
    status: string
    payment_status: string
    total_amount: number
    notes: string | null
    /** Absent on a mock booking made before the venue was asked. */
    venue?: string | null
    created_at: string
    deceased_id: number
    client_id: number
    has_notifications: boolean
    attendant_id: number | null
  }
  deceased: { first_name: string; last_name: string; date_of_death: string; place_of_death: string } | null
  client: { name: string; phone: string | null } | null
  attendantName: string | null
  /** `per_day`: the line's service is priced per day (storage, charged for the days in care). */
  lines: ReadonlyArray<{ id: number; service_id: number; service_name: string; quantity: number; price_at_booking: number; scheduled_date: string; per_day?: boolean | null; service_name_sw?: string | null }>
  docs: ReadonlyArray<{ id: number; name: string; document_type: string; status: string; review_notes?: string | null; created_at: string; mime_type: string; size: number }>
  /** The care record; null when none was made yet (the body counts as received when the booking was made). */
  care: { received_at: string; tasks: readonly string[]; transport_status: string; released_at: string | null; pickup_location?: string | null } | null
  /** The sum of the booking's completed payments (the app reads 0 when absent). */
  amountPaid?: number
  /** Who changed the status or payment status, when, from what, to what and why (oldest first). */
  audit?: ReadonlyArray<{ at: string; by: string; field: string; from: string; to: string; reason: string | null }>
  /** Whether a service agreement is signed and in force (the office marks the bookings not signed). */
  agreementSigned?: boolean
  /** The completed payments up to the office's latest marking of the booking as paid (null: never marked so). */
  paidWhenMarkedPaid?: number | null
  /** The reading's instant: storage is charged up to its Nairobi day. */
  now?: Date
}

export function wireBooking({ booking: b, deceased, client, attendantName, lines, docs, care, amountPaid, audit, agreementSigned, paidWhenMarkedPaid = null, now = new Date() }: BookingParts) {
  const charges = bookingCharges({ lines, receivedAt: care?.received_at ?? b.created_at, releasedAt: care?.released_at ?? null, now })
  return {
    id: b.id,
    status: b.status,
    payment_status: b.payment_status,
    total_amount: b.total_amount,
    notes: b.notes,
    venue: b.venue ?? '',
    created_at: b.created_at,
    deceased_id: b.deceased_id,
    deceased_first_name: deceased?.first_name ?? '',
    deceased_last_name: deceased?.last_name ?? '',
    client_id: b.client_id,
    client_name: client?.name ?? FORMER_CLIENT,
    services: lines.map((l) => ({ id: l.id, service_id: l.service_id, service_name: l.service_name, quantity: l.quantity, price_at_booking: l.price_at_booking, scheduled_date: l.scheduled_date, per_day: l.per_day ?? false, service_name_sw: l.service_name_sw ?? null })),
    required_documents: missingDocuments(b.status, docs),
    has_notifications: b.has_notifications,
    assignedAttendant: b.attendant_id !== null && attendantName !== null ? { id: b.attendant_id, name: attendantName } : null,
    morgue: {
      received_at: care?.received_at ?? b.created_at,
      tasks: [...(care?.tasks ?? [])],
      transport_status: care?.transport_status ?? 'scheduled',
      released_at: care?.released_at ?? null,
      /** Where the body is collected for the transfer, when the attendant gave it (else the app's rule). */
      pickup_location: care?.pickup_location ?? null,
      date_of_death: deceased?.date_of_death ?? null,
      place_of_death: deceased?.place_of_death ?? null,
      client_phone: client?.phone ?? null,
      burial_permit: permitStatus(docs),
      documents: docs.map((d) => ({ id: d.id, name: d.name, document_type: d.document_type, status: d.status, review_notes: d.review_notes ?? null, created_at: d.created_at, mime_type: d.mime_type, size: d.size })),
    },
    /** Storage for the days in care so far (null: no per-day service), and every charge read today. */
    storage: charges.storage,
    charges_to_date: charges.charges_to_date,
    ...(amountPaid === undefined ? {} : { amount_paid: amountPaid }),
    // What the office took outside the app when it marked the booking paid: known with the payments and the trail.
    ...(amountPaid === undefined || audit === undefined
      ? {}
      : { settled_outside: settledOutside({ payment_status: b.payment_status, total_amount: b.total_amount, amount_paid: amountPaid, audit }, paidWhenMarkedPaid) }),
    ...(audit === undefined ? {} : { audit: [...audit] }),
    ...(agreementSigned === undefined ? {} : { agreement_signed: agreementSigned }),
  }
}
