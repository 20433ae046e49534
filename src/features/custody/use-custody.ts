import { useEffect } from 'react'
import { useMachine } from '@xstate/react'
import type { Booking } from '../../../shared/contracts/bookings'
import type { CustodyRequest } from '../../../shared/contracts/custody'
import { useNotifications } from '../../app/use-notifications'
import { liveCustody } from './live-custody'

/**
 * One booking's chain of custody for a screen; its messages become toasts. `onBookingChanged`
 * hears the booking as the server answered a new movement (a release changes it).
 */
export function useCustody(bookingId: string, onBookingChanged?: (booking: Booking) => void) {
  const [snapshot, send, actorRef] = useMachine(liveCustody, { input: { bookingId } })
  useNotifications(actorRef)
  useEffect(() => {
    if (!onBookingChanged) return
    const sub = actorRef.on('custody.bookingChanged', (e) => onBookingChanged(e.booking))
    return () => sub.unsubscribe()
  }, [actorRef, onBookingChanged])
  return {
    record: snapshot.context.record,
    loading: snapshot.hasTag('loading'),
    /** No answer for a few seconds: said with Try again. */
    slow: snapshot.hasTag('slow'),
    saving: snapshot.hasTag('saving'),
    error: snapshot.context.error,
    saveError: snapshot.context.saveError,
    /** A receipt refused because the cold room is full: its places and the bodies there. */
    coldRoomFull: snapshot.context.coldRoomFull,
    notice: snapshot.context.notice,
    savedCount: snapshot.context.savedCount,
    reload: () => send({ type: 'custody.reload' }),
    add: (request: CustodyRequest) => send({ type: 'custody.add', request }),
  }
}
