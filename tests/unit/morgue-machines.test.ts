import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { caseloadMachine, CASELOAD_MESSAGES } from '../../machines/morgue/caseload.machine'
import { chatMachine } from '../../machines/messages/chat.machine'
import { Booking } from '../../src/api/contracts/bookings'
import type { NotifyEvent } from '../../machines/shared/notify'
import type { PrepTask } from '../../src/api/contracts/morgue'

const booking = (id: string, tasks: string[] = []) =>
  Booking.parse({ id, status: 'confirmed', payment_status: 'pending', total_amount: 1000, created_at: '2026-01-01T08:00:00Z', morgue: { received_at: '2026-01-01T08:00:00Z', tasks, transport_status: 'scheduled', burial_permit: 'missing' } })

function start(overrides: Parameters<typeof caseloadMachine.provide>[0]['actors'] = {}) {
  const machine = caseloadMachine.provide({ actors: { fetchBookings: fromPromise(async () => [booking('1'), booking('2')]), ...overrides } })
  const actor = createActor(machine)
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, notes }
}

describe('caseload machine', () => {
  it('loads, saves tasks for one booking and says so', async () => {
    const { actor, notes } = start({ saveTasks: fromPromise(async ({ input }: { input: { id: string; tasks: PrepTask[] } }) => booking(input.id, input.tasks)) })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'caseload.saveTasks', id: '2', tasks: ['received'] })
    expect(actor.getSnapshot().context.busyId).toBe('2')
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.bookings.find((b) => b.id === '2')?.morgue?.tasks).toEqual(['received'])
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: CASELOAD_MESSAGES.tasksSaved }])
  })

  it('a load failure says \'Failed to fetch attendant bookings\'; a refused release shows the server\'s message', async () => {
    const failing = start({ fetchBookings: fromPromise(async () => Promise.reject(new Error('down'))) })
    await waitFor(failing.actor, (s) => s.matches('failed'))
    expect(failing.notes.map((n) => n.message)).toEqual(['Failed to fetch attendant bookings'])

    const refused = start({ release: fromPromise(async () => Promise.reject(Object.assign(new Error('422'), { serverMessage: 'The burial permit is not approved yet' }))) })
    await waitFor(refused.actor, (s) => s.matches('ready'))
    refused.actor.send({ type: 'caseload.release', id: '1' })
    await waitFor(refused.actor, (s) => s.matches('ready') && s.context.busyId === null)
    expect(refused.notes.map((n) => n.message)).toEqual(['The burial permit is not approved yet'])
  })
})

describe('chat machine', () => {
  it('starts with the welcome and adds non-blank messages with their time', () => {
    const actor = createActor(chatMachine, { input: { welcome: 'Welcome', now: 1000 } }).start()
    actor.send({ type: 'chat.send', text: '   ', at: 2000 })
    actor.send({ type: 'chat.send', text: ' Hello\nthere ', at: 3000 })
    expect(actor.getSnapshot().context.messages).toEqual([
      { id: 'welcome', author: 'system', text: 'Welcome', at: 1000 },
      { id: 'm1', author: 'me', text: 'Hello\nthere', at: 3000 },
    ])
  })
})
