/**
 * Two-step sign-in for staff (Settings, security, two-factor), on both backends: with the switch on,
 * an admin's or attendant's right password answers "code required" and a 6-digit code goes by SMS
 * (the SMS outbox) to their phone; POST /auth/login/verify exchanges it for the token: 10 minutes,
 * 5 tries, once. Families sign in as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, demo, fixtures, loginAs, useBackend } from './target'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'
import { CodeRequiredResponse, MASKED_CODE, MSG_ADMIN_NEEDS_PHONE, MSG_CODE_EXPIRED, MSG_CODE_WRONG, MSG_NO_PHONE } from '../../shared/contracts/two-factor'

useBackend()
afterEach(() => vi.useRealTimers())

async function twoFactor(admin: string, on: boolean) {
  const res = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, twoFactor: on } })
  expect(res.status).toBe(200)
}

const signIn = (role: 'admin' | 'morgue_attendant' | 'client') => call('POST', '/auth/login', { body: { email: demo(role).email, password: demo(role).password } })

/** The code in the newest sign-in SMS, as the phone received it (read from the outbox itself: the admin's list masks it). */
async function lastCode(): Promise<{ code: string; body: string; to: string }> {
  const sms = await fixtures.lastSms('sign-in')
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1]
  if (!sms || !code) throw new Error('no sign-in SMS')
  return { code, body: sms.body, to: sms.to_phone }
}

const verify = (challenge: string, code: string) => call<{ token?: string; user?: { role: string }; message?: string }>('POST', '/auth/login/verify', { body: { challenge, code } })
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('two-step sign-in for staff', () => {
  it('on: the password answers "code required" (no token), the code goes by SMS to the phone, and it signs in once', async () => {
    const admin = await loginAs('admin')
    await twoFactor(admin, true)
    const first = await signIn('morgue_attendant')
    expect(first.status).toBe(200)
    expect(first.json).not.toHaveProperty('token')
    const step = CodeRequiredResponse.parse(first.json)
    const { code, body, to } = await lastCode()
    expect(to.endsWith(step.phoneEnding)).toBe(true)
    expect(body).toContain(`sign-in code is ${code}`)
    // The admin's "Messages sent" lists the SMS but never another staff member's live code.
    const outbox = await call<{ messages: Array<{ kind: string; body: string; to_phone: string }> }>('GET', '/sms-outbox', { token: admin })
    expect(outbox.status).toBe(200)
    const listed = outbox.json.messages.find((m) => m.kind === 'sign-in')
    expect(listed?.to_phone).toBe(to)
    expect(listed?.body).toContain(`sign-in code is ${MASKED_CODE}`)
    expect(listed?.body).not.toContain(code)
    for (const m of outbox.json.messages.filter((m) => m.kind === 'sign-in')) expect(m.body).not.toMatch(/\d{6}/)

    const wrong = await verify(step.challenge, wrongOf(code))
    expect(wrong.status).toBe(401)
    expect(wrong.json.message).toBe(MSG_CODE_WRONG)
    const right = await verify(step.challenge, code)
    expect(right.status).toBe(200)
    expect(right.json.user?.role).toBe('morgue_attendant')
    expect((await call('GET', '/auth/me', { token: right.json.token })).status).toBe(200)
    // Used once.
    const again = await verify(step.challenge, code)
    expect(again.status).toBe(401)
    expect(again.json.message).toBe(MSG_CODE_EXPIRED)
  })

  it('five wrong tries end the code, even for the right one after; a garbled code is a 422', async () => {
    const admin = await loginAs('admin')
    await twoFactor(admin, true)
    const step = CodeRequiredResponse.parse((await signIn('admin')).json)
    const { code } = await lastCode()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await verify(step.challenge, wrongOf(code))).json.message)
    expect(answers).toEqual([MSG_CODE_WRONG, MSG_CODE_WRONG, MSG_CODE_WRONG, MSG_CODE_WRONG, MSG_CODE_EXPIRED])
    expect((await verify(step.challenge, code)).status).toBe(401)
    expect((await verify(step.challenge, '12ab')).status).toBe(422)
  })

  it('a code older than 10 minutes is refused', async () => {
    const admin = await loginAs('admin')
    await twoFactor(admin, true)
    const step = CodeRequiredResponse.parse((await signIn('morgue_attendant')).json)
    const { code } = await lastCode()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 })
    const late = await verify(step.challenge, code)
    expect(late.status).toBe(401)
    expect(late.json.message).toBe(MSG_CODE_EXPIRED)
  })

  it('families sign in with their password alone; with the switch off, staff do too', async () => {
    const admin = await loginAs('admin')
    await twoFactor(admin, true)
    expect((await signIn('client')).json).toHaveProperty('token')
    await twoFactor(admin, false)
    expect((await signIn('morgue_attendant')).json).toHaveProperty('token')
  })

  it('a staff member without a mobile number is told to ask an admin; an admin without one cannot turn it on', async () => {
    const attendant = await loginAs('morgue_attendant')
    expect((await call('PUT', '/auth/profile', { token: attendant, body: { phone: '' } })).status).toBe(200)
    const admin = await loginAs('admin')
    await twoFactor(admin, true)
    const res = await signIn('morgue_attendant')
    expect(res.status).toBe(403)
    expect(res.json.message).toBe(MSG_NO_PHONE)

    await twoFactor(admin, false)
    expect((await call('PUT', '/auth/profile', { token: admin, body: { phone: '' } })).status).toBe(200)
    const refused = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, twoFactor: true } })
    expect(refused.status).toBe(422)
    expect(refused.json).toEqual({ message: MSG_ADMIN_NEEDS_PHONE, errors: { twoFactor: MSG_ADMIN_NEEDS_PHONE } })
  })
})
