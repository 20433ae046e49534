/**
 * Run `callback` once, when the visitor first acts on the page: a touch or click, a key, a field
 * focused. For code a form needs only once someone uses it (the session, a submission machine):
 * created while the page is being read, it is one long task on a slow phone, and a page nobody
 * touches never pays for it. Returns the cancel function, ready to be an effect's cleanup.
 */
export function whenVisitorActs(callback: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const
  const stop = () => events.forEach((type) => document.removeEventListener(type, act, true))
  function act() {
    stop()
    callback()
  }
  events.forEach((type) => document.addEventListener(type, act, true))
  return stop
}
