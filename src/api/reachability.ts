/**
 * Whether the server answered lately, as the API client saw it: the browser's own online flag
 * stays true on a dead line or with the server down, and a family must know that what they see
 * is old, and from when. Any answer (even a refusal) means the server is reachable; a call that
 * got no answer at all means it is not, until the next answer.
 */
export interface Reachability {
  /** The last call got no answer (network down, server unreachable). */
  unreachable: boolean
  /** When the server last answered (ms since the epoch), null before the first answer. */
  lastAnswerAt: number | null
}

let state: Reachability = { unreachable: false, lastAnswerAt: null }
const listeners = new Set<() => void>()

function set(next: Reachability) {
  if (next.unreachable === state.unreachable && next.lastAnswerAt === state.lastAnswerAt) return
  state = next
  listeners.forEach((l) => l())
}

export const reachability = {
  get: (): Reachability => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  answered(at: number = Date.now()) {
    set({ unreachable: false, lastAnswerAt: at })
  },
  noAnswer() {
    set({ ...state, unreachable: true })
  },
  /** An answer kept from an earlier visit is on screen: "as of" its time, unless a newer answer came since. */
  answeredEarlier(at: number) {
    if (state.lastAnswerAt === null || state.lastAnswerAt < at) set({ ...state, lastAnswerAt: at })
  },
}
