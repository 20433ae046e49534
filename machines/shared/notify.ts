/** What a machine tells the user; one bridge in src/app turns these into toasts. */
export type NotifyLevel = 'success' | 'error' | 'info' | 'warning'
export interface NotifyEvent {
  type: 'notify'
  level: NotifyLevel
  message: string
}
export const notify = (level: NotifyLevel, message: string): NotifyEvent => ({ type: 'notify', level, message })

/** The user-facing text of a failure: the server's message when it sent one, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const m = (error as { serverMessage?: unknown }).serverMessage
    if (typeof m === 'string' && m.trim()) return m
  }
  return fallback
}
