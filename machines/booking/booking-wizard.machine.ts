import { assertEvent, assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import type { Booking, BookingRequest, DeceasedRequest } from '../../shared/contracts/bookings'
import type { QuotationDraftRequest } from '../../shared/contracts/papers'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOnForm } from '../shared/failure'
import {
  BOOKING_MESSAGES,
  emptyDraft,
  firstInvalidStep,
  isDraftEmpty,
  stepIsValid,
  type BookingDraft,
  daysOf,
  type DeceasedValues,
  type ScheduleValues,
  type ServicesValues,
  type StepIndex,
} from './booking-schemas'

/**
 * The family's booking wizard (SPEC.md sections 2, 4, 5): four steps, Continue only when the step
 * validates, Back keeps everything, Confirm creates the deceased and then the booking. A failure
 * after the deceased was created keeps its id, so a retry creates only the booking.
 *
 * Pure: no fetch, no storage. The screen saves `savedWizard(snapshot)` wherever it likes and gives it
 * back as `input.restored`; the day's date comes from the `today` the machine is made with, so tests
 * choose "today".
 */

/** What is worth keeping between visits (a reload, a sign-out and back in). */
export interface SavedWizard {
  step: StepIndex
  draft: BookingDraft
  /** The deceased record already created for this draft (a booking failed after it). */
  deceasedId: string | null
}

export interface WizardInput {
  restored?: SavedWizard | null
}

export interface DraftChanges {
  services?: ServicesValues
  deceased?: Partial<DeceasedValues>
  schedule?: Partial<ScheduleValues>
}

export interface WizardContext {
  draft: BookingDraft
  deceasedId: string | null
  /** The last confirm's failure, shown on the review step. */
  error: string | null
  booking: Booking | null
  /** True when the wizard started from a saved, non-empty draft. */
  restored: boolean
  /** Where a restored wizard would like to resume (it resumes there only if the steps before validate). */
  resumeAt: StepIndex
}

export type WizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.update'; changes: DraftChanges }
  /** Jump back to an earlier step from the review (e.g. "Edit"). */
  | { type: 'wizard.goTo'; step: 0 | 1 | 2 }
  | { type: 'wizard.confirm' }
  | { type: 'wizard.discard' }
  /** The services on offer now: a restored draft drops any that no longer exist. */
  | { type: 'wizard.servicesAvailable'; serviceIds: string[] }
  /** Booked: the family signed the agreement, or closed it to sign later from the booking page. */
  | { type: 'wizard.agreementClosed' }

export interface CreatedDeceased {
  id: string
}

/** A wire id: numeric ids go back as numbers, as the server sent them. */
function wireId(id: string): string | number {
  return /^\d+$/.test(id) ? Number(id) : id
}

/** POST /deceased body from the draft (blank optional fields become null). */
export function toDeceasedRequest(draft: BookingDraft): DeceasedRequest {
  const d = draft.deceased
  return {
    first_name: d.firstName.trim(),
    last_name: d.lastName.trim(),
    date_of_death: d.dateOfDeath,
    place_of_death: d.placeOfDeath.trim(),
    gender: d.gender === '' ? null : d.gender,
    religion: d.religion.trim() === '' ? null : d.religion.trim(),
  }
}

/**
 * POST /bookings body: each service once, at '<date>T<time>:00', with its days when the family
 * gave some (the server refuses days for a service not priced per day); the venue; special
 * requests as notes; the hearse and rooms its services need held at that time.
 */
export function toBookingRequest(draft: BookingDraft, deceasedId: string): BookingRequest {
  const scheduled = `${draft.schedule.date}T${draft.schedule.time}:00`
  const notes = draft.schedule.specialRequests.trim()
  const venue = (draft.schedule.venue ?? '').trim()
  return {
    deceased_id: wireId(deceasedId),
    services: draft.services.serviceIds.map((id) => ({ service_id: wireId(id), quantity: daysOf(draft.services, id), scheduled_date: scheduled })),
    ...(venue ? { venue } : {}),
    ...(notes ? { notes } : {}),
    // The family was offered free times only: the booking holds its hearse and rooms, or is refused.
    hold: true,
  }
}

/** POST /bookings/quotation body: the booking's own, the deceased named as typed (they may not be recorded yet). */
export function toQuotationRequest(draft: BookingDraft): QuotationDraftRequest {
  const { deceased_id: _unread, hold: _notHeld, ...booking } = toBookingRequest(draft, '')
  return { ...booking, deceased_name: `${draft.deceased.firstName.trim()} ${draft.deceased.lastName.trim()}`.trim() }
}

function sameValues<T extends object>(current: T, changes: Partial<T>): boolean {
  return (Object.keys(changes) as (keyof T)[]).every((k) => changes[k] === undefined || changes[k] === current[k])
}

function merge(draft: BookingDraft, changes: DraftChanges): BookingDraft {
  return {
    // The days of a service priced per day travel with the choice (the total and the booking's quantity).
    services: changes.services ? servicesValues(changes.services.serviceIds, changes.services.days) : draft.services,
    deceased: changes.deceased ? { ...draft.deceased, ...stripUndefined(changes.deceased) } : draft.deceased,
    schedule: changes.schedule ? { ...draft.schedule, ...stripUndefined(changes.schedule) } : draft.schedule,
  }
}

/** The chosen services, with the days of those among them that have any (none for the others). */
function servicesValues(serviceIds: readonly string[], days: ServicesValues['days']): ServicesValues {
  const kept = Object.entries(days ?? {}).filter(([id]) => serviceIds.includes(id))
  return kept.length > 0 ? { serviceIds: [...serviceIds], days: Object.fromEntries(kept) } : { serviceIds: [...serviceIds] }
}

function stripUndefined<T extends object>(o: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The first step that fails its rules; the schedule step when all pass (only the review is after it). */
function firstEditableInvalidStep(draft: BookingDraft, today: string): 0 | 1 | 2 {
  const step = firstInvalidStep(draft, today)
  return step === 0 || step === 1 ? step : 2
}

/** From the review (Edit) or after a failed check: to the step asked for. */
const GO_TO_STEP = [
  { guard: { type: 'goingTo', params: { step: 0 } }, target: 'selectServices', actions: 'clearError' },
  { guard: { type: 'goingTo', params: { step: 1 } }, target: 'deceasedDetails', actions: 'clearError' },
  { target: 'scheduleService', actions: 'clearError' },
] as const

const resumeGuard = (step: StepIndex) => ({ type: 'canResumeAt', params: { step } }) as const

/**
 * The wizard, judging dates against `today` (Africa/Nairobi, 'YYYY-MM-DD'), asked afresh at each
 * check so a draft left open past midnight is judged by the new day. The clock stays in this closure,
 * not in context, so the context is plain data (saved, restored, inspected).
 */
export function createBookingWizardMachine(today: () => string) {
  return setup({
    types: {
      context: {} as WizardContext,
      events: {} as WizardEvent,
      input: {} as WizardInput,
      emitted: {} as NotifyEvent,
      output: {} as Booking | null,
    },
    actors: {
      createDeceased: fromPromise<CreatedDeceased, DeceasedRequest>(async () => {
        throw new Error('createDeceased actor not provided')
      }),
      createBooking: fromPromise<Booking, BookingRequest>(async () => {
        throw new Error('createBooking actor not provided')
      }),
    },
    guards: {
      servicesValid: ({ context }) => stepIsValid(0, context.draft, today()),
      deceasedValid: ({ context }) => stepIsValid(1, context.draft, today()),
      scheduleValid: ({ context }) => stepIsValid(2, context.draft, today()),
      draftInvalid: ({ context }) => firstInvalidStep(context.draft, today()) !== null,
      hasDeceased: ({ context }) => context.deceasedId !== null,
      canResumeAt: ({ context }, params: { step: StepIndex }) => {
        if (context.resumeAt < params.step) return false
        for (let s = 0; s < params.step; s++) if (!stepIsValid(s as StepIndex, context.draft, today())) return false
        return true
      },
      /** A `wizard.goTo` to this step. */
      goingTo: ({ event }, params: { step: 0 | 1 }) => event.type === 'wizard.goTo' && event.step === params.step,
    },
    actions: {
      /** A confirm that failed: its message on the review step and as a toast; the draft is untouched. */
      fail: recordFailure<WizardContext, WizardEvent>('error'),
      /** Back to the first step that no longer validates, worked out once. */
      goToFirstInvalidStep: raise(({ context }) => ({ type: 'wizard.goTo' as const, step: firstEditableInvalidStep(context.draft, today()) })),
      applyChanges: assign(({ context, event }) => {
        assertEvent(event, 'wizard.update')
        const draft = merge(context.draft, event.changes)
        // Details changed after the deceased record was made: the booking must carry what is shown now.
        const deceasedChanged = event.changes.deceased !== undefined && !sameValues(context.draft.deceased, event.changes.deceased)
        return { draft, error: null, deceasedId: deceasedChanged ? null : context.deceasedId }
      }),
      clearDraft: assign({ draft: () => emptyDraft(), deceasedId: null, error: null, restored: false, resumeAt: 0 as StepIndex }),
      clearError: assign({ error: null }),
      dropUnavailableServices: assign(({ context, event }) => {
        assertEvent(event, 'wizard.servicesAvailable')
        const kept = context.draft.services.serviceIds.filter((id) => event.serviceIds.includes(id))
        if (kept.length === context.draft.services.serviceIds.length) return {}
        return { draft: { ...context.draft, services: servicesValues(kept, context.draft.services.days) } }
      }),
    },
  }).createMachine({
    id: 'bookingWizard',
    description: 'Book a service in four steps: services, the deceased, the schedule, review and confirm.',
    context: ({ input }) => {
      const restored = input.restored ?? null
      const draft = restored?.draft ?? emptyDraft()
      return {
        draft,
        deceasedId: restored?.deceasedId ?? null,
        error: null,
        booking: null,
        restored: restored !== null && !isDraftEmpty(draft),
        resumeAt: restored?.step ?? 0,
      }
    },
    initial: 'resuming',
    states: {
      resuming: {
        description: 'Pick the step to show: a saved draft resumes where it was left, as far as its earlier steps still validate.',
        always: [
          { guard: resumeGuard(3), target: 'editing.review' },
          { guard: resumeGuard(2), target: 'editing.scheduleService' },
          { guard: resumeGuard(1), target: 'editing.deceasedDetails' },
          { target: 'editing.selectServices' },
        ],
      },
      editing: {
        description: 'The family fills in the steps; every change is kept, whichever way they move.',
        initial: 'selectServices',
        on: {
          'wizard.update': { actions: 'applyChanges' },
          'wizard.discard': { target: '.selectServices', actions: 'clearDraft' },
          'wizard.servicesAvailable': { actions: 'dropUnavailableServices' },
        },
        states: {
          selectServices: {
            description: 'Step 1: choose one or more services; the running total is the sum of their prices.',
            on: { 'wizard.next': { guard: 'servicesValid', target: 'deceasedDetails' } },
          },
          deceasedDetails: {
            description: 'Step 2: who has died: names, date (not after today) and place of death; gender and religion optional.',
            on: {
              'wizard.next': { guard: 'deceasedValid', target: 'scheduleService' },
              'wizard.back': 'selectServices',
            },
          },
          scheduleService: {
            description: 'Step 3: the service date (not before today) and time, and any special requests.',
            on: {
              'wizard.next': { guard: 'scheduleValid', target: 'review' },
              'wizard.back': 'deceasedDetails',
            },
          },
          review: {
            id: 'review',
            description: 'Step 4: everything chosen and the total; Confirm Booking sends it. A failed confirm returns here with its message.',
            on: {
              'wizard.back': { target: 'scheduleService', actions: 'clearError' },
              'wizard.goTo': GO_TO_STEP,
              'wizard.confirm': [
                // E.g. the service date was today when chosen and the clock passed midnight: fix that step first.
                { guard: 'draftInvalid', target: 'fixing' },
                { guard: 'hasDeceased', target: '#bookingWizard.submitting.creatingBooking' },
                { target: '#bookingWizard.submitting.creatingDeceased' },
              ],
            },
          },
          fixing: {
            description: 'Back to the first step that no longer validates.',
            entry: 'goToFirstInvalidStep',
            on: { 'wizard.goTo': GO_TO_STEP },
          },
        },
      },
      submitting: {
        description: 'Confirm: create the deceased (unless already created for this draft), then the booking. Nothing can be edited meanwhile.',
        tags: ['loading'],
        entry: 'clearError',
        initial: 'creatingDeceased',
        states: {
          creatingDeceased: {
            description: 'POST /deceased with step 2.',
            invoke: {
              src: 'createDeceased',
              input: ({ context }) => toDeceasedRequest(context.draft),
              onDone: { target: 'creatingBooking', actions: assign({ deceasedId: ({ event }) => event.output.id }) },
              onError: { target: '#review', actions: { type: 'fail', params: serverMessageOnForm(BOOKING_MESSAGES.createFailed) } },
            },
          },
          creatingBooking: {
            description: 'POST /bookings for the created deceased; on failure the deceased id is kept for the retry.',
            invoke: {
              src: 'createBooking',
              input: ({ context }) => toBookingRequest(context.draft, context.deceasedId ?? ''),
              onDone: {
                target: '#bookingWizard.signingAgreement',
                actions: assign({ booking: ({ event }) => event.output }),
              },
              onError: { target: '#review', actions: { type: 'fail', params: serverMessageOnForm(BOOKING_MESSAGES.createFailed) } },
            },
          },
        },
      },
      signingAgreement: {
        description:
          'Booked, the draft finished with: the family is led to read and sign the service agreement, or leaves it to sign later from the booking page (signing holds up nothing).',
        tags: ['loading'],
        // The dialog says the booking is made; the toast says it once the family is on the booking page, not over the dialog.
        on: { 'wizard.agreementClosed': { target: 'done', actions: emit(notify('success', BOOKING_MESSAGES.created)) } },
      },
      done: {
        description: 'Booked: the screen shows the new booking.',
        type: 'final',
      },
    },
    output: ({ context }) => context.booking,
  })
}

export type BookingWizardMachine = ReturnType<typeof createBookingWizardMachine>
export type BookingWizardSnapshot = SnapshotFrom<BookingWizardMachine>

/** The step (0-3) the snapshot shows; submitting and done show the review. */
export function stepOf(snapshot: BookingWizardSnapshot): StepIndex {
  if (snapshot.matches({ editing: 'selectServices' })) return 0
  if (snapshot.matches({ editing: 'deceasedDetails' })) return 1
  if (snapshot.matches({ editing: 'scheduleService' })) return 2
  return 3
}

/** What to keep of a snapshot between visits; null when there is nothing worth keeping. */
export function savedWizard(snapshot: BookingWizardSnapshot): SavedWizard | null {
  if (snapshot.status === 'done' || snapshot.matches('signingAgreement')) return null
  const { draft, deceasedId } = snapshot.context
  if (isDraftEmpty(draft) && deceasedId === null) return null
  return { step: stepOf(snapshot), draft, deceasedId }
}
