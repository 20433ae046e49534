import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { caseloadMachine } from '../../../machines/morgue/caseload.machine'
import { attendantBookings } from '../../api/bookings'
import { moveTransport, releaseBody, saveTasks } from '../../api/morgue'
import type { PrepTask } from '../../api/contracts/morgue'
import { bridgeNotifications } from '../../app/toast-bridge'

export const liveCaseload = caseloadMachine.provide({
  actors: {
    fetchBookings: fromPromise(() => attendantBookings()),
    saveTasks: fromPromise(({ input }: { input: { id: string; tasks: PrepTask[] } }) => saveTasks(input.id, input.tasks)),
    release: fromPromise(({ input }: { input: { id: string } }) => releaseBody(input.id)),
    moveTransport: fromPromise(({ input }: { input: { id: string; status: 'departed' | 'delivered' } }) => moveTransport(input.id, input.status)),
  },
})

/** The attendant's caseload for one screen; its messages become toasts. */
export function useCaseload() {
  const [snapshot, send, actorRef] = useMachine(liveCaseload)
  useEffect(() => {
    const sub = bridgeNotifications(actorRef)
    return () => sub.unsubscribe()
  }, [actorRef])
  return {
    bookings: snapshot.context.bookings,
    loading: snapshot.hasTag('loading'),
    loaded: !snapshot.hasTag('loading') && !snapshot.matches('failed'),
    saving: snapshot.hasTag('saving'),
    busyId: snapshot.context.busyId,
    error: snapshot.context.error,
    reload: () => send({ type: 'caseload.reload' }),
    saveTasks: (id: string, tasks: PrepTask[]) => send({ type: 'caseload.saveTasks', id, tasks }),
    release: (id: string) => send({ type: 'caseload.release', id }),
    transport: (id: string, status: 'departed' | 'delivered') => send({ type: 'caseload.transport', id, status }),
  }
}
