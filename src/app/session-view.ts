/**
 * The session as the sign-in screen sees it, without loading it first: kept apart from
 * session-slot.tsx (which is in the first load of `/`) so the home page does not carry it.
 */
import type { Role } from '../../shared/contracts/roles'
import type { AuthActor } from './session-slot'
import { loadSession, useLoadedSessionValue } from './session-slot'

export type SessionStatusView = 'booting' | 'signedOut' | 'signedIn'

/** What the sign-in screen needs of the session, without loading it first (see `useSessionView`). */
export interface SessionView {
  status: SessionStatusView
  role: Role | null
  loading: boolean
  /** Two-step sign-in under way: the last digits of the phone the code went to (else ''). */
  codeTo: string
  /** Why the last sign-in (or code) was refused, shown on the form until the next try (else ''). */
  error: string
}

const NOT_LOADED = 'booting||0|'

/**
 * The session's status, role and busy flag once the actor runs; 'booting' until then. For the
 * sign-in screen, which must not wait for (nor statically import) the session chunk: it starts
 * loading it on mount and sends the credentials when it is there (`signInWhenReady`).
 */
export function useSessionView(): SessionView {
  const key = useLoadedSessionValue((s) => {
    const status: SessionStatusView = s.matches('signedIn') ? 'signedIn' : s.matches('booting') ? 'booting' : 'signedOut'
    const codeTo = s.matches({ signedOut: 'codeNeeded' }) || s.matches({ signedOut: 'verifyingCode' }) ? (s.context.codeStep?.phoneEnding ?? '') : ''
    // The error last: its words may hold any character.
    return `${status}|${s.context.user?.role ?? ''}|${s.hasTag('loading') ? 1 : 0}|${codeTo}|${status === 'signedOut' ? (s.context.error ?? '') : ''}`
  }, NOT_LOADED)
  const [status, role, loading, codeTo, ...error] = key.split('|')
  return {
    status: status as SessionStatusView,
    role: (role || null) as Role | null,
    loading: loading === '1',
    codeTo: codeTo ?? '',
    error: error.join('|'),
  }
}

/** Sign in through the session actor (`useLoadedSession()`'s), loading it first if it is not there yet. */
export function signInWhenReady(actor: AuthActor | null, credentials: { email: string; password: string }): Promise<void> {
  return (actor ? Promise.resolve(actor) : loadSession()).then((a) => {
    a.send({ type: 'auth.login', credentials })
  })
}
