import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { SLOW_LOAD_MS } from '../../machines/shared/slow-load'
import { BOOKING_DETAIL_FAILED, bookingDetailMachine } from '../../machines/booking/booking-detail.machine'
import type { Booking } from '../../shared/contracts/bookings'
import { aBooking } from './booking-fixture'
import type { NotifyEvent } from '../../machines/shared/notify'

const booking = aBooking('12')

function start(fetchBooking: (id: string) => Promise<Booking>) {
  const machine = bookingDetailMachine.provide({ actors: { fetchBooking: fromPromise(({ input }) => fetchBooking(input.id)) } })
  const actor = createActor(machine, { input: { id: '12' } })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, notes }
}

describe('bookingDetail machine', () => {
  it('loads the booking of the id it was given', async () => {
    const asked: string[] = []
    const { actor, notes } = start(async (id) => {
      asked.push(id)
      return booking
    })
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(asked).toEqual(['12'])
    expect(ready.context.booking).toEqual(booking)
    expect(notes).toEqual([])
  })

  it("any failure (another family's booking answers 404) says 'Failed to load booking details' and ends", async () => {
    const { actor, notes } = start(async () => Promise.reject(Object.assign(new Error('404'), { serverMessage: 'Booking not found' })))
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('failed')
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: BOOKING_DETAIL_FAILED }])
  })

  it('no answer (status 0) stays with the message on the page, no toast, and Try again loads it', async () => {
    let answer = false
    const { actor, notes } = start(async () => (answer ? booking : Promise.reject(Object.assign(new Error('Network error'), { status: 0 }))))
    await waitFor(actor, (s) => s.matches('unreachable'))
    expect(actor.getSnapshot().context.error).toBe(BOOKING_DETAIL_FAILED)
    expect(notes).toEqual([])
    answer = true
    actor.send({ type: 'booking.retry' })
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.booking).toEqual(booking)
    expect(ready.context.error).toBeNull()
  })

  it('tags a load with no answer `slow` after SLOW_LOAD_MS, and Try again then asks afresh', () => {
    const clock = new SimulatedClock()
    let asked = 0
    const machine = bookingDetailMachine.provide({ actors: { fetchBooking: fromPromise(() => { asked += 1; return new Promise<Booking>(() => {}) }) } })
    const actor = createActor(machine, { input: { id: '12' }, clock }).start()
    clock.increment(SLOW_LOAD_MS - 1)
    expect(actor.getSnapshot().hasTag('slow')).toBe(false)
    actor.send({ type: 'booking.retry' })
    expect(asked).toBe(1)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag('slow')).toBe(true)
    actor.send({ type: 'booking.retry' })
    expect(asked).toBe(2)
    expect(actor.getSnapshot().hasTag('slow')).toBe(false)
  })
})
