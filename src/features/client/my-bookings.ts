import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { createCollectionMachine } from '../../../machines/shared/collection.machine'
import { myBookings } from '../../api/bookings'
import type { Booking } from '../../../shared/contracts/bookings'
import { lineServiceName } from '../../../shared/contracts/services'
import { useNotifications } from '../../app/use-notifications'

/** The family's bookings (GET /bookings/my) as a list: shared by the client dashboard and My Bookings. */
export const liveMyBookings = createCollectionMachine<Booking>('myBookings').provide({
  actors: { fetchItems: fromPromise(() => myBookings()) },
})
export const BOOKINGS_FAILED = msg`Failed to load bookings`

/**
 * Run the list for a screen. A screen that shows its failure in place with Try again (the dashboard,
 * My Bookings) says it there only (`saidInPlace`); elsewhere (the Documents page's choice of
 * booking) it is a toast.
 */
export function useMyBookings({ saidInPlace = false }: { saidInPlace?: boolean } = {}) {
  const [snapshot, send, actorRef] = useMachine(liveMyBookings, { input: { failureMessage: BOOKINGS_FAILED, toast: !saidInPlace } })
  useNotifications(actorRef)
  return {
    bookings: snapshot.context.items,
    loading: snapshot.hasTag('loading'),
    /** No answer for a few seconds: the screen says so and offers Try again. */
    slow: snapshot.hasTag('slow'),
    loaded: snapshot.matches('ready'),
    error: snapshot.context.error,
    retry: () => send({ type: 'collection.fetch' }),
  }
}

/** Newest first by created_at (the server's order is not relied on). */
export function newestFirst(bookings: readonly Booking[]): Booking[] {
  return [...bookings].sort((a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0))
}

/** "Basic Funeral, Hearse Transport", in the language in use (the catalogue's Kiswahili names where given). Called while a screen renders. */
export function serviceNames(booking: Booking): string {
  return booking.services.map((s) => lineServiceName(s, i18n.locale)).join(', ')
}

/** Called while a screen renders, in the language in use. */
export function deceasedName(booking: Booking): string {
  return `${booking.deceased_first_name} ${booking.deceased_last_name}`.trim() || i18n._(msg`Booking #${booking.id}`)
}
