import { useEffect } from 'react'
import type { AnyActorRef } from 'xstate'

/** Whether the page is hidden now (a polling machine starts paused in a background tab). */
export const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden'

/** Tells a polling machine when the page is hidden or shown again (no polling in a background tab). */
export function usePageVisibility(actor: AnyActorRef) {
  useEffect(() => {
    const onVisibility = () => actor.send({ type: pageHidden() ? 'visibility.hidden' : 'visibility.visible' })
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [actor])
}

/** Something was read or written: the side menu's count and the inbox look again at once. */
export const MESSAGES_CHANGED = 'afh:messages-changed'
export const announceMessagesChanged = () => window.dispatchEvent(new Event(MESSAGES_CHANGED))

export function useOnMessagesChanged(actor: AnyActorRef) {
  useEffect(() => {
    const refresh = () => actor.send({ type: 'refresh' })
    window.addEventListener(MESSAGES_CHANGED, refresh)
    return () => window.removeEventListener(MESSAGES_CHANGED, refresh)
  }, [actor])
}
