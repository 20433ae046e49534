/**
 * The answer `src/early-data.ts` started before the app's scripts arrived, handed once to the
 * first call for the same path with the same token; else (none, another path, it failed) the
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
  const slot = window as unknown as Record<string, Early | undefined>
  const early = slot[EARLY_KEY]
  if (!early || early.path !== path || early.token !== token) return ask()
  slot[EARLY_KEY] = undefined
  return early.answer.catch(ask)
}
