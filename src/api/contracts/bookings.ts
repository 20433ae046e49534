import { z } from 'zod'
import { Id, Money, listOf } from './common'
import { MorgueCare } from './morgue' // morgue

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
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  date_of_death: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of death is required'),
  place_of_death: z.string().trim().min(1, 'Place of death is required'),
  gender: z.enum(GENDERS).nullish(),
  religion: z.string().nullish(),
})
export type DeceasedRequest = z.infer<typeof DeceasedRequest>

export const Deceased = z
  .object({
    id: Id,
    first_name: z.string(),
    last_name: z.string(),
    date_of_death: z.string().nullish(),
    place_of_death: z.string().nullish(),
    gender: z.string().nullish(),
    religion: z.string().nullish(),
  })
  .passthrough()
export type Deceased = z.infer<typeof Deceased>
export const DeceasedResponse = z.union([z.object({ deceased: Deceased }).transform((o) => o.deceased), Deceased])

// ---- bookings ----
/** `scheduled_date` is '<YYYY-MM-DD>T<HH:mm>:00' (local Nairobi time, no zone). */
export const BookingServiceLineRequest = z.object({
  service_id: z.union([z.number(), z.string()]),
  quantity: z.literal(1),
  scheduled_date: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/, 'scheduled_date must be YYYY-MM-DDTHH:mm:00'),
})
export const BookingRequest = z.object({
  deceased_id: z.union([z.number(), z.string()]),
  services: z.array(BookingServiceLineRequest).min(1, 'Please select at least one service'),
  notes: z.string().optional(),
})
export type BookingRequest = z.infer<typeof BookingRequest>

export const BookingServiceLine = z
  .object({
    id: Id,
    service_id: Id.optional(),
    service_name: z.string(),
    quantity: z.number().int().positive().catch(1),
    price_at_booking: Money,
    scheduled_date: z.string().nullish(),
  })
  .passthrough()
export type BookingServiceLine = z.infer<typeof BookingServiceLine>

export const AssignedAttendant = z.object({ id: Id, name: z.string() }).passthrough()

export const Booking = z
  .object({
    id: Id,
    /** Unknown statuses are kept as sent (the client dashboard also counts 'active'). */
    status: z.string(),
    payment_status: z.string(),
    total_amount: Money,
    notes: z.string().nullish(),
    created_at: z.string(),
    deceased_id: Id.nullish(),
    deceased_first_name: z.string().nullish().transform((v) => v ?? ''),
    deceased_last_name: z.string().nullish().transform((v) => v ?? ''),
    client_id: Id.nullish(),
    client_name: z.string().nullish(),
    services: z.array(BookingServiceLine).nullish().transform((v) => v ?? []),
    required_documents: z.array(z.string()).nullish().transform((v) => v ?? []),
    has_notifications: z.boolean().nullish().transform((v) => v ?? false),
    assignedAttendant: AssignedAttendant.nullish(),
    morgue: MorgueCare.nullish(), // morgue: preparation, transport, release (issue 10)
  })
  .passthrough()
export type Booking = z.infer<typeof Booking>

export const BookingList = listOf('bookings', Booking)
export const BookingResponse = z.union([z.object({ booking: Booking }).transform((o) => o.booking), Booking])

export const BookingStatusRequest = z.object({ status: z.enum(BOOKING_STATUSES), notes: z.string().optional() })
export const BookingPaymentRequest = z.object({ payment_status: z.enum(PAYMENT_STATUSES) })
export const AssignRequest = z.object({ attendant_id: z.union([z.number(), z.string()]) })
