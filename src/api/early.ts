/**
 * The answers `src/early-data.ts` started before the app's scripts arrived, each handed once to
 * the first call for the same path with the same token; else (none, another path, it failed) the
 * call asks as usual, so errors and a 401 are handled as they always were.
 */
interface Early {
  path: string
  token: string
  answer: Promise<unknown>
}

const EARLY_KEY = '__afhEarly'

const slot = () => (typeof window === 'undefined' ? null : (window as unknown as Record<string, Early[] | undefined>))
/** The early answer for `path` asked with `token`, still waiting to be taken, if any. */
const waiting = (path: string, token: string | null) => slot()?.[EARLY_KEY]?.find((e) => e.path === path && e.token === token)

export function earlyOr(path: string, token: string | null, ask: () => Promise<unknown>): Promise<unknown> {
  const early = waiting(path, token)
  if (!early) return ask()
  // Handed once: a later call (a refresh) asks the server afresh.
  const answers = slot()!
  answers[EARLY_KEY] = answers[EARLY_KEY]!.filter((e) => e !== early)
  return early.answer.catch(ask)
}

/** Whether an early answer for `path`, asked with `token`, is waiting to be taken. */
export const hasEarly = (path: string, token: string | null): boolean => waiting(path, token) !== undefined

/** A call under way, its answer readable during a render once it has come (`value`). */
export interface Readable<T> {
  answer: Promise<T>
  value?: T
  /** The token it was asked with: it is someone else's answer once that changes. */
  token: string | null
  /** When it was asked (`performance.now()`): an old answer is asked again. */
  askedAt: number
}

/**
 * Starts reading an answer the page asked for early, as a screen's code loads, so that its first
 * render can draw it (it came long before that code). Null when there is none: the screen asks as usual.
 */
export function readEarly<T>(path: string, token: string | null, call: () => Promise<T>): Readable<T> | null {
  if (!hasEarly(path, token)) return null
  const readable: Readable<T> = { answer: call(), token, askedAt: performance.now() }
  readable.answer.then(
    (value) => void (readable.value = value),
    () => {
      // Whoever takes the call hears of its failure.
    },
  )
  return readable
}
