import { toast, type TypeOptions } from 'react-toastify'
import type { AnyActorRef } from 'xstate'
import type { NotifyEvent } from '../../machines/shared/notify'

const toastType: Record<NotifyEvent['level'], TypeOptions> = {
  success: 'success',
  error: 'error',
  info: 'info',
  warning: 'warning',
}

/** The one place business messages become toasts: machines emit `notify`, this shows it. */
export function showNotification(event: NotifyEvent) {
  if (!event.message) return
  // Same text twice in a row (e.g. two lists failing at once) shows once.
  toast(event.message, { type: toastType[event.level], toastId: `${event.level}:${event.message}` })
}

export function bridgeNotifications(actor: AnyActorRef) {
  return actor.on('notify', (event: NotifyEvent) => showNotification(event))
}
