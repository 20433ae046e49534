import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
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
})
