/**
 * The session's place in the first load. The auth actor (XState, the API client, zod contracts) is
 * a chunk of its own (the toasts another, src/app/toasts.tsx): a family opening the home page on a phone should not wait for
 * it. This module is all the first load carries: a context for the actor, the loader that starts
 * it once, and a hint of who is signed in read from the stored token (enough for the navigation
 * bar) until the actor is there.
 *
 * The actor starts only when a screen needs it (sign-in, register, a portal, a guard): such screens
 * call `useAuthActor()` (src/app/session.tsx), which suspends until it is ready.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import { jwtDecode } from 'jwt-decode'
import type { ActorOptions, ActorRefFrom, AnyActorLogic } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine'
import { normaliseRole, type Role } from '../../shared/contracts/roles'
import { TOKEN_KEY } from '../api/token-key'
import { useAfterHydration } from '../lib/hydration'
import { withCatalogs } from '../lib/i18n'
import { whenVisitorActs } from '../lib/first-interaction'

/** The one auth actor (its machine and its loading live in src/app/session.tsx). */
export type AuthActor = ActorRefFrom<AuthMachine>

/** An actor given from outside (tests) takes precedence over the loaded one. */
export const SessionContext = createContext<AuthActor | null>(null)

let inspect: ActorOptions<AnyActorLogic>['inspect'] | undefined
let pending: Promise<AuthActor> | null = null
let loaded: AuthActor | null = null
const listeners = new Set<() => void>()

/** Development only: the Stately inspector for the session actor (set before it loads). */
export function configureSessionLoader(options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] }) {
  inspect = options.inspect
}

/** The session's chunk, asked for once; the machines' words (toasts, the server's answers) come with it: the portal's catalogue. */
const loadSessionModule = withCatalogs(() => import('./session'), 'portal')

/** Load the session chunk and start the one auth actor (once; later calls get the same actor). */
export function loadSession(): Promise<AuthActor> {
  pending ??= loadSessionModule().then((m) => {
    loaded = m.startSession({ inspect })
    // Marked settled the way React's use() reads it: a screen mounted later gets the actor at once
    // instead of waiting a turn on a promise React has not seen before.
    Object.assign(pending as Promise<AuthActor>, { status: 'fulfilled', value: loaded })
    listeners.forEach((notify) => notify())
    return loaded
  })
  return pending
}

/**
 * Load the session when the visitor first acts on the page (a touch, a key, a field focused), or
 * at once when this device holds a token (someone already signed in, to be sent on). Creating the
 * session (its chunk, zod's schemas, the machines' first snapshot) is one long task on a slow phone;
 * a sign-in page can be read, and typed into, without it. Returns the cleanup for an effect.
 */
export function loadSessionWhenNeeded(): () => void {
  if (hintFromStoredToken().signedIn) {
    void loadSession()
    return () => {}
  }
  return whenVisitorActs(() => void loadSession())
}

/** The auth actor if it has been started, else null (never starts it). */
export function loadedSession(): AuthActor | null {
  return loaded
}

function subscribeLoaded(notify: () => void) {
  listeners.add(notify)
  return () => {
    listeners.delete(notify)
  }
}

/** The actor once it exists (from the context in tests, or the loaded one), else null. */
export function useLoadedSession(): AuthActor | null {
  const fromContext = useContext(SessionContext)
  const fromLoader = useSyncExternalStore(subscribeLoaded, loadedSession, () => null)
  return fromContext ?? fromLoader
}

export interface SessionHint {
  signedIn: boolean
  role: Role | null
}

/** Who the stored token says is signed in (decoded only; the actor verifies it with the server). */
export function hintFromStoredToken(): SessionHint {
  try {
    const token = localStorage.getItem(TOKEN_KEY)
    if (!token) return { signedIn: false, role: null }
    const payload = jwtDecode<{ exp?: number; role?: unknown }>(token)
    // The wall clock is right for a screen: this is only a hint for the navigation bar.
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return { signedIn: false, role: null }
    return { signedIn: true, role: normaliseRole(payload.role) }
  } catch {
    return { signedIn: false, role: null }
  }
}

const SIGNED_OUT: SessionHint = { signedIn: false, role: null }

/**
 * Signed in, and with which role: from the actor once it runs, else from the stored token. For
 * screens of the first load (the navigation bar); everything else uses `useSession()`. A page
 * whose HTML was rendered at build time is taken over as signed out (as its HTML shows), then
 * shows the stored token's hint.
 */
export function useSessionHint(): SessionHint {
  const loaded = useLoadedSession() !== null
  const signedIn = useLoadedSessionValue((s) => s.matches('signedIn'), null)
  const role = useLoadedSessionValue((s) => s.context.user?.role ?? null, null)
  const afterHydration = useAfterHydration()
  if (loaded) return signedIn ? { signedIn: true, role } : SIGNED_OUT
  return afterHydration ? hintFromStoredToken() : SIGNED_OUT
}

type AuthSnapshotOf = ReturnType<AuthActor['getSnapshot']>

/**
 * One value of the running session's snapshot, re-read when it changes; `whenNotLoaded` until the
 * actor runs. The value must be a primitive (React compares it to decide whether to re-render).
 */
export function useLoadedSessionValue<T extends string | boolean | null>(select: (snapshot: AuthSnapshotOf) => T, whenNotLoaded: T): T {
  const actor = useLoadedSession()
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!actor) return () => {}
      const sub = actor.subscribe(notify)
      return () => sub.unsubscribe()
    },
    [actor],
  )
  return useSyncExternalStore(subscribe, () => (actor ? select(actor.getSnapshot()) : whenNotLoaded), () => whenNotLoaded)
}

/** Sign out from a screen of the first load: starts the session if needed, then logs out. */
export function logoutFromAnywhere(actor: AuthActor | null) {
  if (actor) actor.send({ type: 'auth.logout' })
  else void loadSession().then((a) => a.send({ type: 'auth.logout' }))
}
