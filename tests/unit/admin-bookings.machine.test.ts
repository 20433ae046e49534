import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ADMIN_BOOKING_MESSAGES, adminBookingsMachine, allBookingsMachine, bookingsPage, type BookingsView } from '../../machines/admin/admin-bookings.machine'
import { SERVICE_MESSAGES, serviceCatalogueMachine } from '../../machines/admin/service-catalogue.machine'
import type { Booking } from '../../src/api/contracts/bookings'
import type { User } from '../../src/api/contracts/auth'
import type { ServiceRequest, ServiceWithPricingKey } from '../../src/api/contracts/services'
import type { NotifyEvent } from '../../machines/shared/notify'
import { aBooking } from './booking-fixture'

const booking = (id: string, status = 'pending'): Booking => aBooking(id, { status })

function start(overrides: { change?: () => Promise<Booking>; assign?: () => Promise<{ bookingId: string; attendant: { id: string; name: string } }> } = {}) {
  let fetches = 0
  const machine = adminBookingsMachine.provide({
    actors: {
      allBookings: allBookingsMachine.provide({
        actors: {
          fetchItems: fromPromise(async () => {
            fetches += 1
            return [booking('1'), booking('2')]
          }),
        },
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
  const list = actor.getSnapshot().children.list!
  list.on('notify', (e) => messages.push(e))
  const listReady = () => waitFor(list, (s) => s.matches('ready'))
  const bookings = () => list.getSnapshot().context.items
  return { actor, list, listReady, bookings, messages, fetches: () => fetches }
}

describe('adminBookings machine', () => {
  it('sets a status: shown at once, then "Booking status updated"', async () => {
    const { actor, messages, listReady, bookings } = start()
    await listReady()
    actor.send({ type: 'booking.setStatus', id: '1', status: 'confirmed' })
    expect(bookings()[0]?.status).toBe('confirmed')
    await waitFor(actor, (s) => s.matches({ changes: 'idle' }))
    expect(messages).toEqual([{ type: 'notify', level: 'success', message: ADMIN_BOOKING_MESSAGES.statusUpdated }])
  })

  it('reloads the list after a failed status change and says "Failed to update booking status"', async () => {
    const { actor, list, messages, fetches, listReady, bookings } = start({ change: async () => Promise.reject(new Error('500')) })
    await listReady()
    actor.send({ type: 'booking.setStatus', id: '1', status: 'completed' })
    await waitFor(list, (s) => s.matches('loading'))
    await listReady()
    expect(fetches()).toBe(2)
    expect(bookings()[0]?.status).toBe('pending')
    expect(messages.map((m) => m.message)).toEqual(['Failed to update booking status'])
  })

  it('cancels only after the dialog is confirmed, with the reason', async () => {
    const seen: unknown[] = []
    const { actor, messages, listReady, bookings } = start({
      change: async () => {
        seen.push('called')
        return booking('2', 'cancelled')
      },
    })
    await listReady()
    actor.send({ type: 'cancel.confirm', notes: 'x' })
    expect(seen).toEqual([])
    actor.send({ type: 'cancel.open', id: '2' })
    actor.send({ type: 'cancel.confirm', notes: 'Family request' })
    await waitFor(actor, (s) => s.matches({ changes: 'idle' }) && s.context.cancelId === null)
    expect(bookings()[1]?.status).toBe('cancelled')
    expect(messages.map((m) => m.message)).toEqual(['Booking cancelled successfully'])
  })

  it('assigns an attendant to the booking the server answers for', async () => {
    const { actor, messages, listReady, bookings } = start()
    await listReady()
    actor.send({ type: 'booking.assign', id: '1', attendantId: '7' })
    await waitFor(actor, (s) => s.matches({ changes: 'idle' }))
    expect(bookings()[0]?.assignedAttendant?.name).toBe('Peter Otieno')
    expect(messages.map((m) => m.message)).toEqual(['Attendant assigned successfully'])
  })

  it('a failed load says "Failed to fetch bookings" once; Retry fetches again', async () => {
    let calls = 0
    const list = allBookingsMachine.provide({
      actors: {
        fetchItems: fromPromise(async () => {
          calls += 1
          if (calls === 1) throw new Error('down')
          return [booking('5')]
        }),
      },
    })
    const actor = createActor(adminBookingsMachine.provide({ actors: { allBookings: list, fetchAttendants: fromPromise<User[], void>(async () => []) } }))
    const messages: string[] = []
    actor.start()
    const child = actor.getSnapshot().children.list!
    child.on('notify', (e) => messages.push(e.message))
    await waitFor(child, (s) => s.matches('failed'))
    expect(child.getSnapshot().context.error).toBe(ADMIN_BOOKING_MESSAGES.loadFailed)
    actor.send({ type: 'bookings.reload' })
    const ready = await waitFor(child, (s) => s.matches('ready'))
    expect(ready.context.items.map((b) => b.id)).toEqual(['5'])
    expect(messages).toEqual([ADMIN_BOOKING_MESSAGES.loadFailed])
  })

  it('keeps the search, status filter, sort and page; a new filter goes back to page 1', () => {
    const actor = createActor(adminBookingsMachine.provide({ actors: { allBookings: allBookingsMachine.provide({ actors: { fetchItems: fromPromise<Booking[], void>(async () => []) } }) } }))
    actor.start()
    actor.send({ type: 'bookings.page', page: 3 })
    actor.send({ type: 'bookings.sort', sort: 'oldest' })
    expect(actor.getSnapshot().context.view).toEqual({ search: '', status: 'all', sort: 'oldest', page: 3 })
    actor.send({ type: 'bookings.filter', status: 'confirmed' })
    expect(actor.getSnapshot().context.view).toEqual({ search: '', status: 'confirmed', sort: 'oldest', page: 1 })
    actor.send({ type: 'bookings.page', page: 2 })
    actor.send({ type: 'bookings.filter', search: 'ouma' })
    expect(actor.getSnapshot().context.view).toEqual({ search: 'ouma', status: 'confirmed', sort: 'oldest', page: 1 })
    actor.stop()
  })
})

describe('bookingsPage', () => {
  const named = (id: string, first: string, createdAt: string, status = 'pending'): Booking => ({ ...booking(id, status), deceased_first_name: first, created_at: createdAt })
  const all = [
    named('1', 'Amina', '2026-01-01T10:00:00.000Z'),
    named('2', 'Baraka', '2026-01-03T10:00:00.000Z', 'confirmed'),
    named('3', 'Chege', '2026-01-02T10:00:00.000Z'),
  ]
  const view = (v: Partial<BookingsView>): BookingsView => ({ search: '', status: 'all', sort: 'newest', page: 1, ...v })

  it('sorts newest or oldest first, filters by status and by name words', () => {
    expect(bookingsPage(all, view({})).rows.map((b) => b.id)).toEqual(['2', '3', '1'])
    expect(bookingsPage(all, view({ sort: 'oldest' })).rows.map((b) => b.id)).toEqual(['1', '3', '2'])
    expect(bookingsPage(all, view({ status: 'confirmed' })).rows.map((b) => b.id)).toEqual(['2'])
    expect(bookingsPage(all, view({ search: ' chege ' })).rows.map((b) => b.id)).toEqual(['3'])
  })

  it('pages the rows and shows the last page when asked past it', () => {
    expect(bookingsPage(all, view({ page: 2 }), 2)).toMatchObject({ page: 2, pages: 2, matching: 3, first: 3 })
    expect(bookingsPage(all, view({ page: 9 }), 2).rows.map((b) => b.id)).toEqual(['1'])
    expect(bookingsPage(all, view({ search: 'nobody' }))).toMatchObject({ rows: [], matching: 0, page: 1, pages: 1, first: 0 })
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
