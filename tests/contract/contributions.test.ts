import { describe, expect, it } from 'vitest'
import { call, darajaSimulator, fixtures, loginAs, useBackend } from './target'
import { phoneFor, unpaidBooking } from './payment-helpers'
import { MPESA_PUSH_EXPIRY_MS } from '../../src/api/contracts/payments'

useBackend()

interface Page {
  status: string
  deceased_name: string
  message: string | null
  total: number
  paid: number
  amount_due: number
  contributions: Array<{ name: string; amount: number }>
  home: { name: string; phone: string }
}

async function invite(message?: string) {
  const family = await loginAs('client')
  const booking = await unpaidBooking(family)
  const res = await call<{ link: { token: string; status: string; message: string | null } }>('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: message ? { message } : {} })
  expect(res.status).toBe(201)
  return { family, booking, token: res.json.link.token, link: res.json.link }
}

const page = async (token: string) => (await call<Page>('GET', `/contributions/${token}`)).json

/** A relative's push and its verifies until M-Pesa's final answer. */
async function contribute(token: string, body: Record<string, unknown>) {
  const pushed = await call<{ data: { ResponseCode: string; CheckoutRequestID?: string } }>('POST', `/contributions/${token}/push`, { body })
  if (pushed.status !== 200) return { status: pushed.status, json: pushed.json as unknown as { message: string }, result: null }
  const id = pushed.json.data.CheckoutRequestID!
  for (let i = 0; i < 20; i++) {
    const v = await call<{ data: { ResultCode?: string } }>('GET', `/contributions/${token}/verify/${id}`)
    expect(v.status).toBe(200)
    if (v.json.data.ResultCode !== undefined) return { status: 200, json: pushed.json as unknown as { message: string }, result: v.json.data.ResultCode, id }
  }
  return { status: 200, json: pushed.json as unknown as { message: string }, result: null, id }
}

describe('Harambee: relatives pay towards the funeral through the family link', () => {
  it('makes one unguessable link per booking and shows only what the page may show', async () => {
    const { family, booking, token, link } = await invite('Thank you for standing with us.')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link).toMatchObject({ status: 'open', message: 'Thank you for standing with us.' })
    const again = await call<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: {} })
    expect(again.status).toBe(200)
    expect(again.json.link.token).toBe(token)
    const p = await page(token)
    expect(p).toMatchObject({ status: 'open', message: null, total: booking.total_amount, amount_due: booking.amount_due, contributions: [] })
    expect(p.deceased_name).toBe(`${booking.deceased_first_name} ${booking.deceased_last_name}`)
    const text = JSON.stringify(p)
    expect(text).not.toContain('family@funeral.test')
    expect(text).not.toMatch(/07\d{8}|2547\d{8}/)
    expect((await call('GET', '/contributions/not-a-real-token-at-all-xxxxxxxxxx')).status).toBe(404)
  })

  it('counts a relative\'s contribution as a payment of the booking, shown by first name, and says thank you by SMS', async () => {
    const { family, booking, token } = await invite()
    const r = await contribute(token, { name: 'Otieno Odhiambo', phoneNumber: phoneFor('success'), amount: 1000, message: 'Pole sana', anonymous: false })
    expect(r.result).toBe('0')
    const p = await page(token)
    expect(p.contributions).toEqual([expect.objectContaining({ name: 'Otieno', amount: 1000 })])
    expect(p.amount_due).toBe(booking.amount_due! - 1000)
    const mine = await call<{ link: unknown; contributions: Array<Record<string, unknown>> }>('GET', `/bookings/${booking.id}/contributions`, { token: family })
    expect(mine.json.contributions).toEqual([expect.objectContaining({ name: 'Otieno Odhiambo', amount: 1000, message: 'Pole sana', anonymous: false, thanked: false })])
    expect(String(mine.json.contributions[0]!.phone)).toMatch(/^0712 ••• \d{3}$/)
    const history = await call<{ payments: Array<{ amount: number; status: string; booking_id: number; contributor_name: string | null }> }>('GET', '/payments/my', { token: family })
    expect(history.json.payments.some((x) => String(x.booking_id) === String(booking.id) && x.amount === 1000 && x.status === 'completed' && x.contributor_name === 'Otieno Odhiambo')).toBe(true)
    const admin = await loginAs('admin')
    const tx = await call<{ transactions: Array<{ customer: string; amount: number; status: string }> }>('GET', '/payments/transactions?timeframe=week', { token: admin })
    expect(tx.json.transactions).toContainEqual(expect.objectContaining({ customer: 'Otieno Odhiambo (contribution)', amount: 1000, status: 'completed' }))
    const sms = (await call<{ messages: Array<{ kind: string; body: string; to_phone: string }> }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'contribution')
    expect(sms.map((m) => m.body)).toEqual(
      expect.arrayContaining([expect.stringContaining('thank you for your contribution of KSH 1,000'), `Otieno Odhiambo contributed KSH 1,000; KSH ${(booking.amount_due! - 1000).toLocaleString('en-KE')} still due`]),
    )
    const thank = await call('POST', `/bookings/${booking.id}/contributions/${mine.json.contributions[0]!.id}/thank`, { token: family })
    expect(thank.status).toBe(200)
  })

  it('tells a Kiswahili-speaking family of a contribution in Kiswahili; the contributor is thanked in English', async () => {
    const { family, booking, token } = await invite()
    expect((await call('PUT', '/auth/profile', { token: family, body: { language: 'sw' } })).status).toBe(200)
    expect((await contribute(token, { name: 'Otieno Odhiambo', phoneNumber: phoneFor('success'), amount: 1000, anonymous: false })).result).toBe('0')
    const admin = await loginAs('admin')
    const sms = (await call<{ messages: Array<{ kind: string; body: string }> }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'contribution')
    expect(sms.map((m) => m.body)).toEqual(
      expect.arrayContaining([expect.stringContaining('thank you for your contribution of KSH 1,000'), `Otieno Odhiambo amechangia KSH 1,000; KSH ${(booking.amount_due! - 1000).toLocaleString('en-KE')} bado zinadaiwa`]),
    )
  })

  it('shows an anonymous contributor as a well-wisher', async () => {
    const { token } = await invite()
    await contribute(token, { name: 'Wanjiku', phoneNumber: phoneFor('success'), amount: 500, anonymous: true })
    expect((await page(token)).contributions).toEqual([expect.objectContaining({ name: 'A well-wisher', amount: 500 })])
  })

  it('never takes more than is due: the amount is refused above it, and a push in progress holds its share', async () => {
    const { booking, token } = await invite()
    const over = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Akinyi', phoneNumber: phoneFor('success'), amount: booking.amount_due! + 1 } })
    expect(over.status).toBe(422)
    expect(over.json.message).toContain('still due')
    // A push that never completes holds its amount: a second relative may give only the rest.
    const held = await call('POST', `/contributions/${token}/push`, { body: { name: 'Akinyi', phoneNumber: phoneFor('never_completes'), amount: booking.amount_due! - 100 } })
    expect(held.status).toBe(200)
    const second = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Baraka', phoneNumber: '0712000222', amount: 101 } })
    expect(second.status).toBe(422)
    expect(second.json.message).toBe('Amount cannot be more than the KSH 100 still due')
    const ok = await call('POST', `/contributions/${token}/push`, { body: { name: 'Baraka', phoneNumber: '0712000222', amount: 100 } })
    expect(ok.status).toBe(200)
  })

  it('a relative who sends again after a lost answer (same Idempotency-Key) gets the first push back: one prompt, one hold', async () => {
    const { booking, token } = await invite()
    const prompts = () => darajaSimulator()?.pushes().length ?? 0
    const before = prompts()
    const body = { name: 'Akinyi', phoneNumber: phoneFor('never_completes'), amount: booking.amount_due! - 100 }
    const headers = { 'Idempotency-Key': 'relative-push-7c1e' }
    const first = await call<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${token}/push`, { body, headers })
    const retry = await call<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${token}/push`, { body, headers })
    expect([first.status, retry.status]).toEqual([200, 200])
    expect(retry.json.data.CheckoutRequestID).toBe(first.json.data.CheckoutRequestID)
    if (darajaSimulator()) expect(prompts()).toBe(before + 1)
    // Without the key it is another push, and the first one holds all but 100 of what is due.
    expect((await call('POST', `/contributions/${token}/push`, { body })).status).toBe(422)
  })

  it('a relative\'s push that is never answered expires after 5 minutes and its hold ends', async () => {
    const { family, booking, token } = await invite()
    const held = await call<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${token}/push`, { body: { name: 'Akinyi', phoneNumber: phoneFor('never_completes'), amount: booking.amount_due! - 100 } })
    expect(held.status).toBe(200)
    const id = held.json.data.CheckoutRequestID
    const family101 = { phoneNumber: phoneFor('insufficient_funds'), amount: 101, bookingId: booking.id }
    expect((await call('POST', '/stk-push', { token: family, body: family101 })).status).toBe(422)
    await fixtures.agePush(id, MPESA_PUSH_EXPIRY_MS)
    const v = await call<{ data: { ResultCode?: string; ResultDesc?: string } }>('GET', `/contributions/${token}/verify/${id}`)
    expect(v.json.data).toMatchObject({ ResultCode: '1019', ResultDesc: 'The transaction has expired' })
    expect((await page(token)).amount_due).toBe(booking.amount_due)
    expect((await call('POST', '/stk-push', { token: family, body: family101 })).status).toBe(200)
  })

  it('refuses bad input with 422 and stores nothing; rate-limits pushes from one phone with 429', async () => {
    const { token } = await invite()
    for (const body of [
      { name: '', phoneNumber: phoneFor('success'), amount: 10 },
      { name: 'A', phoneNumber: '020 123', amount: 10 },
      { name: 'A', phoneNumber: phoneFor('success'), amount: 0 },
      { name: 'A', phoneNumber: phoneFor('success'), amount: 10.5 },
    ]) {
      expect((await call('POST', `/contributions/${token}/push`, { body })).status).toBe(422)
    }
    const phone = phoneFor('cancelled')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await call('POST', `/contributions/${token}/push`, { body: { name: 'Tom', phoneNumber: phone, amount: 10 } })).status)
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200])
    expect(statuses[4]).toBe(429)
  })

  it('closes when the family closes it, and says so on the page; only the family may open or close it', async () => {
    const { family, booking, token } = await invite()
    const admin = await loginAs('admin')
    expect((await call('DELETE', `/bookings/${booking.id}/contributions/link`, { token: admin })).status).toBe(403)
    expect((await call('DELETE', `/bookings/${booking.id}/contributions/link`, { token: family })).status).toBe(200)
    expect((await page(token)).status).toBe('closed')
    const refused = await call('POST', `/contributions/${token}/push`, { body: { name: 'Tom', phoneNumber: phoneFor('success'), amount: 10 } })
    expect(refused.status).toBe(409)
    const fresh = await call<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: {} })
    expect(fresh.status).toBe(201)
    expect(fresh.json.link.token).not.toBe(token)
  })

  it('settles when nothing is due any more: two relatives pay the whole bill', async () => {
    const { family, booking, token } = await invite()
    const half = Math.floor(booking.amount_due! / 2)
    expect((await contribute(token, { name: 'Rose', phoneNumber: phoneFor('success'), amount: half })).result).toBe('0')
    expect((await contribute(token, { name: 'James', phoneNumber: '0712000333', amount: booking.amount_due! - half })).result).toBe('0')
    const p = await page(token)
    expect(p).toMatchObject({ status: 'settled', amount_due: 0 })
    expect(p.contributions.map((c) => c.name)).toEqual(['Rose', 'James'])
    const mine = await call<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/bookings/my', { token: family })
    expect(mine.json.bookings.find((b) => b.id === Number(booking.id))?.payment_status).toBe('paid')
  })
})
