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

export function earlyOr(path: string, token: string | null, ask: () => Promise<unknown>): Promise<unknown> {
  if (typeof window === 'undefined') return ask()
  const slot = window as unknown as Record<string, Early[] | undefined>
  const all = slot[EARLY_KEY] ?? []
  const early = all.find((e) => e.path === path && e.token === token)
  if (!early) return ask()
  // Handed once: a later call (a refresh) asks the server afresh.
  slot[EARLY_KEY] = all.filter((e) => e !== early)
  return early.answer.catch(ask)
}
