import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { AUTH_MESSAGES, createAuthMachine, type AuthEvent } from '../../machines/auth/auth.machine'
import { sessionFromToken } from '../../machines/auth/session-token'
import type { AuthResponse, LoginRequest, User } from '../../shared/contracts/auth'
import type { CodeRequiredResponse, VerifyCodeRequest } from '../../shared/contracts/two-factor'
import type { NotifyEvent } from '../../machines/shared/notify'

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
/** An unsigned token: the app only decodes; the server verifies. */
function token(payload: Record<string, unknown>) {
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`
}
const NOW = Date.parse('2026-11-21T08:00:00Z')
const inHours = (h: number) => Math.floor(NOW / 1000) + h * 3600

const adminUser: User = { id: '1', name: 'Grace Wanjiru', email: 'admin@funeral.test', role: 'admin', phone: null, address: null, created_at: null }
const adminToken = token({ sub: '1', name: 'Grace Wanjiru', email: 'admin@funeral.test', role: 'admin', exp: inHours(8) })

function start(options: {
  storedToken?: string | null
  login?: () => Promise<AuthResponse | CodeRequiredResponse>
  verifyCode?: (input: VerifyCodeRequest) => Promise<AuthResponse>
  fetchMe?: () => Promise<User>
  updateProfile?: (changes: unknown) => Promise<User>
  clock?: SimulatedClock
  now?: () => number
  renew?: () => Promise<string>
} = {}) {
  const storeToken = vi.fn()
  const forgetToken = vi.fn()
  const machine = createAuthMachine(options.now ?? (() => NOW)).provide({
    actors: {
      login: fromPromise<AuthResponse | CodeRequiredResponse, LoginRequest>(() => (options.login ?? (() => Promise.resolve({ token: adminToken, user: adminUser })))()),
      verifyCode: fromPromise<AuthResponse, VerifyCodeRequest>(({ input }) => (options.verifyCode ?? (() => Promise.resolve({ token: adminToken, user: adminUser })))(input)),
      fetchMe: fromPromise(() => (options.fetchMe ?? (() => Promise.resolve(adminUser)))()),
      updateProfile: fromPromise(({ input }) => (options.updateProfile ?? (() => Promise.resolve(adminUser)))(input)),
      renewal: fromCallback<AuthEvent>(({ sendBack }) => {
        ;(options.renew ?? (() => Promise.reject(new Error('offline'))))().then(
          (t) => sendBack({ type: 'auth.renewed', token: t }),
          () => sendBack({ type: 'auth.renewFailed' }),
        )
      }),
    },
    actions: {
      storeToken: (_, params: { token: string }) => storeToken(params.token),
      forgetToken: () => forgetToken(),
    },
  })
  const actor = createActor(machine, { input: { storedToken: options.storedToken ?? null }, ...(options.clock ? { clock: options.clock } : {}) })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, storeToken, forgetToken, notes }
}

/**
 * Waits until the actor's state meets `done`: the fake services answer with promises, so their
 * answers land a step later. A state that never comes fails within a second.
 */
const until = (actor: ReturnType<typeof start>['actor'], done: (s: ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>) => boolean) =>
  waitFor(actor, done, { timeout: 1000 })

describe('sessionFromToken', () => {
  it('decodes the user and normalises the role spelling', () => {
    const s = sessionFromToken(token({ sub: 7, email: 'a@b.c', name: 'A', role: 'morgue_attendant', exp: inHours(1) }), NOW)
    expect(s?.user).toEqual({ id: '7', email: 'a@b.c', name: 'A', role: 'morgueAttendant' })
  })
  it('maps unknown roles to client', () => {
    expect(sessionFromToken(token({ id: 1, email: 'a@b.c', role: 'superuser', exp: inHours(1) }), NOW)?.user.role).toBe('client')
  })
  it('refuses garbage, a token without identity, and an expired token', () => {
    expect(sessionFromToken('not-a-jwt', NOW)).toBeNull()
    expect(sessionFromToken(token({ name: 'x' }), NOW)).toBeNull()
    expect(sessionFromToken(token({ sub: 1, email: 'a@b.c', exp: inHours(-1) }), NOW)).toBeNull()
  })
})

describe('auth machine: start-up', () => {
  it('starts signed out without a stored token', () => {
    const { actor, forgetToken } = start()
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(forgetToken).not.toHaveBeenCalled()
  })

  it('starts signed in from a usable stored token, then verifies it with /auth/me', async () => {
    const fetchMe = vi.fn(() => Promise.resolve({ ...adminUser, phone: '0700000000' }))
    const { actor } = start({ storedToken: adminToken, fetchMe })
    expect(actor.getSnapshot().matches({ signedIn: 'verifying' })).toBe(true)
    expect(actor.getSnapshot().context.user?.role).toBe('admin')
    await until(actor, (s) => s.matches({ signedIn: 'idle' }))
    expect(fetchMe).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.user?.phone).toBe('0700000000')
  })

  it('keeps the session when /auth/me fails for another reason than 401 (offline), but not as verified', async () => {
    const { actor } = start({ storedToken: adminToken, fetchMe: () => Promise.reject(new Error('offline')) })
    await until(actor, (s) => s.matches({ signedIn: 'unverified' }))
    expect(actor.getSnapshot().matches({ signedIn: 'unverified' })).toBe(true)
    expect(actor.getSnapshot().context.user?.role).toBe('admin')
  })

  it('refuses a profile save while the details from /auth/me never arrived, and loads them again on request', async () => {
    const fetchMe = vi.fn<() => Promise<User>>(() => Promise.reject(new Error('offline')))
    const updateProfile = vi.fn(() => Promise.resolve(adminUser))
    const { actor } = start({ storedToken: adminToken, fetchMe, updateProfile })
    await until(actor, (s) => s.matches({ signedIn: 'unverified' }))
    actor.send({ type: 'auth.updateProfile', changes: { name: 'Someone', phone: '', address: '' } })
    expect(updateProfile).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ signedIn: 'unverified' })).toBe(true)

    fetchMe.mockImplementation(() => Promise.resolve({ ...adminUser, phone: '0700000000', address: 'Ngong Road' }))
    actor.send({ type: 'auth.reloadProfile' })
    expect(actor.getSnapshot().matches({ signedIn: 'verifying' })).toBe(true)
    await until(actor, (s) => s.matches({ signedIn: 'idle' }))
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.user).toMatchObject({ phone: '0700000000', address: 'Ngong Road' })
  })

  it('discards a stored token that cannot be decoded', () => {
    const { actor, forgetToken } = start({ storedToken: 'garbage' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(forgetToken).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.token).toBeNull()
  })

  it('discards an expired stored token', () => {
    const expired = token({ sub: '1', email: 'admin@funeral.test', role: 'admin', exp: inHours(-1) })
    const { actor, forgetToken } = start({ storedToken: expired })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(forgetToken).toHaveBeenCalledTimes(1)
  })
})

describe('auth machine: login', () => {
  it('login success stores the token, sets the user and says so', async () => {
    let resolve!: (v: AuthResponse) => void
    const { actor, storeToken, notes } = start({ login: () => new Promise((r) => (resolve = r)) })
    actor.send({ type: 'auth.login', credentials: { email: 'admin@funeral.test', password: 'x' } })
    expect(actor.getSnapshot().matches({ signedOut: 'loggingIn' })).toBe(true)
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    resolve({ token: adminToken, user: adminUser })
    await until(actor, (s) => s.matches({ signedIn: 'idle' }))
    const s = actor.getSnapshot()
    expect(s.matches({ signedIn: 'idle' })).toBe(true)
    expect(s.context.user).toMatchObject({ role: 'admin', name: 'Grace Wanjiru' })
    expect(s.context.token).toBe(adminToken)
    expect(s.hasTag('loading')).toBe(false)
    expect(storeToken).toHaveBeenCalledWith(adminToken)
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: 'Login successful!' }])
  })

  it('a second login while one is in flight is ignored', async () => {
    const login = vi.fn(() => new Promise<AuthResponse>(() => {}))
    const { actor } = start({ login })
    actor.send({ type: 'auth.login', credentials: { email: 'a@b.c', password: 'x' } })
    actor.send({ type: 'auth.login', credentials: { email: 'a@b.c', password: 'x' } })
    expect(login).toHaveBeenCalledTimes(1)
  })

  it("login failure shows the server's message, clears the session and the stored token", async () => {
    const { actor, forgetToken, notes } = start({
      login: () => Promise.reject(Object.assign(new Error('401'), { serverMessage: 'Invalid email or password' })),
    })
    actor.send({ type: 'auth.login', credentials: { email: 'a@b.c', password: 'bad' } })
    await until(actor, (s) => s.matches({ signedOut: 'idle' }))
    const s = actor.getSnapshot()
    expect(s.matches({ signedOut: 'idle' })).toBe(true)
    expect(s.context.error).toBe('Invalid email or password')
    expect(s.context.user).toBeNull()
    expect(s.context.token).toBeNull()
    expect(forgetToken).toHaveBeenCalled()
    // Said once, on the sign-in form (it stays there until the next try), not again in a toast.
    expect(notes.filter((n) => n.level === 'error')).toEqual([])
  })

  it("login failure without a server message says 'Login failed. Please try again.'", async () => {
    const { actor, notes } = start({ login: () => Promise.reject(new Error('network')) })
    actor.send({ type: 'auth.login', credentials: { email: 'a@b.c', password: 'bad' } })
    await until(actor, (s) => s.matches({ signedOut: 'idle' }))
    expect(actor.getSnapshot().context.error).toBe(AUTH_MESSAGES.loginFailed)
    expect(notes).toEqual([])
    actor.send({ type: 'auth.clearError' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe('auth machine: signed in', () => {
  async function signedIn(opts: Parameters<typeof start>[0] = {}) {
    const ctx = start({ storedToken: adminToken, ...opts })
    await until(ctx.actor, (s) => s.matches({ signedIn: 'idle' }))
    return ctx
  }

  it('logout removes the token, signs out and confirms', async () => {
    const { actor, forgetToken, notes } = await signedIn()
    actor.send({ type: 'auth.logout' })
    const s = actor.getSnapshot()
    expect(s.matches('signedOut')).toBe(true)
    expect(s.context.user).toBeNull()
    expect(s.context.endedBy).toBe('logout')
    expect(forgetToken).toHaveBeenCalledTimes(1)
    expect(notes.at(-1)).toEqual({ type: 'notify', level: 'success', message: 'Logged out successfully' })
  })

  it('a 401 (session.expired) signs out once, however many requests fail together', async () => {
    const { actor, forgetToken } = await signedIn()
    actor.send({ type: 'session.expired' })
    actor.send({ type: 'session.expired' })
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(actor.getSnapshot().context.endedBy).toBe('expired')
    expect(forgetToken).toHaveBeenCalledTimes(1)
  })

  it('the session ends by itself when the token expires (simulated clock)', () => {
    // One clock for decoding and the timer: the simulated one, set to NOW.
    const clock = new SimulatedClock()
    clock.set(NOW)
    const soon = token({ sub: '1', email: 'admin@funeral.test', role: 'admin', exp: Math.floor(NOW / 1000) + 60 })
    const { actor, forgetToken } = start({ storedToken: soon, clock, now: () => clock.now(), fetchMe: () => new Promise(() => {}) })
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    clock.increment(30_000)
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    clock.increment(31_000)
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(forgetToken).toHaveBeenCalledTimes(1)
  })

  describe('session timeout (simulated clock)', () => {
    const MIN = 60_000
    const at = (ms: number) => Math.floor(ms / 1000)
    /** A token issued at `issued` (ms) living 30 minutes, as the server signs with the default timeout. */
    const tokenAt = (issued: number) => token({ sub: '1', email: 'admin@funeral.test', role: 'admin', iat: at(issued), exp: at(issued) + 30 * 60 })

    function session(renew: () => Promise<string>) {
      const clock = new SimulatedClock()
      clock.set(NOW)
      const ctx = start({ storedToken: tokenAt(NOW), clock, now: () => clock.now(), fetchMe: () => new Promise(() => {}), renew })
      return { ...ctx, clock }
    }

    it('an idle session ends at the timeout: no activity, no renewal', () => {
      const renew = vi.fn(() => Promise.resolve(tokenAt(NOW)))
      const { actor, clock } = session(renew)
      clock.increment(29 * MIN)
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      clock.increment(1 * MIN + 1000)
      expect(actor.getSnapshot().matches('signedOut')).toBe(true)
      expect(actor.getSnapshot().context.endedBy).toBe('expired')
      expect(renew).not.toHaveBeenCalled()
    })

    it('activity in the first half of the token\'s life asks for nothing; past half, it renews once and the session goes on', async () => {
      const renew = vi.fn(() => Promise.resolve(tokenAt(clockNow())))
      const { actor, clock, storeToken } = session(renew)
      const clockNow = () => clock.now()
      clock.increment(10 * MIN)
      actor.send({ type: 'user.active' })
      expect(renew).not.toHaveBeenCalled()
      clock.increment(10 * MIN)
      actor.send({ type: 'user.active' })
      actor.send({ type: 'user.active' })
      expect(renew).toHaveBeenCalledTimes(1)
      await until(actor, (s) => !s.context.renewing)
      expect(storeToken).toHaveBeenLastCalledWith(tokenAt(NOW + 20 * MIN))
      expect(actor.getSnapshot().context.expiresAt).toBe(NOW + 50 * MIN)
      // Past the first token's end: still signed in.
      clock.increment(15 * MIN)
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      // Then idle: the renewed token's end signs out.
      clock.increment(15 * MIN + 1000)
      expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    })

    it('a renewal that fails keeps the session until its token ends, and the next activity asks again', async () => {
      const renew = vi.fn(() => Promise.reject(new Error('offline')))
      const { actor, clock } = session(renew)
      clock.increment(20 * MIN)
      actor.send({ type: 'user.active' })
      await until(actor, (s) => !s.context.renewing)
      expect(actor.getSnapshot().context.renewing).toBe(false)
      actor.send({ type: 'user.active' })
      expect(renew).toHaveBeenCalledTimes(2)
      await until(actor, (s) => !s.context.renewing)
      clock.increment(10 * MIN + 1000)
      expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    })
  })

  it("judges expiry by its input clock alone, whatever the wall clock says", async () => {
    // The wall clock is years past the token's exp; the machine's clock (NOW) is not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2040-01-01T00:00:00Z') })
    try {
      const { actor } = start({ storedToken: adminToken })
      await until(actor, (s) => s.matches({ signedIn: 'idle' }))
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
      expect(actor.getSnapshot().context.endedBy).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('profile update merges the answer into the user and confirms', async () => {
    const { actor, notes } = await signedIn({ updateProfile: () => Promise.resolve({ ...adminUser, phone: '0711111111' }) })
    actor.send({ type: 'auth.updateProfile', changes: { phone: '0711111111' } })
    expect(actor.getSnapshot().matches({ signedIn: 'updatingProfile' })).toBe(true)
    await until(actor, (s) => !s.matches({ signedIn: 'updatingProfile' }))
    expect(actor.getSnapshot().context.user).toMatchObject({ name: 'Grace Wanjiru', phone: '0711111111' })
    expect(notes.at(-1)).toEqual({ type: 'notify', level: 'success', message: 'Profile updated successfully' })
  })

  it("profile update failure prefers the server's message, else 'Profile update failed'", async () => {
    const { actor, notes } = await signedIn({ updateProfile: () => Promise.reject(new Error('boom')) })
    actor.send({ type: 'auth.updateProfile', changes: { phone: 'x' } })
    await until(actor, (s) => !s.matches({ signedIn: 'updatingProfile' }))
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
    expect(notes.at(-1)?.message).toBe('Profile update failed')
    expect(actor.getSnapshot().context.error).toBe('Profile update failed')
    actor.send({ type: 'auth.clearError' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('set user replaces the user while signed in', async () => {
    const { actor } = await signedIn()
    actor.send({ type: 'auth.setUser', user: { id: '1', name: 'Grace W.', email: 'admin@funeral.test', role: 'admin' } })
    expect(actor.getSnapshot().context.user?.name).toBe('Grace W.')
  })
})

describe('auth machine: set user when signed out', () => {
  it('sets the user and marks the session authenticated', () => {
    const { actor } = start()
    actor.send({ type: 'auth.setUser', user: { id: '9', name: 'Mary', email: 'm@x.y', role: 'client' } })
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.user?.role).toBe('client')
  })
})

describe('a password the user must replace', () => {
  it('after the second step (the SMS code) too: no success toast, while a normal two-step sign-in shows it', async () => {
    const codeStep = { codeRequired: true as const, challenge: 'c', phoneEnding: '5678', message: 'A sign-in code has been sent by SMS' }
    for (const mustChange of [true, false]) {
      const { actor, notes } = start({
        login: () => Promise.resolve(codeStep),
        verifyCode: () => Promise.resolve({ token: adminToken, user: mustChange ? { ...adminUser, must_change_password: true } : adminUser }),
      })
      actor.send({ type: 'auth.login', credentials: { email: 'admin@funeral.test', password: 'one-time' } })
      await until(actor, (s) => s.matches({ signedOut: 'codeNeeded' }))
      expect(actor.getSnapshot().matches({ signedOut: 'codeNeeded' })).toBe(true)
      actor.send({ type: 'auth.verifyCode', code: '123456' })
      await until(actor, (s) => s.matches('signedIn'))
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      expect(notes).toEqual(mustChange ? [] : [{ type: 'notify', level: 'success', message: 'Login successful!' }])
    }
  })

  it('is kept on the session after sign-in; the token renewed after the change clears it and is stored', async () => {
    const { actor, storeToken, notes } = start({ login: () => Promise.resolve({ token: adminToken, user: { ...adminUser, must_change_password: true } }) })
    actor.send({ type: 'auth.login', credentials: { email: 'admin@funeral.test', password: 'one-time' } })
    await until(actor, (s) => s.matches('signedIn'))
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(actor.getSnapshot().context.user?.must_change_password).toBe(true)
    // No "Login successful!": the new-password screen comes next, and the toast would cover its heading.
    expect(notes).toEqual([])

    const renewed = token({ sub: '1', name: 'Grace Wanjiru', email: 'admin@funeral.test', role: 'admin', exp: inHours(8) })
    actor.send({ type: 'auth.signedInAgain', response: { token: renewed, user: adminUser } })
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.token).toBe(renewed)
    expect(actor.getSnapshot().context.user?.must_change_password).toBeUndefined()
    expect(storeToken).toHaveBeenLastCalledWith(renewed)
  })
})
