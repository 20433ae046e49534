import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ADMIN_BOOKING_MESSAGES, adminBookingsMachine } from '../../machines/admin/admin-bookings.machine'
import { SERVICE_MESSAGES, serviceCatalogueMachine } from '../../machines/admin/service-catalogue.machine'
import type { Booking } from '../../src/api/contracts/bookings'
import type { User } from '../../src/api/contracts/auth'
import type { ServiceRequest, ServiceWithPricingKey } from '../../src/api/contracts/services'
import type { NotifyEvent } from '../../machines/shared/notify'

const booking = (id: string, status = 'pending'): Booking => ({
  id,
  status,
  payment_status: 'pending',
  total_amount: 5000,
  created_at: '2026-01-01T10:00:00.000Z',
  deceased_first_name: 'Samuel',
  deceased_last_name: 'Ouma',
  services: [],
  required_documents: [],
  has_notifications: false,
})

function start(overrides: { change?: () => Promise<Booking>; assign?: () => Promise<{ bookingId: string; attendant: { id: string; name: string } }> } = {}) {
  let fetches = 0
  const machine = adminBookingsMachine.provide({
    actors: {
      fetchBookings: fromPromise(async () => {
        fetches += 1
        return [booking('1'), booking('2')]
      }),
      fetchAttendants: fromPromise<User[], void>(async () => [{ id: '7', name: 'Peter Otieno', email: 'p@x', role: 'morgueAttendant' }]),
      changeBooking: fromPromise(overrides.change ?? (async () => booking('1', 'confirmed'))),
      assignAttendant: fromPromise(overrides.assign ?? (async () => ({ bookingId: '1', attendant: { id: '7', name: 'Peter Otieno' } }))),
    },
  })
  const actor = createActor(machine)
  const messages: NotifyEvent[] = []
  actor.on('notify', (e) => messages.push(e))
  actor.start()
  return { actor, messages, fetches: () => fetches }
}

describe('adminBookings machine', () => {
  it('sets a status: shown at once, then "Booking status updated"', async () => {
    const { actor, messages } = start()
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    actor.send({ type: 'booking.setStatus', id: '1', status: 'confirmed' })
    expect(actor.getSnapshot().context.bookings[0]?.status).toBe('confirmed')
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    expect(messages).toEqual([{ type: 'notify', level: 'success', message: ADMIN_BOOKING_MESSAGES.statusUpdated }])
  })

  it('reloads the list after a failed status change and says "Failed to update booking status"', async () => {
    const { actor, messages, fetches } = start({ change: async () => Promise.reject(new Error('500')) })
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    actor.send({ type: 'booking.setStatus', id: '1', status: 'completed' })
    await waitFor(actor, (s) => s.matches({ list: 'loading' }))
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    expect(fetches()).toBe(2)
    expect(actor.getSnapshot().context.bookings[0]?.status).toBe('pending')
    expect(messages.map((m) => m.message)).toEqual(['Failed to update booking status'])
  })

  it('cancels only after the dialog is confirmed, with the reason', async () => {
    const seen: unknown[] = []
    const { actor, messages } = start({
      change: async () => {
        seen.push('called')
        return booking('2', 'cancelled')
      },
    })
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    actor.send({ type: 'cancel.confirm', notes: 'x' })
    expect(seen).toEqual([])
    actor.send({ type: 'cancel.open', id: '2' })
    actor.send({ type: 'cancel.confirm', notes: 'Family request' })
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.cancelId === null)
    expect(actor.getSnapshot().context.bookings[1]?.status).toBe('cancelled')
    expect(messages.map((m) => m.message)).toEqual(['Booking cancelled successfully'])
  })

  it('assigns an attendant to the booking the server answers for', async () => {
    const { actor, messages } = start()
    await waitFor(actor, (s) => s.matches({ list: 'ready' }))
    actor.send({ type: 'booking.assign', id: '1', attendantId: '7' })
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.bookings[0]?.assignedAttendant != null)
    expect(actor.getSnapshot().context.bookings[0]?.assignedAttendant?.name).toBe('Peter Otieno')
    expect(messages.map((m) => m.message)).toEqual(['Attendant assigned successfully'])
  })
})

describe('serviceCatalogue machine', () => {
  it('saves prices only from the price dialog, then reloads and says so', async () => {
    let loads = 0
    const sent: unknown[] = []
    const actor = createActor(
      serviceCatalogueMachine.provide({
        actors: {
          fetchServices: fromPromise<ServiceWithPricingKey[], void>(async () => {
            loads += 1
            return []
          }),
          updatePricing: fromPromise<unknown, Partial<Record<string, number>>>(async ({ input }) => {
            sent.push(input)
            return {}
          }),
        },
      }),
    )
    const messages: string[] = []
    actor.on('notify', (e) => messages.push(e.message))
    actor.start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'pricing.save', prices: { burial: 4500 } })
    expect(sent).toEqual([])
    actor.send({ type: 'editor.open', editor: { mode: 'pricing' } })
    actor.send({ type: 'pricing.save', prices: { burial: 4500 } })
    await waitFor(actor, (s) => s.matches('ready') && loads === 2)
    expect(sent).toEqual([{ burial: 4500 }])
    expect(actor.getSnapshot().context.editor).toBeNull()
    expect(messages).toEqual([SERVICE_MESSAGES.pricesUpdated])
  })

  it('keeps the dialog open with the message when a create fails', async () => {
    const actor = createActor(
      serviceCatalogueMachine.provide({
        actors: {
          fetchServices: fromPromise<ServiceWithPricingKey[], void>(async () => []),
          createService: fromPromise<unknown, ServiceRequest>(async () => Promise.reject(new Error('network'))),
        },
      }),
    )
    const messages: string[] = []
    actor.on('notify', (e) => messages.push(e.message))
    actor.start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'editor.open', editor: { mode: 'create' } })
    actor.send({ type: 'service.save', payload: { name: 'Tent', price: 100 } })
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null)
    expect(actor.getSnapshot().context.editor).toEqual({ mode: 'create' })
    expect(messages).toEqual(['Failed to create service'])
  })
})
