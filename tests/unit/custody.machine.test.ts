import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { custodyMachine, CUSTODY_MACHINE_MESSAGES } from '../../machines/morgue/custody.machine'
import { Booking } from '../../shared/contracts/bookings'
import { ColdRoomFull, CustodyRecord, CustodySaved, type CustodyRequest } from '../../shared/contracts/custody'
import { translated } from '../../src/lib/i18n'

const event = (id: number, kind: string) => ({ id, booking_id: 7, kind, at: '2026-01-01T08:00:00.000Z', location: 'Bay 1', by_name: 'Peter Otieno', by_role: 'morgue_attendant' })
const RECORD = CustodyRecord.parse({ booking_id: 7, deceased_first_name: 'Rose', deceased_last_name: 'Achieng', home: { name: 'Amani Funeral Home' }, events: [event(1, 'received')] })
const BOOKING = Booking.parse({ id: 7, status: 'confirmed', payment_status: 'pending', total_amount: 1000, created_at: '2026-01-01T08:00:00Z' })

function start(add: (request: CustodyRequest) => Promise<CustodySaved | ColdRoomFull>, load: () => Promise<CustodyRecord> = async () => RECORD) {
  const actor = createActor(
    custodyMachine.provide({ actors: { loadCustody: fromPromise(load), addCustodyEvent: fromPromise(({ input }: { input: { bookingId: string; request: CustodyRequest } }) => add(input.request)) } }),
    { input: { bookingId: '7' } },
  )
  const notes: string[] = []
  const changed: Booking[] = []
  actor.on('notify', (e) => notes.push(translated(e.message)))
  actor.on('custody.bookingChanged', (e) => changed.push(e.booking))
  actor.start()
  return { actor, notes, changed }
}

describe('custody machine', () => {
  it('adds a movement: appended, counted, said, and the booking passed on', async () => {
    const { actor, notes, changed } = start(async (r) => CustodySaved.parse({ event: event(2, r.kind), booking: BOOKING, message: 'Movement recorded' }))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'custody.add', request: { kind: 'prepared' } })
    expect(actor.getSnapshot().hasTag('saving')).toBe(true)
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.record?.events.map((e) => e.kind)).toEqual(['received', 'prepared'])
    expect(actor.getSnapshot().context.savedCount).toBe(1)
    expect(notes).toEqual(['Movement recorded'])
    expect(changed.map((b) => b.id)).toEqual(['7'])
  })

  it('a full cold room is said with what is there, without a toast, until the admin\'s receipt with a reason is kept', async () => {
    const full = ColdRoomFull.parse({ message: 'The cold room is full', capacity: 1, bodies: [{ booking_id: 3, name: 'John Doe' }] })
    const { actor, notes } = start(async (r) => (r.override_reason ? CustodySaved.parse({ event: event(2, r.kind), booking: BOOKING }) : full))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'custody.add', request: { kind: 'received' } })
    await waitFor(actor, (s) => s.matches('ready') && s.context.coldRoomFull !== null)
    expect(actor.getSnapshot().context).toMatchObject({ saveError: 'The cold room is full', coldRoomFull: { capacity: 1, bodies: [{ booking_id: '3', name: 'John Doe' }] }, savedCount: 0 })
    expect(notes).toEqual([])
    actor.send({ type: 'custody.add', request: { kind: 'received', override_reason: 'Bay 4 on ice' } })
    await waitFor(actor, (s) => s.matches('ready') && s.context.savedCount === 1)
    expect(actor.getSnapshot().context).toMatchObject({ saveError: null, coldRoomFull: null })
  })

  it('a refused movement keeps the record and shows the server\'s reason; a failed load offers Retry', async () => {
    const refused = start(async () => Promise.reject(Object.assign(new Error('422'), { serverMessage: 'This body has already been released' })))
    await waitFor(refused.actor, (s) => s.matches('ready'))
    refused.actor.send({ type: 'custody.add', request: { kind: 'prepared' } })
    await waitFor(refused.actor, (s) => s.matches('ready') && s.context.saveError !== null)
    expect(refused.notes).toEqual(['This body has already been released'])
    expect(refused.actor.getSnapshot().context.record?.events).toHaveLength(1)
    expect(refused.actor.getSnapshot().context.savedCount).toBe(0)

    let calls = 0
    const failing = start(async () => Promise.reject(new Error('x')), async () => (++calls === 1 ? Promise.reject(new Error('down')) : RECORD))
    await waitFor(failing.actor, (s) => s.matches('failed'))
    expect(failing.notes).toEqual([CUSTODY_MACHINE_MESSAGES.loadFailed])
    failing.actor.send({ type: 'custody.reload' })
    await waitFor(failing.actor, (s) => s.matches('ready'))
    expect(failing.actor.getSnapshot().context.error).toBeNull()
  })
})
