import { useCallback, useEffect } from 'react'
import { fromPromise } from 'xstate'
import { useMachine, useSelector } from '@xstate/react'
import { attendantBookingsMachine, caseloadMachine } from '../../../machines/morgue/caseload.machine'
import { attendantBookings } from '../../api/bookings'
import { moveTransport, saveTasks, setPickup } from '../../api/morgue'
import type { Booking } from '../../../shared/contracts/bookings'
import type { PrepTask } from '../../../shared/contracts/morgue'
import { bridgeNotifications } from '../../app/toast-bridge'

/** One empty list before the list child exists, so screens do not see a new one every render. */
const NO_BOOKINGS: Booking[] = []

export const liveCaseload = caseloadMachine.provide({
  actors: {
    attendantBookings: attendantBookingsMachine.provide({ actors: { fetchItems: fromPromise(() => attendantBookings()) } }),
    saveTasks: fromPromise(({ input }: { input: { id: string; tasks: PrepTask[] } }) => saveTasks(input.id, input.tasks)),
    moveTransport: fromPromise(({ input }: { input: { id: string; status: 'departed' | 'delivered' } }) => moveTransport(input.id, input.status)),
    setPickup: fromPromise(({ input }: { input: { id: string; pickup: string } }) => setPickup(input.id, input.pickup)),
  },
})

/** The attendant's caseload for one screen; its messages (and its list's) become toasts. */
export function useCaseload() {
  const [snapshot, send, actorRef] = useMachine(liveCaseload)
  const list = snapshot.children.list
  useEffect(() => {
    const subs = [bridgeNotifications(actorRef), ...(list ? [bridgeNotifications(list)] : [])]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actorRef, list])
  const bookings = useSelector(list, (s) => s?.context.items ?? NO_BOOKINGS)
  const loading = useSelector(list, (s) => s?.hasTag('loading') ?? true)
  const listState = useSelector(list, (s) => s?.value)
  const error = useSelector(list, (s) => s?.context.error ?? null)
  const replace = useCallback((booking: Booking) => send({ type: 'caseload.replace', booking }), [send])
  return {
    bookings,
    loading,
    loaded: listState === 'ready',
    saving: snapshot.hasTag('saving'),
    busyId: snapshot.context.busyId,
    error,
    reload: () => send({ type: 'caseload.reload' }),
    /** Ticks waiting to be saved, oldest first (see `shownTasks`). */
    taskQueue: snapshot.context.taskQueue,
    tickTask: (id: string, task: PrepTask, done: boolean) => send({ type: 'caseload.tickTask', id, task, done }),
    /** A booking as the server answered it elsewhere (a release in the chain of custody). */
    replace,
    transport: (id: string, status: 'departed' | 'delivered') => send({ type: 'caseload.transport', id, status }),
    setPickup: (id: string, pickup: string) => send({ type: 'caseload.pickup', id, pickup }),
  }
}
