import { z } from 'zod/mini'
import { Id, orEmpty, orNull } from './common'

/** The preparation checklist of a body in the attendant's care, in the order the work is done. */
export const PREP_TASKS = ['received', 'washed', 'embalmed', 'dressed', 'casketed', 'ready_for_viewing'] as const
export type PrepTask = (typeof PREP_TASKS)[number]

export const TRANSPORT_STATUSES = ['scheduled', 'departed', 'delivered'] as const
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number]

export const PERMIT_STATUSES = ['approved', 'pending', 'rejected', 'missing'] as const
export type PermitStatus = (typeof PERMIT_STATUSES)[number]

/** A document of the booking as the attendant sees it (read-only). */
export const MorgueDocument = z.looseObject({
  id: Id,
  name: z.string(),
  document_type: z.string(),
  status: z.string(),
  /** The office's reason when it rejected the document. */
  review_notes: z.nullish(z.string()),
  created_at: z.string(),
  mime_type: z.nullish(z.string()),
  size: z.nullish(z.number()),
})
export type MorgueDocument = z.infer<typeof MorgueDocument>

/**
 * The morgue's side of a booking (an addition to SPEC.md's booking): when the body came in, the
 * ticked preparation tasks, the transfer to the service, the release, and what the attendant needs
 * to know (date and place of death, family phone, burial permit).
 */
export const MorgueCare = z.looseObject({
  received_at: z.string(),
  tasks: z.catch(z.array(z.string()), []),
  transport_status: z.catch(z.enum(TRANSPORT_STATUSES), 'scheduled'),
  released_at: orNull(z.string()),
  /** Where the body is collected for the transfer, when the attendant gave it; null: the usual place. */
  pickup_location: orNull(z.string()),
  date_of_death: orNull(z.string()),
  place_of_death: orNull(z.string()),
  client_phone: orNull(z.string()),
  burial_permit: z.catch(z.enum(PERMIT_STATUSES), 'missing'),
  documents: orEmpty(MorgueDocument),
})
export type MorgueCare = z.infer<typeof MorgueCare>

// ---- requests ----
export const TasksRequest = z.object({ tasks: z.array(z.enum(PREP_TASKS)) })
export type TasksRequest = z.infer<typeof TasksRequest>
export const TransportRequest = z.object({ transport_status: z.enum(['departed', 'delivered']) })
export type TransportRequest = z.infer<typeof TransportRequest>
/** Empty text puts the pickup back to the usual place. */
export const PickupRequest = z.object({ pickup_location: z.string() })
export type PickupRequest = z.infer<typeof PickupRequest>

// ---- the API's words for the morgue's side of a booking ----
export const MSG_NOT_IN_CARE = "This booking is not in the morgue's care"
export const MSG_TASKS_SAVED = 'Preparation tasks updated'
export const MSG_NOT_RELEASED = 'Release the body before the transfer departs'
export const MSG_NOT_DEPARTED = 'The transfer has not departed yet'
export const MSG_PICKUP_SAVED = 'Pickup place updated'
export const MSG_ALREADY_LEFT = 'The transfer has already left'
export const MSG_TRANSFER_DEPARTED = 'Transfer marked as departed'
export const MSG_TRANSFER_DELIVERED = 'Transfer marked as delivered'
export const PICKUP_TEXT_LABELS = { pickup_location: 'Pickup' } as const
