import { useEffect } from 'react'
import type { AnyActorRef } from 'xstate'
import { bridgeNotifications } from './toast-bridge'

/**
 * The actor's `notify` events become toasts while the screen that runs it is mounted. Accepts an
 * actor that may not exist yet (a child that is spawned later, a dialog's actor).
 */
export function useNotifications(actor: AnyActorRef | undefined) {
  useEffect(() => {
    if (!actor) return
    const sub = bridgeNotifications(actor)
    return () => sub.unsubscribe()
  }, [actor])
}
