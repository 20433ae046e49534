import { z } from 'zod/mini'
import { Id, Money, Pagination, listOf, orEmpty, orEmptyText } from './common'
import { MorgueCare } from './morgue'

export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const PAYMENT_STATUSES = ['pending', 'partial', 'paid', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const DOCUMENT_TYPES = ['death_certificate', 'burial_permit', 'contract', 'invoice', 'receipt', 'other'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  death_certificate: 'Death Certificate',
  burial_permit: 'Burial Permit',
  contract: 'Service Contract',
  invoice: 'Invoice',
  receipt: 'Payment Receipt',
  other: 'Other Document',
}
/** The documents a burial needs; a booking's required_documents lists those still missing. */
export const REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = ['death_certificate', 'burial_permit']

export const GENDERS = ['male', 'female', 'other'] as const

// ---- deceased ----
export const DeceasedRequest = z.object({
  first_name: z.string().check(z.trim(), z.minLength(1, 'First name is required')),
  last_name: z.string().check(z.trim(), z.minLength(1, 'Last name is required')),
  date_of_death: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of death is required')),
  place_of_death: z.string().check(z.trim(), z.minLength(1, 'Place of death is required')),
  gender: z.nullish(z.enum(GENDERS)),
  religion: z.nullish(z.string()),
})
export type DeceasedRequest = z.infer<typeof DeceasedRequest>

export const Deceased = z.looseObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  date_of_death: z.nullish(z.string()),
  place_of_death: z.nullish(z.string()),
  gender: z.nullish(z.string()),
  religion: z.nullish(z.string()),
})
export type Deceased = z.infer<typeof Deceased>
export const DeceasedResponse = z.union([z.pipe(z.object({ deceased: Deceased }), z.transform((o) => o.deceased)), Deceased])

// ---- bookings ----
/** The home's opening hours: services (and viewings) are held between these times, Nairobi time. */
export const SERVICE_HOURS = { from: '08:00', to: '17:00' } as const
export const MSG_SERVICE_HOURS = `Service time must be between ${SERVICE_HOURS.from} and ${SERVICE_HOURS.to}, our opening hours`
/** 'HH:mm' within the opening hours (the end included: a service may start at 17:00 sharp). */
export const withinServiceHours = (hhmm: string): boolean => hhmm >= SERVICE_HOURS.from && hhmm <= SERVICE_HOURS.to
/** The most days a per-day service (storage) is booked for at once; longer stays are arranged with the office. */
export const MAX_SERVICE_DAYS = 90
export const MSG_DAYS = `Number of days must be a whole number from 1 to ${MAX_SERVICE_DAYS}`
export const MSG_DAYS_NOT_PER_DAY = 'Only a service priced per day can be booked for more than one day'

/**
 * `scheduled_date` is '<YYYY-MM-DD>T<HH:mm>:00' (local Nairobi time, no zone). `quantity` is the
 * number of days for a service priced per day, else 1 (and may be left out).
 */
export const BookingServiceLineRequest = z.object({
  service_id: z.union([z.number(), z.string()]),
  quantity: z.optional(z.number().check(z.int(MSG_DAYS), z.gte(1, MSG_DAYS), z.lte(MAX_SERVICE_DAYS, MSG_DAYS))),
  scheduled_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/, 'scheduled_date must be YYYY-MM-DDTHH:mm:00')),
})
export const BookingRequest = z.object({
  deceased_id: z.union([z.number(), z.string()]),
  services: z.array(BookingServiceLineRequest).check(z.minLength(1, 'Please select at least one service')),
  notes: z.optional(z.string()),
  /** Where the service is held or the burial takes place (church, home, cemetery). */
  venue: z.optional(z.string()),
  /**
   * Hold the hearse and rooms the services need at the first service's time, or refuse with a 409
   * (the wizard sends it, having offered only free times). Without it the resources are held when
   * free, and the office arranges the rest.
   */
  hold: z.optional(z.boolean()),
})
export type BookingRequest = z.infer<typeof BookingRequest>

export const BookingServiceLine = z.looseObject({
  id: Id,
  service_id: z.optional(Id),
  service_name: z.string(),
  /** The service's Kiswahili name in the catalogue today; null where none is given. */
  service_name_sw: z.nullish(z.string()),
  quantity: z.catch(z.number().check(z.int(), z.positive()), 1),
  price_at_booking: Money,
  scheduled_date: z.nullish(z.string()),
  /** Priced per day (storage): charged for the days in care, not the quantity booked. */
  per_day: z.nullish(z.boolean()),
})
export type BookingServiceLine = z.infer<typeof BookingServiceLine>

/** What a line of a booking's audit trail changed: its status, its payment status, or its body's release (with the balance then due). */
export const AUDIT_FIELDS = ['status', 'payment_status', 'release'] as const
export type AuditField = (typeof AUDIT_FIELDS)[number]

/** One change of a booking's status or payment status: who, when, from, to, why. */
export const BookingAuditEntry = z.looseObject({
  at: z.string(),
  by: z.string(),
  field: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.nullish(z.string()),
})
export type BookingAuditEntry = z.infer<typeof BookingAuditEntry>

/** Storage as charged on reading: the Nairobi days from receipt to release (or today), at the daily rate. */
export const StorageCharge = z.looseObject({
  service_name: z.string(),
  from: z.string(),
  until: z.nullish(z.string()),
  in_care: z.boolean(),
  days: z.number(),
  daily_rate: Money,
  amount: Money,
  tomorrow_amount: Money,
})
export type StorageCharge = z.infer<typeof StorageCharge>

export const AssignedAttendant = z.looseObject({ id: Id, name: z.string() })

export const Booking = z.looseObject({
  id: Id,
  /** Unknown statuses are kept as sent (the client dashboard also counts 'active'). */
  status: z.string(),
  payment_status: z.string(),
  total_amount: Money,
  notes: z.nullish(z.string()),
  venue: orEmptyText,
  created_at: z.string(),
  deceased_id: z.nullish(Id),
  deceased_first_name: orEmptyText,
  deceased_last_name: orEmptyText,
  client_id: z.nullish(Id),
  client_name: z.nullish(z.string()),
  services: orEmpty(BookingServiceLine),
  required_documents: orEmpty(z.string()),
  has_notifications: z.pipe(z.nullish(z.boolean()), z.transform((v) => v ?? false)),
  assignedAttendant: z.nullish(AssignedAttendant),
  // What the morgue attendant records: preparation, transport, release.
  morgue: z.nullish(MorgueCare),
  /** Storage charged for the days in care so far; null when the booking has no per-day service. */
  storage: z.nullish(StorageCharge),
  /** Every charge read today (fixed lines plus storage so far); the booked total when the server does not say. */
  charges_to_date: z.nullish(Money),
  /** The sum of the booking's completed payments (0 when the server does not say). */
  amount_paid: z.pipe(z.nullish(Money), z.transform((v) => v ?? 0)),
  /** What the office took outside the app's payments when it marked the booking paid (absent: its booked total, while marked paid). */
  settled_outside: z.nullish(Money),
  audit: orEmpty(BookingAuditEntry),
  /** A service agreement signed and in force (null when the server does not say). Signing holds up nothing; the office sees who has not. */
  agreement_signed: z.nullish(z.boolean()),
})
export type Booking = z.infer<typeof Booking>

export const BookingList = listOf('bookings', Booking)
/** GET /bookings with `page`: one page of the admin's list and how many bookings match in all. */
export const BookingPage = z.object({ bookings: z.array(Booking), pagination: Pagination })
export const BookingResponse = z.union([z.pipe(z.object({ booking: Booking }), z.transform((o) => o.booking)), Booking])

/**
 * `reason` goes to the audit trail; `notes` (a cancellation's reason) also to the booking's notes;
 * `refund` with 'cancelled' also sets the payment status to refunded.
 */
export const BookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES),
  notes: z.optional(z.string()),
  reason: z.optional(z.string()),
  refund: z.optional(z.boolean()),
  /**
   * Why the change goes ahead although something it implies is missing (shared/bookings.ts,
   * `statusChangeGaps`); kept in the audit trail. Without it such a change is refused (422).
   */
  override_reason: z.optional(z.string()),
  /** The status the caller saw: when the booking has moved on since, the change is refused (409). */
  expected_status: z.optional(z.string()),
})
/** Marking paid with no completed payment behind it needs `reason` (a receipt number or why). */
export const BookingPaymentRequest = z.object({ payment_status: z.enum(PAYMENT_STATUSES), reason: z.optional(z.string()) })
export const MSG_PAID_NEEDS_REASON = 'A receipt number or reason is required to mark a booking paid without a completed payment'
export const AssignRequest = z.object({ attendant_id: z.union([z.number(), z.string()]) })

// ---- the API's words for bookings and deceased records (both backends answer with these) ----
export const MSG_BOOKING_NOT_FOUND = 'Booking not found'
/** The name shown for a family whose account is gone (a booking's client, a document's uploader). */
export const FORMER_CLIENT = 'Former client'
export const MSG_DECEASED_NOT_FOUND = 'Deceased record not found'
export const MSG_NOT_AN_ATTENDANT = 'The selected user is not a morgue attendant'
export const MSG_UNKNOWN_SERVICE = 'Unknown service'
export const MSG_SERVICE_TWICE = 'Service selected twice'
export const MSG_BOOKING_CREATED = 'Booking created successfully'
export const MSG_BOOKING_STATUS_UPDATED = 'Booking status updated'
export const MSG_BOOKING_PAYMENT_UPDATED = 'Payment status updated'
export const MSG_ATTENDANT_ASSIGNED = 'Attendant assigned successfully'
export const MSG_DECEASED_SAVED = 'Deceased details saved'
/** The free-text fields of a request and the label their length message names. */
export const BOOKING_TEXT_LABELS = { notes: 'Notes', venue: 'Venue' } as const
export const BOOKING_STATUS_TEXT_LABELS = { notes: 'Notes', reason: 'Reason', override_reason: 'Override reason' } as const
/** What a status change implies and the booking lacks (the 422's `errors` keys, in this order). */
export const STATUS_GAPS = ['attendant', 'preparation', 'permit', 'payment'] as const
export type StatusGap = (typeof STATUS_GAPS)[number]
export const MSG_STATUS_GAP: Record<StatusGap, string> = {
  attendant: 'No attendant is assigned',
  preparation: 'The preparation is not done',
  permit: 'The burial permit is not approved',
  payment: 'The balance is not paid',
}
/** The 422 of a change that lacks what it implies: the gaps follow, one per field. */
export const MSG_STATUS_NEEDS_OVERRIDE = 'This change needs what is missing, or an override with a reason'
/** The 409 of a change made on a booking someone else changed meanwhile. */
export const MSG_BOOKING_CHANGED = 'Someone else changed this booking meanwhile: look at it again before changing it'
export const BOOKING_PAYMENT_TEXT_LABELS = { reason: 'Reason' } as const
export const DECEASED_TEXT_LABELS = { first_name: 'First name', last_name: 'Last name', place_of_death: 'Place of death', religion: 'Religion' } as const
