import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor, type Actor } from 'xstate'
import { getShortestPaths, getSimplePaths } from '@xstate/graph'
import {
  createBookingWizardMachine,
  savedWizard,
  stepOf,
  toBookingRequest,
  toDeceasedRequest,
  type BookingWizardMachine,
  type DraftChanges,
  type SavedWizard,
  type WizardEvent,
} from '../../machines/booking/booking-wizard.machine'
import { BOOKING_MESSAGES, emptyDraft, stepIsValid, type BookingDraft } from '../../machines/booking/booking-schemas'
import type { NotifyEvent } from '../../machines/shared/notify'
import type { Booking, BookingRequest, DeceasedRequest } from '../../shared/contracts/bookings'
import { ApiError } from '../../src/api/client'

const TODAY = '2026-03-10'
const today = () => TODAY

const SERVICES: DraftChanges = { services: { serviceIds: ['1', '5'] } }
const DECEASED: DraftChanges = {
  deceased: { firstName: 'Joseph', lastName: 'Mwangi', dateOfDeath: '2026-03-08', placeOfDeath: 'Kenyatta National Hospital', gender: 'male', religion: 'Christian' },
}
const SCHEDULE: DraftChanges = { schedule: { date: '2026-03-14', time: '10:30', venue: '', specialRequests: '  Choir at the graveside  ' } }

const fullDraft = (): BookingDraft => ({
  services: { serviceIds: ['1', '5'] },
  deceased: { firstName: 'Joseph', lastName: 'Mwangi', dateOfDeath: '2026-03-08', placeOfDeath: 'Kenyatta National Hospital', gender: 'male', religion: 'Christian' },
  schedule: { date: '2026-03-14', time: '10:30', venue: '', specialRequests: '  Choir at the graveside  ' },
})

function fakeBooking(id = '77'): Booking {
  return {
    id,
    status: 'pending',
    payment_status: 'pending',
    total_amount: 7500,
    venue: '',
    notes: 'Choir at the graveside',
    created_at: '2026-03-10T09:00:00.000Z',
    deceased_first_name: 'Joseph',
    deceased_last_name: 'Mwangi',
    services: [],
    required_documents: [],
    has_notifications: false,
    amount_paid: 0,
    audit: [],
  }
}

interface Fakes {
  createDeceased?: (input: DeceasedRequest) => Promise<{ id: string }>
  createBooking?: (input: BookingRequest) => Promise<Booking>
}

function start(options: { restored?: SavedWizard | null; fakes?: Fakes; today?: () => string } = {}) {
  const createDeceased = vi.fn(options.fakes?.createDeceased ?? (async () => ({ id: '41' })))
  const createBooking = vi.fn(options.fakes?.createBooking ?? (async () => fakeBooking()))
  const machine = createBookingWizardMachine(options.today ?? today).provide({
    actors: {
      createDeceased: fromPromise(({ input }: { input: DeceasedRequest }) => createDeceased(input)),
      createBooking: fromPromise(({ input }: { input: BookingRequest }) => createBooking(input)),
    },
  })
  const actor = createActor(machine, { input: { restored: options.restored } })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, createDeceased, createBooking, notes }
}

type WizardActor = Actor<BookingWizardMachine>
const send = (actor: WizardActor, ...events: WizardEvent[]) => events.forEach((e) => actor.send(e))
const update = (changes: DraftChanges): WizardEvent => ({ type: 'wizard.update', changes })
const next: WizardEvent = { type: 'wizard.next' }
const back: WizardEvent = { type: 'wizard.back' }
const step = (actor: WizardActor) => stepOf(actor.getSnapshot())

function toReview(actor: WizardActor) {
  send(actor, update(SERVICES), next, update(DECEASED), next, update(SCHEDULE), next)
  expect(step(actor)).toBe(3)
}

describe('booking wizard: the steps and their guards', () => {
  it('starts on Select Services with an empty draft', () => {
    const { actor } = start()
    expect(step(actor)).toBe(0)
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft())
    expect(actor.getSnapshot().context.restored).toBe(false)
  })

  it('step 1 refuses Continue without a service and allows it with one', () => {
    const { actor } = start()
    send(actor, next)
    expect(step(actor)).toBe(0)
    send(actor, update({ services: { serviceIds: ['3'] } }), next)
    expect(step(actor)).toBe(1)
  })

  it.each([
    ['a missing first name', { firstName: '  ' }],
    ['a missing last name', { lastName: '' }],
    ['a missing date of death', { dateOfDeath: '' }],
    ['a date of death tomorrow', { dateOfDeath: '2026-03-11' }],
    ['a missing place of death', { placeOfDeath: '' }],
  ])('step 2 refuses Continue with %s', (_, bad) => {
    const { actor } = start()
    send(actor, update(SERVICES), next, update(DECEASED), update({ deceased: bad }), next)
    expect(step(actor)).toBe(1)
  })

  it('step 2 allows today as the date of death, and gender and religion left out', () => {
    const { actor } = start()
    send(actor, update(SERVICES), next, update(DECEASED), update({ deceased: { dateOfDeath: TODAY, gender: '', religion: '' } }), next)
    expect(step(actor)).toBe(2)
  })

  it.each([
    ['a missing date', { date: '' }],
    ['yesterday', { date: '2026-03-09' }],
    ['a missing time', { time: '' }],
  ])('step 3 refuses Continue with %s', (_, bad) => {
    const { actor } = start()
    send(actor, update(SERVICES), next, update(DECEASED), next, update(SCHEDULE), update({ schedule: bad }), next)
    expect(step(actor)).toBe(2)
  })

  it('step 3 allows a service today with no special requests', () => {
    const { actor } = start()
    send(actor, update(SERVICES), next, update(DECEASED), next, update({ schedule: { date: TODAY, time: '08:00', specialRequests: '' } }), next)
    expect(step(actor)).toBe(3)
  })

  it("uses the injected day: with 'today' moved on, the same service date is in the past", () => {
    const { actor } = start({ today: () => '2026-03-15' })
    send(actor, update(SERVICES), next, update(DECEASED), next, update(SCHEDULE), next)
    expect(step(actor)).toBe(2)
  })

  it('Back walks to step 1 keeping everything typed; Back on step 1 does nothing', () => {
    const { actor } = start()
    toReview(actor)
    send(actor, back)
    expect(step(actor)).toBe(2)
    send(actor, back)
    expect(step(actor)).toBe(1)
    send(actor, back)
    expect(step(actor)).toBe(0)
    send(actor, back)
    expect(step(actor)).toBe(0)
    expect(actor.getSnapshot().context.draft).toEqual(fullDraft())
    // and forwards again without retyping anything
    send(actor, next, next, next)
    expect(step(actor)).toBe(3)
  })

  it('Edit from the review jumps to an earlier step', () => {
    const { actor } = start()
    toReview(actor)
    send(actor, { type: 'wizard.goTo', step: 1 })
    expect(step(actor)).toBe(1)
  })
})

describe('booking wizard: confirm', () => {
  it('creates the deceased, then the booking with the exact payload, says so and finishes with the booking', async () => {
    const { actor, createDeceased, createBooking, notes } = start()
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    const done = await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createDeceased).toHaveBeenCalledTimes(1)
    expect(createDeceased).toHaveBeenCalledWith({
      first_name: 'Joseph',
      last_name: 'Mwangi',
      date_of_death: '2026-03-08',
      place_of_death: 'Kenyatta National Hospital',
      gender: 'male',
      religion: 'Christian',
    })
    expect(createBooking).toHaveBeenCalledWith({
      deceased_id: 41,
      services: [
        { service_id: 1, quantity: 1, scheduled_date: '2026-03-14T10:30:00' },
        { service_id: 5, quantity: 1, scheduled_date: '2026-03-14T10:30:00' },
      ],
      notes: 'Choir at the graveside',
      hold: true,
    })
    expect(done.context.booking).toEqual(fakeBooking())
    // The agreement's dialog says it is booked: the toast waits for the booking page.
    expect(notes).toEqual([])
    // Booked: nothing is kept to resume, and the family is led to the agreement before the booking page.
    expect(savedWizard(done)).toBeNull()
    expect(done.status).toBe('active')
    expect(stepOf(done)).toBe(3)
    // Signed or left for later, the wizard ends with the booking the page then opens.
    send(actor, { type: 'wizard.confirm' })
    expect(actor.getSnapshot().matches('signingAgreement')).toBe(true)
    send(actor, { type: 'wizard.agreementClosed' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: 'Service booked successfully' }])
    expect(actor.getSnapshot().output).toEqual(fakeBooking())
    expect(createBooking).toHaveBeenCalledTimes(1)
  })

  it("shows the server's message when the booking fails, stays on review intact, and a retry creates no second deceased", async () => {
    let attempt = 0
    const { actor, createDeceased, createBooking, notes } = start({
      fakes: {
        createBooking: async () => {
          attempt += 1
          if (attempt === 1) throw new ApiError(409, 'Fully booked that day')
          return fakeBooking('78')
        },
      },
    })
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    const failed = await waitFor(actor, (s) => s.matches({ editing: 'review' }) && s.context.error !== null)
    expect(failed.context.error).toBe('Fully booked that day')
    expect(failed.context.deceasedId).toBe('41')
    expect(failed.context.draft).toEqual(fullDraft())
    expect(notes).toEqual([]) // the review step shows it; no toast repeats it
    // what a reload would keep: the created deceased too
    expect(savedWizard(failed)).toEqual({ step: 3, draft: fullDraft(), deceasedId: '41' })

    send(actor, { type: 'wizard.confirm' })
    const done = await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createDeceased).toHaveBeenCalledTimes(1)
    expect(createBooking).toHaveBeenCalledTimes(2)
    expect(createBooking.mock.calls[1]?.[0].deceased_id).toBe(41)
    expect(done.context.booking?.id).toBe('78')
  })

  it("says 'Failed to create booking' when the server sends no message (network failure)", async () => {
    const { actor, notes } = start({ fakes: { createBooking: async () => Promise.reject(new ApiError(0, undefined, 'Network error')) } })
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    const failed = await waitFor(actor, (s) => s.context.error !== null)
    expect(failed.context.error).toBe(BOOKING_MESSAGES.createFailed)
    // Shown once, in the review step, until the next try: no toast beside it.
    expect(notes.some((n) => n.level === 'error')).toBe(false)
  })

  it('a failed deceased creation keeps nothing half-made: the retry creates the deceased again', async () => {
    let attempt = 0
    const { actor, createDeceased } = start({
      fakes: {
        createDeceased: async () => {
          attempt += 1
          if (attempt === 1) throw new ApiError(500, undefined)
          return { id: '42' }
        },
      },
    })
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    const failed = await waitFor(actor, (s) => s.context.error !== null)
    expect(failed.context.error).toBe('Failed to create booking')
    expect(failed.context.deceasedId).toBeNull()
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createDeceased).toHaveBeenCalledTimes(2)
  })

  it('changing the deceased details after the record was created makes a new record on the retry', async () => {
    let attempt = 0
    const { actor, createDeceased } = start({
      fakes: {
        createBooking: async () => {
          attempt += 1
          if (attempt === 1) throw new ApiError(409, 'Fully booked that day')
          return fakeBooking()
        },
      },
    })
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.context.error !== null)
    send(actor, { type: 'wizard.goTo', step: 1 }, update({ deceased: { firstName: 'Josephine' } }), next, next)
    expect(actor.getSnapshot().context.deceasedId).toBeNull()
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createDeceased).toHaveBeenCalledTimes(2)
    expect(createDeceased.mock.calls[1]?.[0].first_name).toBe('Josephine')
  })

  it('ignores edits, Back and a second Confirm while sending', async () => {
    let release!: (b: Booking) => void
    const { actor, createBooking } = start({ fakes: { createBooking: () => new Promise<Booking>((r) => (release = r)) } })
    toReview(actor)
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches({ submitting: 'creatingBooking' }))
    send(actor, { type: 'wizard.confirm' }, back, update({ deceased: { firstName: 'X' } }), { type: 'wizard.discard' })
    expect(actor.getSnapshot().matches({ submitting: 'creatingBooking' })).toBe(true)
    expect(actor.getSnapshot().context.draft.deceased.firstName).toBe('Joseph')
    release(fakeBooking())
    await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createBooking).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the service date is now in the past', '2026-03-20', 2],
    ['the date of death is after today (the clock went back)', '2026-03-07', 1],
  ] as const)('a draft that went stale (%s) sends nothing and returns to that step, intact', (_, later, expected) => {
    let day = TODAY
    const { actor, createDeceased } = start({ today: () => day })
    toReview(actor)
    day = later
    send(actor, { type: 'wizard.confirm' })
    expect(step(actor)).toBe(expected)
    expect(actor.getSnapshot().context.draft).toEqual(fullDraft())
    expect(createDeceased).not.toHaveBeenCalled()
  })

  it('builds the payloads from the draft: blank optional fields become null, no notes when none', () => {
    const draft = fullDraft()
    draft.deceased.gender = ''
    draft.deceased.religion = '   '
    draft.schedule.specialRequests = '  '
    expect(toDeceasedRequest(draft)).toMatchObject({ gender: null, religion: null })
    expect(toBookingRequest(draft, 'abc')).toEqual({
      deceased_id: 'abc',
      services: [
        { service_id: 1, quantity: 1, scheduled_date: '2026-03-14T10:30:00' },
        { service_id: 5, quantity: 1, scheduled_date: '2026-03-14T10:30:00' },
      ],
      hold: true,
    })
  })
})

describe('booking wizard: the draft', () => {
  it('restores a saved draft at its step with everything in it', () => {
    const { actor } = start({ restored: { step: 2, draft: fullDraft(), deceasedId: null } })
    expect(step(actor)).toBe(2)
    expect(actor.getSnapshot().context.draft).toEqual(fullDraft())
    expect(actor.getSnapshot().context.restored).toBe(true)
    send(actor, back)
    expect(step(actor)).toBe(1)
  })

  it('resumes no further than its earlier steps validate', () => {
    const draft = fullDraft()
    draft.deceased.placeOfDeath = ''
    const { actor } = start({ restored: { step: 3, draft, deceasedId: null } })
    expect(step(actor)).toBe(1)
  })

  it('a restored review with a created deceased only creates the booking', async () => {
    const { actor, createDeceased, createBooking } = start({ restored: { step: 3, draft: fullDraft(), deceasedId: '41' } })
    expect(step(actor)).toBe(3)
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createDeceased).not.toHaveBeenCalled()
    expect(createBooking.mock.calls[0]?.[0].deceased_id).toBe(41)
  })

  it('keeps what is worth saving after every change, and nothing for an empty wizard', () => {
    const { actor } = start()
    expect(savedWizard(actor.getSnapshot())).toBeNull()
    send(actor, update(SERVICES), next, update({ deceased: { firstName: 'Joseph' } }))
    expect(savedWizard(actor.getSnapshot())).toEqual({
      step: 1,
      draft: { ...emptyDraft(), services: { serviceIds: ['1', '5'] }, deceased: { ...emptyDraft().deceased, firstName: 'Joseph' } },
      deceasedId: null,
    })
  })

  it('the days of a service priced per day are kept through every step and sent as its quantity', async () => {
    const { actor, createBooking } = start()
    send(actor, update({ services: { serviceIds: ['1', '8'], days: { '8': 3 } } }), next, update(DECEASED), next, back, next, update(SCHEDULE), next)
    expect(step(actor)).toBe(3)
    expect(actor.getSnapshot().context.draft.services).toEqual({ serviceIds: ['1', '8'], days: { '8': 3 } })
    send(actor, { type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('signingAgreement'))
    expect(createBooking.mock.calls[0]![0].services).toEqual([
      { service_id: 1, quantity: 1, scheduled_date: '2026-03-14T10:30:00' },
      { service_id: 8, quantity: 3, scheduled_date: '2026-03-14T10:30:00' },
    ])
  })

  it('a service no longer offered takes its days with it; the others keep theirs', () => {
    const draft = { ...fullDraft(), services: { serviceIds: ['1', '8', '9'], days: { '8': 4, '9': 2 } } }
    const { actor } = start({ restored: { step: 3, draft, deceasedId: null } })
    send(actor, { type: 'wizard.servicesAvailable', serviceIds: ['1', '8'] })
    expect(actor.getSnapshot().context.draft.services).toEqual({ serviceIds: ['1', '8'], days: { '8': 4 } })
  })

  it('drops services that are no longer offered, and then a confirm goes back to choose again', () => {
    const { actor, createDeceased } = start({ restored: { step: 3, draft: fullDraft(), deceasedId: null } })
    send(actor, { type: 'wizard.servicesAvailable', serviceIds: ['1', '2', '3'] })
    expect(actor.getSnapshot().context.draft.services.serviceIds).toEqual(['1'])
    send(actor, { type: 'wizard.servicesAvailable', serviceIds: ['2'] })
    expect(actor.getSnapshot().context.draft.services.serviceIds).toEqual([])
    send(actor, { type: 'wizard.confirm' })
    expect(step(actor)).toBe(0)
    expect(createDeceased).not.toHaveBeenCalled()
  })

  it('discard clears everything and returns to step 1', () => {
    const { actor } = start({ restored: { step: 3, draft: fullDraft(), deceasedId: '41' } })
    send(actor, { type: 'wizard.discard' })
    const s = actor.getSnapshot()
    expect(stepOf(s)).toBe(0)
    expect(s.context.draft).toEqual(emptyDraft())
    expect(s.context.deceasedId).toBeNull()
    expect(s.context.restored).toBe(false)
    expect(savedWizard(s)).toBeNull()
  })
})

describe('booking wizard: model-based paths (@xstate/graph)', () => {
  const valid = [update(SERVICES), update(DECEASED), update(SCHEDULE)]
  const invalid = [
    update({ services: { serviceIds: [] } }),
    update({ deceased: { dateOfDeath: '2026-03-11' } }),
    update({ schedule: { date: '2026-03-09' } }),
  ]
  const events: WizardEvent[] = [next, back, ...valid, ...invalid, { type: 'wizard.discard' }]
  const logic = createBookingWizardMachine(today).provide({
    actors: {
      createDeceased: fromPromise(async () => ({ id: '41' })),
      createBooking: fromPromise(async () => fakeBooking()),
    },
  })
  const serialize = (s: ReturnType<typeof logic.transition>) => JSON.stringify({ value: s.value, draft: s.context.draft })

  it('reaches every step, and Continue moves on exactly when the step being left validates', () => {
    const paths = getShortestPaths(logic, { events, input: {}, serializeState: serialize, limit: 5000 })
    const reached = new Set(paths.map((p) => stepOf(p.state)))
    expect([...reached].sort()).toEqual([0, 1, 2, 3])
    let continues = 0
    for (const path of paths) {
      const actor = createActor(logic, { input: {} }).start()
      for (const { event, state } of path.steps) {
        const before = actor.getSnapshot()
        actor.send(event)
        const after = actor.getSnapshot()
        // The real actor follows the model.
        expect(stepOf(after)).toBe(stepOf(state))
        if (event.type === 'wizard.next' && stepOf(before) < 3) {
          continues += 1
          const ok = stepIsValid(stepOf(before), before.context.draft, TODAY)
          expect(stepOf(after)).toBe(ok ? stepOf(before) + 1 : stepOf(before))
        }
      }
      actor.stop()
    }
    expect(continues).toBeGreaterThan(3)
  })

  it('no simple path loses a value: Back and Continue never change the draft', () => {
    const moves: WizardEvent[] = [next, back]
    const paths = getSimplePaths(logic, {
      events: moves,
      input: { restored: { step: 0, draft: fullDraft(), deceasedId: null } },
    })
    expect(paths.length).toBeGreaterThanOrEqual(4)
    for (const path of paths) expect(path.state.context.draft).toEqual(fullDraft())
  })
})
