import type { AnyActorRef } from 'xstate'
import type { NotifyEvent } from '../../machines/shared/notify'

/** How a notification reaches the screen; given by the toast container once it is up (src/app/toasts.tsx). */
export type ShowNotification = (event: NotifyEvent) => void

let show: ShowNotification | null = null
let waiting: NotifyEvent[] = []

const sameAs = (a: NotifyEvent) => (b: NotifyEvent) => a.level === b.level && a.message === b.message

/**
 * The one place business messages become toasts: machines emit `notify`, this shows it. The toast
 * container comes with a chunk loaded later than the first screen, and a guard can speak before it
 * is there, so messages wait here until a container has attached; nothing is dropped.
 */
export function showNotification(event: NotifyEvent) {
  if (!event.message) return
  if (show) show(event)
  // Same text twice while waiting (e.g. a guard rendered twice) shows once, as it would on screen.
  else if (!waiting.some(sameAs(event))) waiting.push(event)
}

/**
 * Called by the toast container when it has mounted: the waiting messages are shown, then every
 * later one. Returns the detach for its unmount. Attaching is deferred by a microtask because
 * React's StrictMode mounts, unmounts and mounts again at once: messages handed to the first,
 * short-lived container would vanish with it (react-toastify's own queue loses them that way).
 */
export function attachToasts(next: ShowNotification): () => void {
  let detached = false
  queueMicrotask(() => {
    if (detached) return
    show = next
    const queued = waiting
    waiting = []
    queued.forEach(next)
  })
  return () => {
    detached = true
    if (show === next) show = null
  }
}

export function bridgeNotifications(actor: AnyActorRef) {
  return actor.on('notify', (event: NotifyEvent) => showNotification(event))
}
