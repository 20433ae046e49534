import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { attendantBookingsMachine, caseloadMachine, CASELOAD_MESSAGES, shownTasks } from '../../machines/morgue/caseload.machine'
import { Booking } from '../../shared/contracts/bookings'
import type { NotifyEvent } from '../../machines/shared/notify'
import type { PrepTask } from '../../shared/contracts/morgue'

const booking = (id: string, tasks: string[] = []) =>
  Booking.parse({ id, status: 'confirmed', payment_status: 'pending', total_amount: 1000, created_at: '2026-01-01T08:00:00Z', morgue: { received_at: '2026-01-01T08:00:00Z', tasks, transport_status: 'scheduled', burial_permit: 'missing' } })

type Actors = NonNullable<Parameters<typeof caseloadMachine.provide>[0]['actors']>

function start(overrides: Actors & { fetchBookings?: () => Promise<Booking[]> } = {}) {
  const { fetchBookings = async () => [booking('1'), booking('2')], ...actors } = overrides
  const list = attendantBookingsMachine.provide({ actors: { fetchItems: fromPromise(fetchBookings) } })
  const actor = createActor(caseloadMachine.provide({ actors: { attendantBookings: list, ...actors } }))
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  // The list is a child collection: its load failure is its own notify, bridged beside the parent's.
  actor.getSnapshot().children.list?.on('notify', (e) => notes.push(e))
  return { actor, notes, list: () => actor.getSnapshot().children.list! }
}

describe('caseload machine', () => {
  it('loads, saves tasks for one booking and says so', async () => {
    const { actor, notes, list } = start({ saveTasks: fromPromise(async ({ input }: { input: { id: string; tasks: PrepTask[] } }) => booking(input.id, input.tasks)) })
    await waitFor(list(), (s) => s.matches('ready'))
    actor.send({ type: 'caseload.tickTask', id: '2', task: 'received', done: true })
    expect(actor.getSnapshot().context.taskQueue).toEqual([{ id: '2', task: 'received', done: true }])
    await waitFor(actor, (s) => s.matches({ tasks: 'idle' }))
    expect(list().getSnapshot().context.items.find((b) => b.id === '2')?.morgue?.tasks).toEqual(['received'])
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: CASELOAD_MESSAGES.tasksSaved }])
  })

  it('ticks are saved one after the other; a refused tick is undone alone, the others are kept', async () => {
    const saved: string[][] = []
    const gates: Array<() => void> = []
    const { actor, notes, list } = start({
      saveTasks: fromPromise(async ({ input }: { input: { id: string; tasks: PrepTask[] } }) => {
        saved.push(input.tasks)
        await new Promise<void>((resolve) => gates.push(resolve))
        if (input.tasks.includes('washed')) throw Object.assign(new Error('500'), { serverMessage: 'Server unavailable' })
        return booking(input.id, input.tasks)
      }),
    })
    await waitFor(list(), (s) => s.matches('ready'))
    actor.send({ type: 'caseload.tickTask', id: '1', task: 'received', done: true })
    actor.send({ type: 'caseload.tickTask', id: '1', task: 'washed', done: true })
    actor.send({ type: 'caseload.tickTask', id: '1', task: 'embalmed', done: true })
    // All three show at once; the other parts of the caseload stay free (no release or move is busy).
    expect(shownTasks('1', [], actor.getSnapshot().context.taskQueue)).toEqual(['received', 'washed', 'embalmed'])
    expect(actor.getSnapshot().hasTag('saving')).toBe(false)
    await waitFor(actor, () => gates.length === 1)
    gates.shift()!()
    await waitFor(actor, () => gates.length === 1)
    gates.shift()!()
    await waitFor(actor, () => gates.length === 1)
    gates.shift()!()
    await waitFor(actor, (s) => s.matches({ tasks: 'idle' }) && s.context.taskQueue.length === 0)
    // Each save carries the kept checklist with its one step changed: the refused 'washed' is not sent again.
    expect(saved).toEqual([['received'], ['received', 'washed'], ['received', 'embalmed']])
    expect(list().getSnapshot().context.items.find((b) => b.id === '1')?.morgue?.tasks).toEqual(['received', 'embalmed'])
    expect(notes.map((n) => n.message)).toEqual([CASELOAD_MESSAGES.tasksSaved, 'Server unavailable', CASELOAD_MESSAGES.tasksSaved])
  })

  it('a load failure says \'Failed to fetch attendant bookings\'; a refused pickup shows the server\'s message', async () => {
    const failing = start({ fetchBookings: async () => Promise.reject(new Error('down')) })
    await waitFor(failing.list(), (s) => s.matches('failed'))
    expect(failing.notes.map((n) => n.message)).toEqual(['Failed to fetch attendant bookings'])
    expect(failing.list().getSnapshot().context.error).toBe('Failed to fetch attendant bookings')

    const refused = start({ setPickup: fromPromise(async () => Promise.reject(Object.assign(new Error('422'), { serverMessage: 'The transfer has already left' }))) })
    await waitFor(refused.list(), (s) => s.matches('ready'))
    refused.actor.send({ type: 'caseload.pickup', id: '1', pickup: 'Home' })
    await waitFor(refused.actor, (s) => s.matches({ changes: 'ready' }) && s.context.busyId === null)
    expect(refused.notes.map((n) => n.message)).toEqual(['The transfer has already left'])
  })

  it('a booking changed elsewhere (a release in the chain of custody) replaces the one in the list', async () => {
    const { actor, list } = start()
    await waitFor(list(), (s) => s.matches('ready'))
    const released = Booking.parse({ ...booking('2'), morgue: { ...booking('2').morgue, released_at: '2026-01-05T09:00:00.000Z' } })
    actor.send({ type: 'caseload.replace', booking: released })
    expect(list().getSnapshot().context.items.find((b) => b.id === '2')?.morgue?.released_at).toBe('2026-01-05T09:00:00.000Z')
  })

  it('Retry after a failed load fetches the list again through the caseload', async () => {
    let calls = 0
    const { actor, list } = start({
      fetchBookings: async () => {
        calls += 1
        if (calls === 1) throw new Error('down')
        return [booking('3')]
      },
    })
    await waitFor(list(), (s) => s.matches('failed'))
    actor.send({ type: 'caseload.reload' })
    const ready = await waitFor(list(), (s) => s.matches('ready'))
    expect(ready.context.items.map((b) => b.id)).toEqual(['3'])
    expect(ready.context.error).toBeNull()
  })
})
