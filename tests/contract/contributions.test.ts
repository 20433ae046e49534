import { describe, expect, it, vi } from 'vitest'
import readXlsxFile from 'read-excel-file/node'
import { call, darajaSimulator, fixtures, loginAs, serverLog, serverOnly, useBackend } from './target'
import { phoneFor, unpaidBooking } from './payment-helpers'
import { MPESA_PUSH_EXPIRY_MS } from '../../shared/contracts/payments'
import { MSG_LINK_CLOSED, MSG_NOTHING_DUE, MSG_TOO_MANY_PUSHES } from '../../shared/contracts/contributions'

useBackend()

interface Page {
  status: string
  deceased_name: string
  service_date: string | null
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
    // The receipt may come a moment after the payment (Daraja's callback after the status query).
    const mine = await vi.waitFor(async () => {
      const list = await call<{ link: unknown; contributions: Array<Record<string, unknown>> }>('GET', `/bookings/${booking.id}/contributions`, { token: family })
      expect(list.json.contributions[0]?.receipt).toBeTruthy()
      return list
    })
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
    // The contributor's thanks go to their own phone and carry the M-Pesa receipt.
    const receipt = String(mine.json.contributions[0]!.receipt)
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/)
    const thanks = sms.find((m) => m.body.includes('thank you for your contribution'))!
    expect(thanks.body).toContain(`M-Pesa receipt ${receipt}.`)
    expect(thanks.to_phone.replace(/\D/g, '').slice(-9)).toBe(phoneFor('success').slice(-9))
    // The page shows the first name and the amount: no surname, phone or receipt.
    const shown = JSON.stringify(p)
    expect(shown).not.toContain('Odhiambo')
    expect(shown).not.toContain(receipt)
    expect(shown).not.toMatch(/07\d{8}|2547\d{8}|•••/)
    // The Excel report counts it as any payment of the booking, named after the relative.
    const report = await call('GET', '/payments/report?timeframe=week&type=payments', { token: admin })
    expect(report.status).toBe(200)
    const rows = (await readXlsxFile(Buffer.from(report.bytes))).find((s) => s.sheet === 'Payments')?.data ?? []
    expect(rows).toContainEqual(expect.arrayContaining(['Otieno Odhiambo (contribution)', 1000, 'completed', receipt]))
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

  it("thanks a contributor in the language of the page they paid from: the M-Pesa thanks and the family's thank-you in Kiswahili", async () => {
    const { family, booking, token } = await invite()
    expect((await contribute(token, { name: 'Achieng Auma', phoneNumber: phoneFor('success'), amount: 700, anonymous: false, language: 'sw' })).result).toBe('0')
    // Settled by the status query, the payment gets its receipt with Daraja's callback a moment later;
    // the thanks wait for it.
    const mine = await vi.waitFor(async () => {
      const list = await call<{ contributions: Array<{ id: string | number; receipt: string | null }> }>('GET', `/bookings/${booking.id}/contributions`, { token: family })
      expect(list.json.contributions[0]?.receipt).toBeTruthy()
      return list
    })
    expect((await call('POST', `/bookings/${booking.id}/contributions/${mine.json.contributions[0]!.id}/thank`, { token: family })).status).toBe(200)
    const admin = await loginAs('admin')
    const sms = (await call<{ messages: Array<{ kind: string; body: string }> }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'contribution')
    const bodies = sms.map((m) => m.body)
    expect(bodies).toContainEqual(expect.stringMatching(/: asante kwa mchango wako wa KSH 700 kwa mazishi ya .+\. Risiti ya M-Pesa [A-Z0-9]{10}\.$/))
    expect(bodies).toContainEqual(expect.stringMatching(/ inakushukuru kwa mchango wako kwa mazishi ya /))
    expect(bodies.some((b) => b.includes('thank you for your contribution of KSH 700'))).toBe(false)
    // A language the page does not speak is refused like any bad field.
    expect((await call('POST', `/contributions/${token}/push`, { body: { name: 'Akinyi', phoneNumber: phoneFor('success'), amount: 100, language: 'fr' } })).status).toBe(422)
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

  /** A relative's push sent twice with one Idempotency-Key, as after a lost answer. */
  async function pushTwice() {
    const { booking, token } = await invite()
    const body = { name: 'Akinyi', phoneNumber: phoneFor('never_completes'), amount: booking.amount_due! - 100 }
    const headers = { 'Idempotency-Key': 'relative-push-7c1e' }
    const first = await call<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${token}/push`, { body, headers })
    const retry = await call<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${token}/push`, { body, headers })
    expect([first.status, retry.status]).toEqual([200, 200])
    return { token, body, first, retry }
  }

  it('a relative who sends again after a lost answer (same Idempotency-Key) gets the first push back: one hold', async () => {
    const { token, body, first, retry } = await pushTwice()
    expect(retry.json.data.CheckoutRequestID).toBe(first.json.data.CheckoutRequestID)
    // Without the key it is another push, and the first one holds all but 100 of what is due.
    expect((await call('POST', `/contributions/${token}/push`, { body })).status).toBe(422)
  })

  serverOnly.it('a relative\'s push sent again with its Idempotency-Key prompts the phone once (Daraja is asked once)', async () => {
    const prompts = () => darajaSimulator().pushes().length
    const before = prompts()
    await pushTwice()
    expect(prompts()).toBe(before + 1)
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
    const refused = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Tom', phoneNumber: phone, amount: 10 } })
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(MSG_TOO_MANY_PUSHES)
  })

  it('rate-limits pushes through one link with 429, whatever the phone', async () => {
    const { token } = await invite()
    // 20 relatives, each once, each holding 1 shilling of what is due (their pushes stay unanswered).
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', `/contributions/${token}/push`, { body: { name: `Relative ${i}`, phoneNumber: `07${10 + i}009999`, amount: 1 } })
      expect(res.status).toBe(200)
    }
    const refused = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'One more', phoneNumber: '0799009999', amount: 1 } })
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(MSG_TOO_MANY_PUSHES)
  })

  it('two relatives pushing at the same moment cannot together hold more than is due', async () => {
    const { booking, token } = await invite()
    const share = booking.amount_due! - 100
    const [a, b] = await Promise.all([
      call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Akinyi', phoneNumber: '0712009999', amount: share } }),
      call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Baraka', phoneNumber: '0713009999', amount: share } }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 422])
    expect([a, b].find((r) => r.status === 422)!.json.message).toBe('Amount cannot be more than the KSH 100 still due')
  })

  it('a push that fails frees what it held at once', async () => {
    const { booking, token } = await invite()
    const failed = await contribute(token, { name: 'Akinyi', phoneNumber: phoneFor('insufficient_funds'), amount: booking.amount_due! })
    expect(failed.result).toBe('1')
    const whole = await call('POST', `/contributions/${token}/push`, { body: { name: 'Baraka', phoneNumber: '0712009999', amount: booking.amount_due! } })
    expect(whole.status).toBe(200)
    expect((await page(token)).amount_due).toBe(booking.amount_due)
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
    const more = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Late', phoneNumber: '0712000555', amount: 1 } })
    expect(more.status).toBe(409)
    expect(more.json.message).toBe(MSG_NOTHING_DUE)
    const link = await call<{ link: { status: string } }>('GET', `/bookings/${booking.id}/contributions`, { token: family })
    expect(link.json.link.status).toBe('settled')
  })

  serverOnly.it('never writes a link\'s token to the log, whatever happens through it', async () => {
    const stop = serverLog()
    const { family, booking, token } = await invite('Asante')
    await page(token)
    const r = await contribute(token, { name: 'Rose', phoneNumber: phoneFor('success'), amount: 10 })
    expect(r.result).toBe('0')
    await contribute(token, { name: 'Tom', phoneNumber: phoneFor('insufficient_funds'), amount: 10 })
    await call('POST', `/contributions/${token}/push`, { body: { name: '', phoneNumber: '1', amount: 0 } })
    await call('GET', `/contributions/${token}/verify/ws_CO_unknown`)
    await call('POST', `/contributions/${token}/push`, { rawBody: '{not json' })
    await call('DELETE', `/bookings/${booking.id}/contributions/link`, { token: family })
    await call('POST', `/contributions/${token}/push`, { body: { name: 'Late', phoneNumber: phoneFor('success'), amount: 10 } })
    await darajaSimulator().idle()
    const lines = stop()
    // The log did see those calls (so the test can fail), by the route's name.
    expect(lines.some((l) => l.includes('/api/contributions/:token/push'))).toBe(true)
    expect(lines.filter((l) => l.includes(token))).toEqual([])
  })

  it('closes by itself when the booking is cancelled', async () => {
    const { family, booking, token } = await invite()
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token: family, body: { status: 'cancelled', notes: 'We buried him at home' } })).status).toBe(200)
    expect((await page(token)).status).toBe('closed')
    const push = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Tom', phoneNumber: phoneFor('success'), amount: 10 } })
    expect(push.status).toBe(409)
    expect(push.json.message).toBe(MSG_LINK_CLOSED)
    expect((await call('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: {} })).status).toBe(409)
  })

  it('closes by itself 30 days after the service date (the clock moved, not today\'s date)', async () => {
    const { booking, token } = await invite()
    const { service_date } = await page(token)
    expect(service_date).toMatch(/^\d{4}-\d{2}-\d{2}/)
    const day = service_date!.slice(0, 10)
    const DAY = 86_400_000
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // Noon on the 30th day after the service (Nairobi): still open.
      vi.setSystemTime(Date.parse(`${day}T12:00:00+03:00`) + 30 * DAY)
      expect((await page(token)).status).toBe('open')
      // Half past midnight on the 31st: expired, and the page still shows what it showed.
      vi.setSystemTime(Date.parse(`${day}T00:30:00+03:00`) + 31 * DAY)
      const p = await page(token)
      expect(p).toMatchObject({ status: 'expired', amount_due: booking.amount_due })
      const push = await call<{ message: string }>('POST', `/contributions/${token}/push`, { body: { name: 'Tom', phoneNumber: phoneFor('success'), amount: 10 } })
      expect(push.status).toBe(409)
      expect(push.json.message).toBe(MSG_LINK_CLOSED)
      // The family (signed in at the moved time) sees it expired and cannot open a new one.
      const family = await loginAs('client')
      expect((await call<{ link: { status: string } }>('GET', `/bookings/${booking.id}/contributions`, { token: family })).json.link.status).toBe('expired')
      expect((await call('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: {} })).status).toBe(409)
    } finally {
      vi.useRealTimers()
    }
  })
})
