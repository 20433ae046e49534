import { useEffect } from 'react'
import type { AnyActorRef } from 'xstate'
import { bridgeNotifications } from './toast-bridge'

/** The actor's `notify` events become toasts while the screen that runs it is mounted. */
export function useNotifications(actor: AnyActorRef) {
  useEffect(() => {
    const sub = bridgeNotifications(actor)
    return () => sub.unsubscribe()
  }, [actor])
}
