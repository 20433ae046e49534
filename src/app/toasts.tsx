/**
 * The toasts of SPEC.md section 9 (react-toastify and its stylesheet), in a chunk of their own,
 * asked for once the session runs, by the first render: a family's dashboard is drawn without
 * waiting for them (about 10 KB). Messages given before they are up wait in the bridge (./toast-bridge.ts).
 */
import { useContext, useEffect } from 'react'
import { ToastContainer, toast, type TypeOptions } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { useLocation } from 'react-router-dom'
import { LinguiContext } from '@lingui/react'
import { attachToasts } from './toast-bridge'
import { wordsKey, type NotifyEvent, type Words } from '../../machines/shared/notify'
import { TOAST_NAVIGATION_GRACE_MS, TOAST_OPTIONS } from '../lib/constants'
import { translated } from '../lib/i18n'

const toastType: Record<NotifyEvent['level'], TypeOptions> = {
  success: 'success',
  error: 'error',
  info: 'info',
  warning: 'warning',
}

/** When each toast on screen was shown, so a change of page can clear the older ones. */
const shownAt = new Map<string, number>()

/** A toast's words, translated while it is on screen: a change of language reaches it too. */
function ToastWords({ words }: { words: Words }) {
  // The language's context (renewed on a change of language): reading it re-renders the toast then.
  useContext(LinguiContext)
  return <>{translated(words)}</>
}

function showToast(event: NotifyEvent) {
  // Same text twice in a row (e.g. two lists failing at once) shows once.
  const toastId = `${event.level}:${wordsKey(event.message)}`
  shownAt.set(toastId, Date.now())
  toast(<ToastWords words={event.message} />, { type: toastType[event.level], toastId, onClose: () => shownAt.delete(toastId) })
}

/**
 * A new page clears what the previous one said: a toast shown before the navigation would sit over
 * the next page's title or buttons. One shown just before it (e.g. 'Booking created' then the
 * booking's page) belongs to the move itself and stays.
 */
function dismissToastsOlderThan(ms: number) {
  const now = Date.now()
  for (const [id, at] of shownAt) {
    if (now - at > ms) {
      toast.dismiss(id)
      shownAt.delete(id)
    }
  }
}

/** The toasts of SPEC.md section 9; mounted with the session (messages sent earlier wait in the bridge). */
export function Toasts() {
  // After ToastContainer's own subscription (children's effects run first), so it receives them.
  useEffect(() => attachToasts(showToast), [])
  const { pathname } = useLocation()
  useEffect(() => dismissToastsOlderThan(TOAST_NAVIGATION_GRACE_MS), [pathname])
  // Top centre, under the top bar; on a phone also compact and see-through to taps (src/app/global.css).
  return <ToastContainer {...TOAST_OPTIONS} />
}
