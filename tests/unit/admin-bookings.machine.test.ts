import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import {
  ADMIN_BOOKING_MESSAGES,
  BOOKINGS_SEARCH_PAUSE_MS,
  UNDO_WINDOW_MS,
  adminBookingsMachine,
  allBookingsMachine,
  bookingsPage,
  busyBookingIds,
  shownPage,
  type BookingsQuery,
  type BookingsView,
  type Change,
} from '../../machines/admin/admin-bookings.machine'
import { SERVICE_MESSAGES, serviceCatalogueMachine } from '../../machines/admin/service-catalogue.machine'
import type { Booking } from '../../shared/contracts/bookings'
import type { User } from '../../shared/contracts/auth'
import type { ServiceRequest, ServiceWithPricingKey } from '../../shared/contracts/services'
import type { NotifyEvent } from '../../machines/shared/notify'
import { aBooking, aCare } from './booking-fixture'
import { PREP_TASKS } from '../../shared/contracts/morgue'
import { pageOf } from '../../machines/shared/collection.machine'
import { translated } from '../../src/lib/i18n'

/** Nothing missing for any status (shared rule `statusChangeGaps`): an attendant, the preparation done, the permit approved, nothing due. */
const ready = {
  assignedAttendant: { id: '7', name: 'Peter Otieno' },
  total_amount: 0,
  morgue: { ...aCare(), tasks: [...PREP_TASKS], burial_permit: 'approved' as const },
}
const booking = (id: string, status = 'pending'): Booking => aBooking(id, { status, ...ready })

function start(
  overrides: {
    change?: (input: Change) => Promise<Booking>
    assign?: () => Promise<{ bookingId: string; attendant: { id: string; name: string } }>
    items?: Booking[]
    failReload?: () => boolean
  } = {},
) {
  let fetches = 0
  const sent: Change[] = []
  const clock = new SimulatedClock()
  const machine = adminBookingsMachine.provide({
    actors: {
      allBookings: allBookingsMachine.provide({
        actors: {
          fetchItems: fromPromise(async () => {
            fetches += 1
            if (fetches > 1 && overrides.failReload?.()) throw new Error('offline')
            return overrides.items ?? [booking('1'), booking('2')]
          }),
        },
      }),
      fetchAttendants: fromPromise<User[], void>(async () => [{ id: '7', name: 'Peter Otieno', email: 'p@x', role: 'morgueAttendant' }]),
      changeBooking: fromPromise<Booking, Change>(async ({ input }) => {
        sent.push(input)
        return overrides.change ? overrides.change(input) : booking(input.id, input.kind === 'status' ? input.status : input.kind === 'cancel' ? 'cancelled' : 'pending')
      }),
      assignAttendant: fromPromise(overrides.assign ?? (async () => ({ bookingId: '1', attendant: { id: '7', name: 'Peter Otieno' } }))),
    },
  })
  const actor = createActor(machine, { clock })
  const messages: NotifyEvent[] = []
  actor.on('notify', (e) => messages.push(e))
  actor.start()
  const list = actor.getSnapshot().children.list!
  list.on('notify', (e) => messages.push(e))
  const listReady = () => waitFor(list, (s) => s.matches('ready'))
  const bookings = () => list.getSnapshot().context.items
  const row = (id: string) => bookings().find((b) => b.id === id)!
  const settled = () => waitFor(actor, (s) => s.matches({ saving: 'idle' }) && s.context.queue.length === 0)
  return { actor, list, listReady, bookings, row, messages, sent, clock, settled, fetches: () => fetches }
}

describe('adminBookings machine', () => {
  it('sets a status that does not matter at once: shown, sent, then "Booking status updated"', async () => {
    const { actor, messages, listReady, row, sent, settled } = start()
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'confirmed' })
    expect(row('1').status).toBe('confirmed')
    expect([...busyBookingIds(actor.getSnapshot().context)]).toEqual(['1'])
    await settled()
    expect(sent).toEqual([{ kind: 'status', id: '1', status: 'confirmed', expected: 'pending' }])
    expect(messages).toEqual([{ type: 'notify', level: 'success', message: ADMIN_BOOKING_MESSAGES.statusUpdated }])
  })

  it('asks before completing, then sends only when the undo window has passed', async () => {
    const { actor, listReady, row, sent, clock, settled, messages } = start()
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'completed' })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    expect(row('1').status).toBe('pending')
    actor.send({ type: 'confirm.accept', reason: 'Service held', refund: false })
    expect(actor.getSnapshot().hasTag('undoable')).toBe(true)
    expect(row('1').status).toBe('completed')
    clock.increment(UNDO_WINDOW_MS - 1)
    expect(sent).toEqual([])
    clock.increment(1)
    await settled()
    expect(sent).toEqual([{ kind: 'status', id: '1', status: 'completed', reason: 'Service held', expected: 'pending' }])
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.statusUpdated])
  })

  it('a change that lacks what it implies names the gaps and goes only with an override reason', async () => {
    const { actor, listReady, row, sent, clock, settled } = start({ items: [aBooking('4')] })
    await listReady()
    // Confirmed without an attendant is asked about, not sent at once.
    actor.send({ type: 'booking.setStatus', booking: row('4'), status: 'confirmed' })
    expect(actor.getSnapshot().context.pending).toMatchObject({ gaps: ['attendant'], needsReason: true })
    actor.send({ type: 'confirm.dismiss' })
    actor.send({ type: 'booking.setStatus', booking: row('4'), status: 'completed' })
    expect(actor.getSnapshot().context.pending).toMatchObject({ gaps: ['preparation', 'permit', 'payment'], needsReason: true })
    actor.send({ type: 'confirm.accept', reason: ' ', refund: false })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    actor.send({ type: 'confirm.accept', reason: 'Paid in cash to the director', refund: false })
    clock.increment(UNDO_WINDOW_MS)
    await settled()
    expect(sent).toEqual([{ kind: 'status', id: '4', status: 'completed', override: 'Paid in cash to the director', expected: 'pending' }])
  })

  it('an attendant chosen in the Confirm dialog is assigned at once, and the change then needs no override', async () => {
    const assigned: string[] = []
    const { actor, listReady, row, sent, clock, settled } = start({
      items: [aBooking('4')],
      assign: async () => {
        assigned.push('4:7')
        return { bookingId: '4', attendant: { id: '7', name: 'Peter Otieno' } }
      },
    })
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('4'), status: 'confirmed' })
    expect(actor.getSnapshot().context.pending).toMatchObject({ gaps: ['attendant'], needsReason: true })
    actor.send({ type: 'confirm.accept', reason: '', refund: false, attendantId: '7' })
    expect(actor.getSnapshot().hasTag('undoable')).toBe(true)
    await waitFor(actor, (s) => s.matches({ assignment: 'idle' }) && s.context.assigningId === null)
    expect(assigned).toEqual(['4:7'])
    expect(row('4').assignedAttendant?.name).toBe('Peter Otieno')
    expect(row('4').status).toBe('confirmed')
    clock.increment(UNDO_WINDOW_MS)
    await settled()
    // Sent as a plain change: the attendant is there now, nothing to override.
    expect(sent).toEqual([{ kind: 'status', id: '4', status: 'confirmed', expected: 'pending' }])
  })

  it('Undo within the window puts the row back and sends nothing; dismissing the dialog changes nothing', async () => {
    const { actor, listReady, row, sent, clock, messages } = start()
    await listReady()
    actor.send({ type: 'booking.setPayment', booking: row('2'), paymentStatus: 'refunded' })
    actor.send({ type: 'confirm.dismiss' })
    expect(row('2').payment_status).toBe('pending')
    actor.send({ type: 'booking.setPayment', booking: row('2'), paymentStatus: 'refunded' })
    actor.send({ type: 'confirm.accept', reason: '', refund: false })
    expect(row('2').payment_status).toBe('refunded')
    clock.increment(UNDO_WINDOW_MS / 2)
    actor.send({ type: 'change.undo' })
    clock.increment(UNDO_WINDOW_MS * 2)
    expect(row('2').payment_status).toBe('pending')
    expect(sent).toEqual([])
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.undone])
  })

  it('marking paid with no completed payment needs a receipt number or reason', async () => {
    const { actor, listReady, row, sent, clock, settled } = start()
    await listReady()
    actor.send({ type: 'booking.setPayment', booking: row('1'), paymentStatus: 'paid' })
    expect(actor.getSnapshot().context.pending?.needsReason).toBe(true)
    actor.send({ type: 'confirm.accept', reason: '  ', refund: false })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    actor.send({ type: 'confirm.accept', reason: 'Receipt 0042', refund: false })
    clock.increment(UNDO_WINDOW_MS)
    await settled()
    expect(sent).toEqual([{ kind: 'payment', id: '1', paymentStatus: 'paid', reason: 'Receipt 0042' }])
  })

  it('cancelling a paid booking says what was paid and refunds only when asked', async () => {
    const { actor, listReady, row, sent, clock, settled, messages } = start({ items: [aBooking('3', { amount_paid: 2500 })] })
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('3'), status: 'cancelled' })
    expect(actor.getSnapshot().context.pending).toMatchObject({ amountPaid: 2500, needsReason: false })
    actor.send({ type: 'confirm.accept', reason: 'Family request', refund: true })
    expect(row('3')).toMatchObject({ status: 'cancelled', payment_status: 'refunded' })
    clock.increment(UNDO_WINDOW_MS)
    await settled()
    expect(sent).toEqual([{ kind: 'cancel', id: '3', notes: 'Family request', refund: true, expected: 'pending' }])
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.cancelled])
  })

  it('a second change during the undo window sends the first at once and asks about the second', async () => {
    const { actor, listReady, row, sent, settled } = start()
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'completed' })
    actor.send({ type: 'confirm.accept', reason: '', refund: false })
    actor.send({ type: 'booking.setStatus', booking: row('2'), status: 'cancelled' })
    expect(actor.getSnapshot().context.pending?.id).toBe('2')
    await settled()
    expect(sent).toEqual([{ kind: 'status', id: '1', status: 'completed', expected: 'pending' }])
  })

  it('after a failed change while offline, the row shows the server value again and the same change is sent again', async () => {
    let offline = true
    const { actor, list, messages, listReady, row, sent, settled } = start({
      change: async (input) => {
        if (offline) throw new Error('Failed to fetch')
        return booking(input.id, 'confirmed')
      },
      failReload: () => offline,
    })
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'confirmed' })
    await settled()
    await waitFor(list, (s) => s.matches('failed'))
    // The reload failed too, yet the dropdown is back on what the server holds…
    expect(row('1').status).toBe('pending')
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.statusFailed, ADMIN_BOOKING_MESSAGES.loadFailed])
    // …so choosing the same value again is a change, and it goes through.
    offline = false
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'confirmed' })
    await settled()
    expect(sent).toHaveLength(2)
    expect(row('1').status).toBe('confirmed')
    expect(messages.at(-1)?.message).toBe(ADMIN_BOOKING_MESSAGES.statusUpdated)
  })

  it('changes of other rows wait their turn and are never dropped; only their rows are busy', async () => {
    const gate: Array<() => void> = []
    const { actor, listReady, row, sent, settled } = start({
      change: (input) => new Promise((resolve) => gate.push(() => resolve(booking(input.id, 'confirmed')))),
    })
    await listReady()
    actor.send({ type: 'booking.setStatus', booking: row('1'), status: 'confirmed' })
    actor.send({ type: 'booking.setStatus', booking: row('2'), status: 'confirmed' })
    expect([...busyBookingIds(actor.getSnapshot().context)].sort()).toEqual(['1', '2'])
    await waitFor(actor, () => gate.length === 1)
    gate.shift()?.()
    await waitFor(actor, (s) => s.context.queue.length === 1 && gate.length === 1)
    expect([...busyBookingIds(actor.getSnapshot().context)]).toEqual(['2'])
    gate.shift()?.()
    await settled()
    expect(sent.map((c) => c.id)).toEqual(['1', '2'])
  })

  it('assigns an attendant to the booking the server answers for', async () => {
    const { actor, messages, listReady, bookings } = start()
    await listReady()
    actor.send({ type: 'booking.assign', id: '1', attendantId: '7' })
    await waitFor(actor, (s) => s.matches({ assignment: 'idle' }) && s.context.assigningId === null)
    expect(bookings()[0]?.assignedAttendant?.name).toBe('Peter Otieno')
    expect(messages.map((m) => m.message)).toEqual(['Attendant assigned successfully'])
  })

  it('an attendant chosen on the row is shown at once and sent only when the undo window has passed; Undo puts the one before back and sends nothing', async () => {
    const assigned: string[] = []
    const { actor, listReady, bookings, clock, messages } = start({
      assign: async () => {
        assigned.push('1')
        return { bookingId: '1', attendant: { id: '7', name: 'Peter Otieno' } }
      },
    })
    await listReady()
    await waitFor(actor, (s) => s.context.attendants.length > 0)
    const row = bookings()[0]!
    actor.send({ type: 'booking.assignFromRow', booking: row, attendantId: '7' })
    expect(actor.getSnapshot().hasTag('assignUndoable')).toBe(true)
    expect(bookings()[0]?.assignedAttendant?.name).toBe('Peter Otieno')
    clock.increment(UNDO_WINDOW_MS / 2)
    actor.send({ type: 'assign.undo' })
    clock.increment(UNDO_WINDOW_MS * 2)
    expect(assigned).toEqual([])
    expect(bookings()[0]?.assignedAttendant ?? null).toEqual(row.assignedAttendant ?? null)
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.undone])

    actor.send({ type: 'booking.assignFromRow', booking: row, attendantId: '7' })
    clock.increment(UNDO_WINDOW_MS - 1)
    expect(assigned).toEqual([])
    clock.increment(1)
    await waitFor(actor, (s) => s.matches({ assignment: 'idle' }))
    expect(assigned).toEqual(['1'])
    expect(messages.map((m) => m.message)).toEqual([ADMIN_BOOKING_MESSAGES.undone, 'Attendant assigned successfully'])
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
    child.on('notify', (e) => messages.push(translated(e.message)))
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

describe('adminBookings machine, paged by the server', () => {
  /** A server of `total` bookings: each fetch records its query and answers that page with the total. */
  function paged(total = 45) {
    const queries: BookingsQuery[] = []
    const clock = new SimulatedClock()
    const list = allBookingsMachine.provide({
      actors: {
        fetchItems: fromPromise(async ({ input }) => {
          const query = input as unknown as BookingsQuery
          queries.push(query)
          const ids = Array.from({ length: total }, (_, i) => String(i + 1)).slice((query.page - 1) * query.limit, query.page * query.limit)
          return pageOf(ids.map((id) => booking(id)), total)
        }),
      },
    })
    const actor = createActor(adminBookingsMachine.provide({ actors: { allBookings: list, fetchAttendants: fromPromise<User[], void>(async () => []) } }), { clock })
    actor.start()
    const child = actor.getSnapshot().children.list!
    const ready = () => waitFor(child, (s) => s.matches('ready'))
    return { actor, child, queries, clock, ready }
  }

  it('asks for page 1 of 20, newest first, then the page, sort and status chosen, each at once', async () => {
    const { actor, child, queries, ready } = paged()
    await ready()
    expect(queries).toEqual([{ page: 1, limit: 20, search: '', status: 'all', sort: 'newest' }])
    expect(child.getSnapshot().context.total).toBe(45)
    actor.send({ type: 'bookings.page', page: 3 })
    await ready()
    const page3 = shownPage(child.getSnapshot().context.items, child.getSnapshot().context.total, actor.getSnapshot().context.view)
    expect(page3).toMatchObject({ matching: 45, page: 3, pages: 3, first: 41 })
    expect(page3.rows.map((b) => b.id)).toEqual(['41', '42', '43', '44', '45'])
    actor.send({ type: 'bookings.sort', sort: 'oldest' })
    await ready()
    actor.send({ type: 'bookings.filter', status: 'confirmed' })
    await ready()
    expect(queries.slice(1)).toEqual([
      { page: 3, limit: 20, search: '', status: 'all', sort: 'newest' },
      { page: 3, limit: 20, search: '', status: 'all', sort: 'oldest' },
      { page: 1, limit: 20, search: '', status: 'confirmed', sort: 'oldest' },
    ])
    // A reload (Retry, or after a refused change) asks for the same page again.
    actor.send({ type: 'bookings.reload' })
    await ready()
    expect(queries.at(-1)).toEqual({ page: 1, limit: 20, search: '', status: 'confirmed', sort: 'oldest' })
    actor.stop()
  })

  it('sends the search only once typing pauses, with the last words, from page 1', async () => {
    const { actor, queries, clock, ready } = paged()
    await ready()
    actor.send({ type: 'bookings.page', page: 2 })
    await ready()
    actor.send({ type: 'bookings.filter', search: 'o' })
    clock.increment(BOOKINGS_SEARCH_PAUSE_MS - 1)
    actor.send({ type: 'bookings.filter', search: 'ou' })
    clock.increment(BOOKINGS_SEARCH_PAUSE_MS - 1)
    actor.send({ type: 'bookings.filter', search: ' ouma ' })
    expect(actor.getSnapshot().context.view).toMatchObject({ search: ' ouma ', page: 1 })
    clock.increment(BOOKINGS_SEARCH_PAUSE_MS - 1)
    expect(queries).toHaveLength(2)
    clock.increment(1)
    await ready()
    expect(queries.slice(2)).toEqual([{ page: 1, limit: 20, search: 'ouma', status: 'all', sort: 'newest' }])
    // A status chosen while words wait sends both at once, and the wait is dropped.
    actor.send({ type: 'bookings.filter', search: 'ouma k' })
    actor.send({ type: 'bookings.filter', status: 'pending' })
    await ready()
    clock.increment(BOOKINGS_SEARCH_PAUSE_MS * 2)
    expect(queries.slice(3)).toEqual([{ page: 1, limit: 20, search: 'ouma k', status: 'pending', sort: 'newest' }])
    actor.stop()
  })

  it('a page asked while another loads wins: the screen never shows the older answer', async () => {
    const answers: Array<(items: Booking[]) => void> = []
    const list = allBookingsMachine.provide({
      actors: {
        fetchItems: fromPromise(
          ({ input }) =>
            new Promise<Booking[]>((resolve) => {
              const query = input as unknown as BookingsQuery
              answers.push((items) => resolve(pageOf(items, 60 + query.page)))
            }),
        ),
      },
    })
    const actor = createActor(adminBookingsMachine.provide({ actors: { allBookings: list, fetchAttendants: fromPromise<User[], void>(async () => []) } }))
    actor.start()
    const child = actor.getSnapshot().children.list!
    actor.send({ type: 'bookings.page', page: 2 })
    expect(answers).toHaveLength(2)
    answers[0]!([booking('1')])
    answers[1]!([booking('21')])
    await waitFor(child, (s) => s.matches('ready'))
    expect(child.getSnapshot().context.items.map((b) => b.id)).toEqual(['21'])
    expect(child.getSnapshot().context.total).toBe(62)
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
    actor.on('notify', (e) => messages.push(translated(e.message)))
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
    actor.on('notify', (e) => messages.push(translated(e.message)))
    actor.start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'editor.open', editor: { mode: 'create' } })
    actor.send({ type: 'service.save', payload: { name: 'Tent', price: 100 } })
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null)
    expect(actor.getSnapshot().context.editor).toEqual({ mode: 'create' })
    expect(messages).toEqual(['Failed to create service'])
  })
})
