import { use, useContext, useMemo, type ReactNode } from 'react'
import { createActor, type ActorOptions, type AnyActorLogic, type SnapshotFrom } from 'xstate'
import { useSelector } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { createAuthMachine, type AuthEvent, type AuthMachine } from '../../machines/auth/auth.machine'
import * as authApi from '../api/auth'
import { TOKEN_KEY, configureApi } from '../api/client'
import { forgetKeptAnswers } from '../api/kept-answers'
import type { ProfileRequest, LoginRequest } from '../../shared/contracts/auth'
import type { VerifyCodeRequest } from '../../shared/contracts/two-factor'
import { bridgeNotifications } from './toast-bridge'
import { SessionContext, loadSession, type AuthActor } from './session-slot'
import './word-templates'

export type AuthSnapshot = SnapshotFrom<AuthMachine>

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

/** The auth machine with the app's real I/O (the API and localStorage) on the wall clock. */
export const liveAuthMachine = createAuthMachine(() => Date.now()).provide({
  actors: {
    login: fromPromise(({ input }: { input: LoginRequest }) => authApi.signIn(input)),
    verifyCode: fromPromise(({ input }: { input: VerifyCodeRequest }) => authApi.verifyCode(input)),
    fetchMe: fromPromise(() => authApi.me()),
    updateProfile: fromPromise(({ input }: { input: ProfileRequest }) => authApi.updateProfile(input)),
    renewal: fromCallback<AuthEvent>(({ sendBack }) => {
      authApi.renew().then(
        ({ token }) => sendBack({ type: 'auth.renewed', token }),
        () => sendBack({ type: 'auth.renewFailed' }),
      )
    }),
  },
  actions: {
    storeToken: (_, params: { token: string }) => {
      try {
        localStorage.setItem(TOKEN_KEY, params.token)
      } catch {
        /* private mode: the session lasts until reload */
      }
    },
    forgetToken: () => {
      try {
        localStorage.removeItem(TOKEN_KEY)
      } catch {
        /* nothing stored */
      }
      // What was kept for offline use is this person's: not for whoever uses the phone next.
      forgetKeptAnswers()
    },
  },
})

/** Create and start the session actor, wired to the API client (token source and 401 catcher). */
export function startSession(options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] } = {}): AuthActor {
  const actor = createActor(liveAuthMachine, { input: { storedToken: readStoredToken() }, inspect: options.inspect })
  configureApi({
    getToken: () => actor.getSnapshot().context.token ?? readStoredToken(),
    // Many calls can fail with 401 at once: the machine leaves signedIn on the first and ignores the rest.
    onUnauthorized: () => actor.send({ type: 'session.expired' }),
  })
  bridgeNotifications(actor)
  actor.start()
  watchActivity(actor)
  return actor
}

/** What counts as the user being there: polling in the background does not, so an idle session still ends. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
const ACTIVITY_EVERY_MS = 15_000

/** Tells the session, at most every few seconds, that the user is active (it renews the token when due). */
function watchActivity(actor: AuthActor): void {
  if (typeof window === 'undefined') return
  let last = 0
  const active = () => {
    const now = Date.now()
    if (now - last < ACTIVITY_EVERY_MS) return
    last = now
    actor.send({ type: 'user.active' })
  }
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, active, { passive: true, capture: true })
}

export function SessionProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

/**
 * The auth actor: the one given by a SessionProvider (tests), else the app's, started on first
 * need. Suspends (React `use`) while the session chunk starts, so call it under a Suspense.
 */
export function useAuthActor(): AuthActor {
  // The same promise on every render, settled once the session runs, so a render that waited and
  // is replayed calls use() again, as React requires (a given actor is there from the first render).
  return useContext(SessionContext) ?? use(loadSession())
}

export type SessionStatus = 'booting' | 'signedOut' | 'signedIn'

/** What screens need to know of the session. */
export function useSession() {
  const actor = useAuthActor()
  const status = useSelector(actor, (s): SessionStatus => (s.matches('signedIn') ? 'signedIn' : s.matches('booting') ? 'booting' : 'signedOut'))
  const user = useSelector(actor, (s) => s.context.user)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const error = useSelector(actor, (s) => s.context.error)
  return useMemo(
    () => ({
      status,
      user,
      role: user?.role ?? null,
      loading,
      error,
      login: (credentials: LoginRequest) => actor.send({ type: 'auth.login', credentials }),
      logout: () => actor.send({ type: 'auth.logout' }),
      clearError: () => actor.send({ type: 'auth.clearError' }),
    }),
    [actor, status, user, loading, error],
  )
}

/** Subscribe to a selector of the auth snapshot. */
export function useAuthSelector<T>(selector: (s: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector)
}

// The landing page's live prices come with this chunk (see starting-prices.ts).
export { loadStartingPrices } from './starting-prices'
