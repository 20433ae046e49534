import { z } from 'zod/mini'
import { GENDERS, MAX_SERVICE_DAYS, MSG_DAYS, MSG_SERVICE_HOURS, withinServiceHours } from '../../shared/contracts/bookings'

/**
 * The booking wizard's steps and their rules (SPEC.md section 5). The same schemas guard the
 * machine's Continue and validate the TanStack forms, so the screen and the machine never disagree.
 * Rules that depend on the day take `today` ('YYYY-MM-DD' in Africa/Nairobi); ISO dates compare as text.
 */

export const BOOKING_MESSAGES = {
  selectService: 'Please select at least one service',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfDeath: 'Date of death is required',
  dateOfDeathFuture: 'Date of death cannot be in the future',
  placeOfDeath: 'Place of death is required',
  serviceDate: 'Service date is required',
  serviceDatePast: 'Service date cannot be in the past',
  serviceTime: 'Service time is required',
  serviceHours: MSG_SERVICE_HOURS,
  days: MSG_DAYS,
  venueTooLong: 'Venue must be at most 100 characters',
  created: 'Service booked successfully',
  createFailed: 'Failed to create booking',
} as const

const isoDate = /^\d{4}-\d{2}-\d{2}$/
const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/

export const GENDER_OPTIONS = GENDERS
export type Gender = (typeof GENDERS)[number]

// ---- the draft: what the family has typed so far (any step may be incomplete) ----
/** `days`: how many days of each service priced per day (storage); absent means 1. */
export const ServicesValues = z.object({ serviceIds: z.array(z.string()), days: z.optional(z.record(z.string(), z.number())) })
export type ServicesValues = z.infer<typeof ServicesValues>

export const DeceasedValues = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfDeath: z.string(),
  placeOfDeath: z.string(),
  /** '' = not given (gender is optional). */
  gender: z.union([z.enum(GENDERS), z.literal('')]),
  religion: z.string(),
})
export type DeceasedValues = z.infer<typeof DeceasedValues>

export const ScheduleValues = z.object({
  date: z.string(),
  time: z.string(),
  /** Optional so a draft saved before it was asked still reads back whole. */
  venue: z.optional(z.string()),
  specialRequests: z.string(),
})
export type ScheduleValues = z.infer<typeof ScheduleValues>

/** The shape of a draft (no rules): used to read a saved draft back safely. */
export const BookingDraft = z.object({
  services: ServicesValues,
  deceased: DeceasedValues,
  schedule: ScheduleValues,
})
export type BookingDraft = z.infer<typeof BookingDraft>

export const emptyDraft = (): BookingDraft => ({
  services: { serviceIds: [] },
  deceased: { firstName: '', lastName: '', dateOfDeath: '', placeOfDeath: '', gender: '', religion: '' },
  schedule: { date: '', time: '', venue: '', specialRequests: '' },
})

// ---- the rules of each step ----
/** Step 1: at least one service. */
export const servicesSchema = z.object({
  serviceIds: z.array(z.string()).check(z.minLength(1, BOOKING_MESSAGES.selectService)),
  days: z.optional(z.record(z.string(), z.number().check(z.int(MSG_DAYS), z.gte(1, MSG_DAYS), z.lte(MAX_SERVICE_DAYS, MSG_DAYS)))),
})

/** Step 2: names, date of death (not after today), place; gender and religion optional. */
export function deceasedSchema(today: string) {
  return z.object({
    firstName: z.string().check(z.trim(), z.minLength(1, BOOKING_MESSAGES.firstName)),
    lastName: z.string().check(z.trim(), z.minLength(1, BOOKING_MESSAGES.lastName)),
    dateOfDeath: z
      .string()
      .check(
        z.regex(isoDate, { message: BOOKING_MESSAGES.dateOfDeath, abort: true }),
        z.refine((d) => d <= today, BOOKING_MESSAGES.dateOfDeathFuture),
      ),
    placeOfDeath: z.string().check(z.trim(), z.minLength(1, BOOKING_MESSAGES.placeOfDeath)),
    gender: z.union([z.enum(GENDERS), z.literal('')]),
    religion: z.string(),
  })
}

/** Step 3: date (not before today) and time; special requests optional. */
export function scheduleSchema(today: string) {
  return z.object({
    date: z
      .string()
      .check(
        z.regex(isoDate, { message: BOOKING_MESSAGES.serviceDate, abort: true }),
        z.refine((d) => d >= today, BOOKING_MESSAGES.serviceDatePast),
      ),
    time: z
      .string()
      .check(z.regex(clockTime, { message: BOOKING_MESSAGES.serviceTime, abort: true }), z.refine(withinServiceHours, BOOKING_MESSAGES.serviceHours)),
    venue: z.string().check(z.maxLength(100, BOOKING_MESSAGES.venueTooLong)),
    specialRequests: z.string(),
  })
}

export const STEPS = [
  { id: 'selectServices', title: 'Select Services' },
  { id: 'deceasedDetails', title: 'About your loved one' },
  { id: 'scheduleService', title: 'Schedule Service' },
  { id: 'review', title: 'Review & Confirm' },
] as const
export type StepId = (typeof STEPS)[number]['id']
/** 0..3 */
export type StepIndex = 0 | 1 | 2 | 3

/** Whether the step's part of the draft passes its rules. */
export function stepIsValid(step: StepIndex, draft: BookingDraft, today: string): boolean {
  switch (step) {
    case 0:
      return servicesSchema.safeParse(draft.services).success
    case 1:
      return deceasedSchema(today).safeParse(draft.deceased).success
    case 2:
      return scheduleSchema(today).safeParse({ ...draft.schedule, venue: draft.schedule.venue ?? '' }).success
    case 3:
      return true
  }
}

/** The first step whose rules fail, or null when the whole draft is ready to confirm. */
export function firstInvalidStep(draft: BookingDraft, today: string): StepIndex | null {
  for (const step of [0, 1, 2] as const) if (!stepIsValid(step, draft, today)) return step
  return null
}

/** True when nothing has been typed or chosen yet. */
export function isDraftEmpty(draft: BookingDraft): boolean {
  const empty = emptyDraft()
  return (
    draft.services.serviceIds.length === 0 &&
    (Object.keys(empty.deceased) as (keyof DeceasedValues)[]).every((k) => draft.deceased[k].trim() === '') &&
    (Object.keys(empty.schedule) as (keyof ScheduleValues)[]).every((k) => (draft.schedule[k] ?? '').trim() === '')
  )
}

/** Days booked of a service: the family's number for one priced per day, else 1. */
export function daysOf(services: Pick<ServicesValues, 'days'>, id: string): number {
  return services.days?.[id] ?? 1
}

/** The sum of the chosen services' prices, a service priced per day times its days (the server agrees). */
export function draftTotal(
  serviceIds: readonly string[],
  services: readonly { id: string; price: number; per_day?: boolean }[],
  days: ServicesValues['days'] = undefined,
): number {
  return services.filter((s) => serviceIds.includes(s.id)).reduce((sum, s) => sum + s.price * (s.per_day ? (days?.[s.id] ?? 1) : 1), 0)
}
