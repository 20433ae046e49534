import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { createCollectionMachine } from '../../../machines/shared/collection.machine'
import { myBookings } from '../../api/bookings'
import { currentToken } from '../../api/client'
import { readEarly } from '../../api/early'
import type { Booking } from '../../../shared/contracts/bookings'
import { lineServiceName } from '../../../shared/contracts/services'
import { useNotifications } from '../../app/use-notifications'

export const BOOKINGS_FAILED = msg`Failed to load bookings`

/**
 * The answer the family's page asked for before its scripts (src/early-data.ts), read as this code
 * loads: long in by then, so the dashboard draws the bookings in its first render instead of a
 * skeleton and a second render (on a slowed phone, some 0.2 s sooner). Only for the same account
 * within a short while (another account signed in on this phone, a sign-in again, minutes later:
 * fetched as always). Read while rendering (a render React throws away and does again reads it
 * again), and taken once a list is on screen: still under way then, it is that list's first fetch.
 */
let firstAnswer = readEarly('/bookings/my', currentToken(), myBookings)
const FIRST_ANSWER_FRESH_MS = 30_000
function usableFirstAnswer() {
  const first = firstAnswer
  return first && first.token === currentToken() && performance.now() - first.askedAt <= FIRST_ANSWER_FRESH_MS ? first : null
}

/** The family's bookings (GET /bookings/my) as a list: shared by the client dashboard and My Bookings. */
export const liveMyBookings = createCollectionMachine<Booking>('myBookings').provide({
  actors: {
    fetchItems: fromPromise(() => {
      const first = usableFirstAnswer()
      firstAnswer = null
      return first ? first.answer : myBookings()
    }),
  },
})

/**
 * Run the list for a screen. A screen that shows its failure in place with Try again (the dashboard,
 * My Bookings) says it there only (`saidInPlace`); elsewhere (the Documents page's choice of
 * booking) it is a toast.
 */
export function useMyBookings({ saidInPlace = false }: { saidInPlace?: boolean } = {}) {
  const [items] = useState(() => usableFirstAnswer()?.value)
  const [snapshot, send, actorRef] = useMachine(liveMyBookings, { input: { failureMessage: BOOKINGS_FAILED, toast: !saidInPlace, items } })
  // On screen (after the list's own start, which takes it if it fetches): no later list gets it.
  useEffect(() => {
    firstAnswer = null
  }, [])
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
