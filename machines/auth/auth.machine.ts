import { assertEvent, assign, cancel, emit, enqueueActions, fromCallback, fromPromise, raise, setup, spawnChild, stopChild } from 'xstate'
import type { AuthResponse, LoginRequest, ProfileRequest, SessionUser, User } from '../../shared/contracts/auth'
import type { CodeRequiredResponse, VerifyCodeRequest } from '../../shared/contracts/two-factor'
import { notify, type NotifyEvent } from '../shared/notify'
import { slowLoading } from '../shared/slow-load'
import { recordFailure, serverMessageOnForm, serverMessageOr } from '../shared/failure'
import { sessionFromToken } from './session-token'

export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed. Please try again.',
  codeFailed: 'The code could not be checked. Please try again.',
  logout: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully',
  profileFailed: 'Profile update failed',
} as const

export interface AuthContext {
  user: SessionUser | null
  token: string | null
  expiresAt: number | null
  /** When the token was issued: past half its life, the user's activity asks for a fresh one. */
  issuedAt: number | null
  /** A fresh token has been asked for and not yet received. */
  renewing: boolean
  error: string | null
  /** Why the last session ended: a logout goes home quietly, an expiry asks to sign in again. */
  endedBy: 'logout' | 'expired' | null
  /** The toast of the sign-in under way: a family that has just registered is welcomed instead. */
  loginMessage: string
  /** Two-step sign-in (staff, when the home asks for it): the password was right, a code went by SMS to the phone ending so. */
  codeStep: { challenge: string; phoneEnding: string } | null
}

export type AuthEvent =
  | { type: 'auth.login'; credentials: LoginRequest; successMessage?: string }
  | { type: 'auth.logout' }
  | { type: 'session.expired' }
  | { type: 'auth.updateProfile'; changes: ProfileRequest }
  | { type: 'auth.clearError' }
  | { type: 'auth.setUser'; user: SessionUser }
  | { type: 'auth.reloadProfile' }
  /** A new token for the signed-in user (signed in again after choosing a new password: the old token ended with it). */
  | { type: 'auth.signedInAgain'; response: AuthResponse }
  /** The user did something (a key, a click, a touch): an active session is renewed, an idle one ends at the timeout. */
  | { type: 'user.active' }
  | { type: 'auth.renewed'; token: string }
  | { type: 'auth.renewFailed' }
  | { type: 'session.lifetimeEnded' }
  | { type: 'auth.verifyCode'; code: string }
  | { type: 'auth.cancelCode' }

export interface AuthInput {
  /** The token found in storage at start-up, if any. */
  storedToken: string | null
}

function toSessionUser(user: User): SessionUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role, phone: user.phone ?? null, address: user.address ?? null, ...(user.sms_notifications === undefined ? {} : { sms_notifications: user.sms_notifications }), ...(user.language ? { language: user.language } : {}), ...(user.must_change_password ? { must_change_password: true } : {}), ...(user.created_at ? { created_at: user.created_at } : {}) }
}

interface SessionEnd {
  endedBy: 'logout' | 'expired'
}

/** The session a sign-in's answer starts. */
function signedInWith(answer: AuthResponse, at: number) {
  const session = sessionFromToken(answer.token, at)
  return {
    token: answer.token,
    user: toSessionUser(answer.user),
    expiresAt: session?.expiresAt ?? null,
    issuedAt: session?.issuedAt ?? null,
    error: null,
    endedBy: null,
  }
}

/** setTimeout cannot wait longer than ~24.8 days. */
const MAX_DELAY = 2_147_483_647

/**
 * The session machine on a clock ("now" in ms): the app passes the wall clock, tests a fixed or
 * simulated one. The machine never reads Date.now() itself, so decoding and the expiry timer agree;
 * the clock stays in this closure, not in context, so the context is plain data.
 */
export function createAuthMachine(now: () => number) {
  return setup({
    types: {
      context: {} as AuthContext,
      events: {} as AuthEvent,
      input: {} as AuthInput,
      emitted: {} as NotifyEvent,
    },
    actors: {
      login: fromPromise<AuthResponse | CodeRequiredResponse, LoginRequest>(async () => {
        throw new Error('login actor not provided')
      }),
      verifyCode: fromPromise<AuthResponse, VerifyCodeRequest>(async () => {
        throw new Error('verifyCode actor not provided')
      }),
      fetchMe: fromPromise<User, void>(async () => {
        throw new Error('fetchMe actor not provided')
      }),
      updateProfile: fromPromise<User, ProfileRequest>(async () => {
        throw new Error('updateProfile actor not provided')
      }),
      /** Provided by the app: POST /auth/renew, answering 'auth.renewed' with the token or 'auth.renewFailed'. */
      renewal: fromCallback<AuthEvent>(({ sendBack }) => {
        sendBack({ type: 'auth.renewFailed' })
      }),
    },
    actions: {
      /** Provided by the app: localStorage.setItem('token', token). */
      storeToken: (_, _params: { token: string }) => {},
      /** Provided by the app: localStorage.removeItem('token'). */
      forgetToken: () => {},
      clearSession: assign({ user: null, token: null, expiresAt: null, issuedAt: null, renewing: false }),
      /** The session ends by itself when its token does (unless renewed first: the timer is then set again). */
      startLifetime: raise({ type: 'session.lifetimeEnded' }, { delay: 'sessionLifetime', id: 'lifetime' }),
      stopLifetime: cancel('lifetime'),
      /** Every way a session ends: the stored token goes, the user is forgotten, and why is kept. */
      // Typed by hand: inferring it would refer to this very list of actions.
      endSession: enqueueActions<AuthContext, AuthEvent, SessionEnd, AuthEvent, never, { type: 'forgetToken' | 'clearSession'; params: undefined }, never, never, NotifyEvent>(({ enqueue }, params) => {
        enqueue('forgetToken')
        enqueue('clearSession')
        enqueue.assign({ endedBy: params.endedBy })
      }),
      /**
       * The sign-in's success toast, unless the user must still choose a password: that screen comes
       * next, and a "Login successful!" drawn over its heading would say the job is done when it is not.
       */
      welcome: enqueueActions<AuthContext, AuthEvent, undefined, AuthEvent, never, never, never, never, NotifyEvent>(({ context, enqueue }) => {
        if (!context.user?.must_change_password) enqueue.emit(notify('success', context.loginMessage))
      }),
      /** The login or profile form's failure: its message (the server's when it sent one) and a toast. */
      fail: recordFailure<AuthContext, AuthEvent>('error'),
    },
    delays: {
      /** Until the token expires: then the session ends as if the server had answered 401. */
      sessionLifetime: ({ context }) =>
        context.expiresAt === null ? MAX_DELAY : Math.min(MAX_DELAY, Math.max(0, context.expiresAt - now())),
    },
    guards: {
      hasUsableStoredToken: ({ context }) => context.user !== null,
      hadStoredToken: ({ context }) => context.token !== null,
      /** Past half the token's life and not already asking: an active user gets a fresh token well before it ends. */
      renewalDue: ({ context }) =>
        !context.renewing && context.issuedAt !== null && context.expiresAt !== null && now() >= context.expiresAt - (context.expiresAt - context.issuedAt) / 2,
    },
  }).createMachine({
    id: 'auth',
    description: 'The session: who is signed in, with which role; the role picks the screen tree.',
    context: ({ input }) => {
      const session = sessionFromToken(input.storedToken, now())
      return {
        user: session?.user ?? null,
        // A stored token that turns out unusable is kept only until booting discards it.
        token: input.storedToken ?? null,
        expiresAt: session?.expiresAt ?? null,
        issuedAt: session?.issuedAt ?? null,
        renewing: false,
        error: null,
        endedBy: null,
        loginMessage: AUTH_MESSAGES.loginSuccess,
        codeStep: null,
      }
    },
    initial: 'booting',
    states: {
      booting: {
        description: 'Decode the stored token: a usable one starts the session, anything else is discarded.',
        always: [
          { guard: 'hasUsableStoredToken', target: 'signedIn.verifying' },
          { guard: 'hadStoredToken', target: 'signedOut', actions: { type: 'endSession', params: { endedBy: 'expired' } } },
          { target: 'signedOut' },
        ],
      },
      signedOut: {
        description: 'No session: only public screens.',
        initial: 'idle',
        on: {
          'auth.login': {
            target: '.loggingIn',
            actions: assign({ loginMessage: ({ event }) => event.successMessage ?? AUTH_MESSAGES.loginSuccess }),
          },
          'auth.setUser': { target: '#auth.signedIn.idle', actions: assign({ user: ({ event }) => event.user }) },
        },
        states: {
          idle: {
            description: 'Waiting for credentials.',
            on: { 'auth.clearError': { actions: assign({ error: null }) } },
          },
          loggingIn: {
            description: 'Credentials sent; the submit button reads "Signing in...".',
            tags: ['loading'],
            entry: assign({ error: null }),
            invoke: {
              src: 'login',
              input: ({ event }) => {
                assertEvent(event, 'auth.login')
                return event.credentials
              },
              onDone: [
                {
                  guard: ({ event }) => 'codeRequired' in event.output,
                  target: 'codeNeeded',
                  actions: assign(({ event }) => {
                    const step = event.output as CodeRequiredResponse
                    return { codeStep: { challenge: step.challenge, phoneEnding: step.phoneEnding } }
                  }),
                },
                {
                  target: '#auth.signedIn.idle',
                  actions: [
                    assign(({ event }) => signedInWith(event.output as AuthResponse, now())),
                    { type: 'storeToken', params: ({ event }) => ({ token: (event.output as AuthResponse).token }) },
                    'welcome',
                  ],
                },
              ],
              onError: {
                target: 'idle',
                actions: ['clearSession', 'forgetToken', { type: 'fail', params: serverMessageOnForm(AUTH_MESSAGES.loginFailed) }],
              },
            },
            on: { 'auth.login': {} },
          },
          codeNeeded: {
            description: 'The password was right and the home asks staff for a second step: the sign-in screen asks for the code sent by SMS.',
            on: {
              'auth.verifyCode': { target: 'verifyingCode', actions: assign({ error: null }) },
              'auth.cancelCode': { target: 'idle', actions: assign({ codeStep: null, error: null }) },
              'auth.clearError': { actions: assign({ error: null }) },
            },
          },
          verifyingCode: {
            description: 'The code sent; the button reads "Checking...".',
            tags: ['loading'],
            invoke: {
              src: 'verifyCode',
              input: ({ context, event }) => {
                assertEvent(event, 'auth.verifyCode')
                return { challenge: context.codeStep?.challenge ?? '', code: event.code.trim() }
              },
              onDone: {
                target: '#auth.signedIn.idle',
                actions: [
                  assign(({ event }) => ({ ...signedInWith(event.output, now()), codeStep: null })),
                  { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                  'welcome',
                ],
              },
              // A wrong code: its message, and another try (or back to the password after five).
              onError: { target: 'codeNeeded', actions: { type: 'fail', params: serverMessageOnForm(AUTH_MESSAGES.codeFailed) } },
            },
            on: { 'auth.verifyCode': {} },
          },
        },
      },
      signedIn: {
        description: "A session: the role's portal is shown.",
        initial: 'idle',
        entry: 'startLifetime',
        exit: ['stopLifetime', stopChild('renewal'), assign({ renewing: false })],
        on: {
          'session.lifetimeEnded': { target: 'signedOut', actions: { type: 'endSession', params: { endedBy: 'expired' } } },
          'user.active': { guard: 'renewalDue', actions: [assign({ renewing: true }), spawnChild('renewal', { id: 'renewal' })] },
          'auth.renewed': {
            actions: [
              stopChild('renewal'),
              assign(({ context, event }) => {
                const session = sessionFromToken(event.token, now())
                // An answer that cannot be read keeps the session as it was (it ends at the old token's time).
                if (!session) return { renewing: false }
                return { token: event.token, expiresAt: session.expiresAt, issuedAt: session.issuedAt, renewing: false, user: context.user }
              }),
              { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) },
              'stopLifetime',
              'startLifetime',
            ],
          },
          // Offline or a fault: the next activity asks again; a 401 arrives as session.expired.
          'auth.renewFailed': { actions: [stopChild('renewal'), assign({ renewing: false })] },
          'auth.logout': {
            target: 'signedOut',
            actions: [{ type: 'endSession', params: { endedBy: 'logout' } }, emit(notify('success', AUTH_MESSAGES.logout))],
          },
          'session.expired': { target: 'signedOut', actions: { type: 'endSession', params: { endedBy: 'expired' } } },
          'auth.setUser': { actions: assign({ user: ({ event }) => event.user }) },
          'auth.clearError': { actions: assign({ error: null }) },
          'auth.signedInAgain': {
            target: '.idle',
            actions: [
              assign(({ event }) => signedInWith(event.response, now())),
              { type: 'storeToken', params: ({ event }) => ({ token: event.response.token }) },
              // The new token's life, not the old one's, ends the session now.
              'stopLifetime',
              'startLifetime',
            ],
          },
        },
        states: {
          verifying: {
            description: 'Restored from storage: ask the server who this is (a 401 ends the session). Past SLOW_LOAD_MS it is `slow`: the profile says so and can ask afresh.',
            ...slowLoading({ 'auth.reloadProfile': { target: '#auth.signedIn.verifying', reenter: true } }),
            invoke: {
              src: 'fetchMe',
              onDone: {
                target: 'idle',
                actions: assign({ user: ({ context, event }) => ({ ...context.user, ...toSessionUser(event.output) }) }),
              },
              // Offline or a server fault: keep the session; a 401 arrives as session.expired.
              onError: { target: 'unverified' },
            },
          },
          unverified: {
            description:
              'Restored from storage, but the server could not say who this is (offline or a fault): the session goes on, ' +
              "the profile's phone and address were never received, so the profile cannot be saved until they are.",
            on: {
              'auth.reloadProfile': { target: 'verifying' },
              'auth.setUser': { target: 'idle', actions: assign({ user: ({ event }) => event.user }) },
            },
          },
          idle: {
            description: 'Signed in.',
            on: { 'auth.updateProfile': { target: 'updatingProfile' } },
          },
          updatingProfile: {
            description: 'Saving profile changes; they are merged into the user on success.',
            tags: ['loading'],
            invoke: {
              src: 'updateProfile',
              input: ({ event }) => {
                assertEvent(event, 'auth.updateProfile')
                return event.changes
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign({ user: ({ context, event }) => (context.user ? { ...context.user, ...toSessionUser(event.output) } : context.user) }),
                  emit(notify('success', AUTH_MESSAGES.profileUpdated)),
                ],
              },
              onError: { target: 'idle', actions: { type: 'fail', params: serverMessageOr(AUTH_MESSAGES.profileFailed) } },
            },
          },
        },
      },
    },
  })
}

export type AuthMachine = ReturnType<typeof createAuthMachine>
