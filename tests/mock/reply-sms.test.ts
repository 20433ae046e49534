/**
 * The mock's side of a rule the server has too (tests/server/sms.test.ts): a staff answer sends the
 * family an SMS only if they have not read it in the app within 5 minutes. The mock's clock is
 * moved by giving its SMS pass a later "now", never by waiting.
 */
import { describe, expect, it, vi } from 'vitest'
import { REPLY_SMS_DELAY_MS } from '../../shared/contracts/messages'
import { flushDueSms } from '../../mocks/messages'
import { call, loginAs, useMockBackend } from './helpers'

useMockBackend()

interface Sms {
  kind: string
  status: string
  booking_id: number | null
}

async function answered() {
  // The SMS is due 5 minutes after the answer: times are counted from before it was sent.
  const sentAt = Date.now()
  const family = await loginAs('client')
  const admin = await loginAs('admin')
  const booking = (await call<{ bookings: Array<{ id: number }> }>('GET', '/bookings/my', { token: family })).json.bookings[0]!
  const threadId = (await call<{ thread: { id: number } }>('POST', '/messages/threads', { token: family, body: { booking_id: booking.id } })).json.thread.id
  expect((await call('POST', `/messages/threads/${threadId}/messages`, { token: admin, body: { body: 'We have your documents.' } })).status).toBe(201)
  const replies = async () => (await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((s) => s.kind === 'reply')
  return { family, threadId, replies, sentAt }
}

describe('the SMS for a staff answer (mock)', () => {
  it('waits 5 minutes, then goes to the outbox when the family has not read the answer', async () => {
    const { replies, sentAt } = await answered()
    expect(await replies()).toMatchObject([{ status: 'queued' }])
    await flushDueSms(sentAt + REPLY_SMS_DELAY_MS - 1_000)
    expect(await replies()).toMatchObject([{ status: 'queued' }])
    await flushDueSms(Date.now() + REPLY_SMS_DELAY_MS + 1_000)
    expect(await replies()).toMatchObject([{ status: 'sent' }])
  })

  it('is skipped when the family read the answer in the app before it was due', async () => {
    const { family, threadId, replies } = await answered()
    expect((await call('GET', `/messages/threads/${threadId}`, { token: family })).status).toBe(200)
    await flushDueSms(Date.now() + REPLY_SMS_DELAY_MS + 1_000)
    expect(await replies()).toMatchObject([{ status: 'skipped' }])
  })

  it('is not sent early: the outbox the admin opens right away still holds it', async () => {
    const { replies, sentAt } = await answered()
    // The admin looks again four minutes later: still waiting.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(sentAt + 4 * 60_000)
    try {
      expect(await replies()).toMatchObject([{ status: 'queued' }])
    } finally {
      clock.mockRestore()
    }
  })
})
