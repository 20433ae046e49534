import type { MessageDescriptor } from '@lingui/core'

/**
 * Words a machine gives the user: SPEC.md's English as it is (it is also its id in the catalogues),
 * or, when the words carry values, a message descriptor (id, English and values: plain data). The
 * screen translates either where it shows them (`translated` in src/lib/i18n.ts), so a change of
 * language reaches what is on screen and machines hold no UI code.
 */
export type Words = string | MessageDescriptor

/** One key per distinct message (same words, same values), e.g. to show a toast once. */
export const wordsKey = (words: Words): string => (typeof words === 'string' ? words : `${words.id}${JSON.stringify(words.values ?? {})}`)

/** What a machine tells the user; one bridge in src/app turns these into toasts. */
export type NotifyLevel = 'success' | 'error' | 'info' | 'warning'
export interface NotifyEvent {
  type: 'notify'
  level: NotifyLevel
  message: Words
}
export const notify = (level: NotifyLevel, message: Words): NotifyEvent => ({ type: 'notify', level, message })

/** The user-facing text of a failure: the server's message when it sent one, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const m = (error as { serverMessage?: unknown }).serverMessage
    if (typeof m === 'string' && m.trim()) return m
  }
  return fallback
}
