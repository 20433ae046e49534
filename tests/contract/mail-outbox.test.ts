/** The admin's list of e-mails (beside the SMS of "Messages sent"): to whom, which mail, how it went; never the link. */
import { describe, expect, it } from 'vitest'
import { call, lastResetToken, loginAs, useBackend } from './target'
import { MailOutbox } from '../../shared/contracts/messages'

useBackend()

describe('mail outbox', () => {
  it("lists a reset e-mail for the admin, in the account's language, with its recipient and never its link", async () => {
    const admin = await loginAs('admin')
    expect((await call('POST', '/auth/forgot-password', { body: { email: 'family@funeral.test' }, headers: { 'Accept-Language': 'sw-KE' } })).status).toBe(200)
    expect((await call('POST', '/auth/forgot-password', { body: { email: 'nobody@funeral.test' } })).status).toBe(200)
    const token = (await lastResetToken('family@funeral.test')) ?? ''
    expect(token).not.toBe('')
    const res = await call('GET', '/mail-outbox', { token: admin })
    expect(res.status).toBe(200)
    const outbox = MailOutbox.parse(res.json)
    expect(outbox.mails).toEqual([expect.objectContaining({ to: 'family@funeral.test', kind: 'password_reset', language: 'sw', status: 'sent', attempts: 1, last_error: null })])
    expect(JSON.stringify(res.json)).not.toContain(token)
    expect(JSON.stringify(res.json)).not.toContain('reset-password')
  })

  it('is for the admin only', async () => {
    expect((await call('GET', '/mail-outbox', { token: await loginAs('client') })).status).toBe(403)
    expect((await call('GET', '/mail-outbox', { token: await loginAs('morgue_attendant') })).status).toBe(403)
    expect((await call('GET', '/mail-outbox')).status).toBe(401)
  })
})
