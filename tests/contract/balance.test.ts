/**
 * The balance a family really owes, on both backends: a booking marked paid whose body stays longer
 * than booked owes the storage for the extra days (amountDueNow's rule), is listed to pay, and takes
 * an M-Pesa payment of exactly that balance and no more; the payment lowers the balance, gets its
 * receipt and settles the booking. The days come from the custody record (the demo's bodies were
 * received days ago), so no clock is read but the backend's own.
 */
import { describe, expect, it } from 'vitest'
import { pendingList, phoneFor, verifyUntilFinal } from './payment-helpers'
import { call, callbacksDelivered, demo, login, loginAs, seed, useBackend } from './target'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { BookingResponse } from '../../shared/contracts/bookings'
import { MSG_ALREADY_PAID, MSG_AMOUNT_TOO_HIGH, PaymentList, PaymentSummary, StkPushResponse } from '../../shared/contracts/payments'
import { amountDueNow } from '../../shared/urgency'
import { ContributionPage, msgAmountAboveDue } from '../../shared/contracts/contributions'
import { contributionSummaryHtml } from '../../shared/contribution-page-html'
import { ksh } from '../../shared/paper/paper'
import { pdfText } from './pdf-text'

useBackend()

async function bookingOf(token: string, id: number | string) {
  const res = await call('GET', `/bookings/${id}`, { token })
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  return BookingResponse.parse(res.json)
}

/** Pays `amount` on the booking by M-Pesa (a test number that succeeds) and waits for its receipt. */
async function payByMpesa(token: string, bookingId: number | string, amount: number) {
  const res = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount, bookingId } })
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  const data = StkPushResponse.parse(res.json).data
  expect(data.ResponseCode).toBe('0')
  expect((await verifyUntilFinal(token, data.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '0' })
  await callbacksDelivered()
}

/** The demo family's booking for Teresia Auma: paid in full for one day of storage, received 20 days ago, still in care. */
function teresia(): number {
  const mary = seed.user.findFirst((q) => q.where({ email: demo('client').email }))
  const booking = seed.booking
    .findMany((q) => q.where({ client_id: mary?.id }))
    .find((b) => seed.deceased.findFirst((q) => q.where({ id: b.deceased_id }))?.first_name === 'Teresia')
  if (!booking) throw new Error('the demo family has no booking for Teresia Auma')
  return booking.id
}

async function completedPaymentsOf(token: string, bookingId: number | string) {
  return PaymentList.parse((await call('GET', '/payments/my', { token })).json).filter((p) => String(p.booking_id) === String(bookingId) && p.status === 'completed')
}

describe('the balance a family really owes', () => {
  it('a booking paid in full whose body stayed past the booked days: listed with its balance, paid by M-Pesa to the shilling, then paid and off the list', async () => {
    const token = await loginAs('client')
    const id = teresia()
    const before = await bookingOf(token, id)
    const booked = before.services.find((s) => s.per_day)?.quantity ?? 0
    expect(before.payment_status).toBe('paid')
    expect(before.amount_paid).toBe(before.total_amount)
    expect(before.storage?.days).toBeGreaterThan(booked)
    const balance = amountDueNow(before)
    expect(balance).toBe((before.charges_to_date ?? 0) - before.total_amount)
    expect(balance).toBeGreaterThan(0)

    const listed = (await pendingList(token)).find((p) => String(p.id) === String(id))
    expect(listed).toMatchObject({ amount_due: balance, total_amount: before.total_amount, charges_to_date: before.charges_to_date })

    const over = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: balance + 1, bookingId: id } })
    expect(over.status).toBe(422)
    expect(over.json).toMatchObject({ message: MSG_AMOUNT_TOO_HIGH, errors: { amount: MSG_AMOUNT_TOO_HIGH } })

    const receiptsBefore = (await completedPaymentsOf(token, id)).length
    await payByMpesa(token, id, balance)
    const after = await bookingOf(token, id)
    expect(amountDueNow(after)).toBe(0)
    expect(after.amount_paid).toBe(before.total_amount + balance)
    expect(after.payment_status).toBe('paid')
    const receipts = await completedPaymentsOf(token, id)
    expect(receipts.length).toBe(receiptsBefore + 1)
    expect(receipts.find((p) => p.amount === balance)?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    expect((await pendingList(token)).map((p) => String(p.id))).not.toContain(String(id))
    const again = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: 1, bookingId: id } })
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ message: MSG_ALREADY_PAID })
  })

  it('part of that balance paid: partial while the rest is owed, paid once it is covered', async () => {
    const token = await loginAs('client')
    const id = teresia()
    const balance = amountDueNow(await bookingOf(token, id))
    expect(balance).toBeGreaterThan(1)
    await payByMpesa(token, id, 1)
    const middle = await bookingOf(token, id)
    expect(middle.payment_status).toBe('partial')
    expect(amountDueNow(middle)).toBe(balance - 1)
    expect((await pendingList(token)).find((p) => String(p.id) === String(id))).toMatchObject({ amount_due: balance - 1, payment_status: 'partial' })
    await payByMpesa(token, id, balance - 1)
    const done = await bookingOf(token, id)
    expect(done.payment_status).toBe('paid')
    expect(amountDueNow(done)).toBe(0)
  })

  it('marked paid by the office on money taken outside the app: only the extra days are owed, and paying them settles it', async () => {
    // A family's open booking with nothing paid whose body has been in care longer than its storage was booked for.
    const admin = await loginAs('admin')
    let candidate: { id: number; client_id: number } | undefined
    for (const b of seed.booking.findMany((q) => q.where({ payment_status: 'pending' })).filter((b) => b.status !== 'cancelled' && b.status !== 'completed')) {
      const read = await bookingOf(admin, b.id)
      if (read.storage && (read.charges_to_date ?? 0) > read.total_amount) {
        candidate = b
        break
      }
    }
    if (!candidate) throw new Error('the demo has no unpaid booking whose storage ran past its booked days')
    const owner = seed.user.findFirst((q) => q.where({ id: candidate.client_id }))!
    const token = await login(owner.email, SEED_USER_PASSWORD)

    const marked = await call('PATCH', `/bookings/${candidate.id}/payment`, { token: admin, body: { payment_status: 'paid', reason: 'Cash at the office, receipt 0412' } })
    expect(marked.status).toBe(200)
    const before = await bookingOf(token, candidate.id)
    expect(before).toMatchObject({ payment_status: 'paid', amount_paid: 0, settled_outside: before.total_amount })
    const balance = amountDueNow(before)
    expect(balance).toBe((before.charges_to_date ?? 0) - before.total_amount)
    expect(balance).toBeGreaterThan(0)
    expect((await pendingList(token)).find((p) => String(p.id) === String(candidate.id))).toMatchObject({ amount_due: balance })
    // The papers say the same: the office's cash is a line of its own, and the balance is the app's.
    const paperText = async (kind: string) => {
      const res = await call('GET', `/bookings/${candidate.id}/papers/${kind}`, { token })
      expect(res.status).toBe(200)
      return pdfText(res.bytes)
    }
    const invoice = await paperText('invoice')
    expect(invoice).toContain(`Paid ${ksh(before.total_amount)}`)
    expect(invoice).toContain(`Balance ${ksh(balance)}`)
    const statement = await paperText('statement')
    expect(statement).toContain('Paid at the office: Cash at the office, receipt 0412')
    expect(statement).toContain(`Total paid ${ksh(before.total_amount)}`)

    const outstanding = async () => PaymentSummary.parse((await call('GET', '/payments/summary?timeframe=year', { token: admin })).json).outstandingBalance
    const owedBefore = await outstanding()
    await payByMpesa(token, candidate.id, balance)
    // The office's figures agree: what families owe went down by exactly this payment.
    expect(await outstanding()).toBe(owedBefore - balance)
    const after = await bookingOf(token, candidate.id)
    // The office's cash still counts: the M-Pesa payment is on top of it, and nothing is owed.
    expect(after).toMatchObject({ payment_status: 'paid', amount_paid: balance, settled_outside: before.total_amount })
    expect(amountDueNow(after)).toBe(0)
    expect((await pendingList(token)).map((p) => String(p.id))).not.toContain(String(candidate.id))
  })
})

describe("the harambee's still due is what is owed today", () => {
  it('a booking paid in full whose body stayed past the booked days: the link opens, the page and its HTML say the balance, relatives may give that and no more', async () => {
    const family = await loginAs('client')
    const id = teresia()
    const before = await bookingOf(family, id)
    const balance = amountDueNow(before)
    expect(before.payment_status).toBe('paid')
    expect(balance).toBeGreaterThan(0)

    const made = await call<{ link: { token: string; status: string } }>('POST', `/bookings/${id}/contributions/link`, { token: family, body: {} })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    expect(made.json.link.status).toBe('open')
    const token = made.json.link.token
    const page = ContributionPage.parse((await call('GET', `/contributions/${token}`)).json)
    // All charged so far (storage for the days in care), all paid, and the difference: as the family's own screens say.
    expect(page).toMatchObject({ status: 'open', total: before.charges_to_date, paid: before.total_amount, amount_due: balance })
    const html = contributionSummaryHtml(page, 'en')
    expect(html).toContain(`<span class="cp-due">KSH ${balance.toLocaleString('en-KE')} still due</span>`)
    expect(html).toMatch(new RegExp(`aria-valuenow="${before.total_amount}"`))

    // The tribute page's harambee says the same.
    const tribute = await call<{ tribute: { slug: string } }>('PUT', `/bookings/${id}/tribute`, { token: family, body: { published: true, findable: false, story: 'Pole sana.', born: '', livestream_url: '', events: [] } })
    expect(tribute.status, JSON.stringify(tribute.json)).toBe(200)
    const memorial = await call<{ harambee: { total: number; paid: number; amount_due: number } | null }>('GET', `/tributes/${tribute.json.tribute.slug}`)
    expect(memorial.json.harambee).toMatchObject({ total: before.charges_to_date, paid: before.total_amount, amount_due: balance })

    const relative = { name: 'Otieno', phoneNumber: phoneFor('success') }
    const over = await call('POST', `/contributions/${token}/push`, { body: { ...relative, amount: balance + 1 } })
    expect(over.status).toBe(422)
    expect(over.json).toMatchObject({ message: msgAmountAboveDue(balance) })
    const pushed = await call<{ data: { ResponseCode: string; CheckoutRequestID?: string } }>('POST', `/contributions/${token}/push`, { body: { ...relative, amount: balance } })
    expect(pushed.status, JSON.stringify(pushed.json)).toBe(200)
    let result: string | undefined
    for (let i = 0; i < 20 && result === undefined; i++) {
      result = (await call<{ data: { ResultCode?: string } }>('GET', `/contributions/${token}/verify/${pushed.json.data.CheckoutRequestID}`)).json.data.ResultCode
    }
    expect(result).toBe('0')
    await callbacksDelivered()

    const settled = ContributionPage.parse((await call('GET', `/contributions/${token}`)).json)
    expect(settled).toMatchObject({ status: 'settled', amount_due: 0, paid: before.charges_to_date })
    const after = await bookingOf(family, id)
    expect(amountDueNow(after)).toBe(0)
    expect(after.payment_status).toBe('paid')
  })
})
