import { describe, expect, it, vi } from 'vitest'
import { call, loginAs, nairobiDay, useBackend } from './target'
import { pdfText } from './pdf-text'
import { BookingList } from '../../shared/contracts/bookings'
import { ServiceList } from '../../shared/contracts/services'
import { ksh } from '../../shared/paper/paper'
import { MSG_SHARE_EXPIRED, SHARE_LINK_DAYS } from '../../shared/paper/share'
import { amountDueNow } from '../../shared/urgency'

useBackend()

interface PapersIndex {
  invoice: string
  statement: string
  quotation: string
  receipts: Array<{ payment_id: number; amount: number; payer: string; mpesa_receipt: string | null; contribution: boolean; href: string }>
}

async function pdfOf(path: string, token: string, method: 'GET' | 'POST' = 'GET', body?: unknown) {
  const res = await call(method, path, { token, ...(body === undefined ? {} : { body }) })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-')
  // A4 and a few tens of KB, fonts embedded and subset.
  expect(res.bytes.length).toBeLessThan(80_000)
  return { text: await pdfText(res.bytes), disposition: res.headers.get('content-disposition') ?? '' }
}

describe("a booking's papers", () => {
  it('invoice, receipts and statement carry the API amounts, numbered per year without gaps, in the family language', async () => {
    const token = await loginAs('client')
    const bookings = BookingList.parse((await call('GET', '/bookings/my', { token })).json)
    const paid = bookings.filter((b) => b.amount_paid > 0 && b.status !== 'cancelled')
    const [booking, other] = paid.length >= 2 ? paid : [paid[0], bookings.find((b) => b.id !== paid[0]?.id)]
    if (!booking || !other) throw new Error('the demo has no paid booking')
    const year = nairobiDay().slice(0, 4)

    const index = (await call<PapersIndex>('GET', `/bookings/${booking.id}/papers`, { token })).json
    expect(index.invoice).toBe(`/bookings/${booking.id}/papers/invoice`)
    expect(index.receipts.reduce((sum, r) => sum + r.amount, 0)).toBe(booking.amount_paid)

    const charges = booking.charges_to_date ?? booking.total_amount
    const invoice = await pdfOf(index.invoice, token)
    expect(invoice.disposition).toContain(`invoice-INV-${year}-000001.pdf`)
    expect(invoice.text).toContain(`INV-${year}-000001`)
    expect(invoice.text).toContain(`Total ${ksh(charges)}`)
    expect(invoice.text).toContain(`Paid ${ksh(booking.amount_paid)}`)
    expect(invoice.text).toContain(`Balance ${ksh(Math.max(0, charges - booking.amount_paid))}`)
    if (booking.storage) expect(invoice.text).toContain(`${booking.storage.days} ${ksh(booking.storage.daily_rate)} ${ksh(booking.storage.amount)}`)
    // The same invoice keeps its number; the next booking's takes the next one.
    expect((await pdfOf(index.invoice, token)).text).toContain(`INV-${year}-000001`)
    expect((await pdfOf(`/bookings/${other.id}/papers/invoice`, token)).text).toContain(`INV-${year}-000002`)

    const first = index.receipts[0]
    if (!first) throw new Error('no receipt')
    const receipt = await pdfOf(first.href, token)
    expect(receipt.text).toContain(`RCT-${year}-000001`)
    expect(receipt.text).toContain(`Amount received ${ksh(first.amount)}`)
    expect(receipt.text).toContain(first.payer)
    if (first.mpesa_receipt) expect(receipt.text).toContain(first.mpesa_receipt)
    expect(receipt.text).toMatch(/Balance after this payment KSH [\d,]+/)

    const statement = await pdfOf(index.statement, token)
    for (const r of index.receipts) expect(statement.text).toContain(r.payer)
    expect(statement.text).toContain(`Total paid ${ksh(booking.amount_paid)}`)

    const sw = await pdfOf(`${index.invoice}?lang=sw`, token)
    expect(sw.text).toContain('ANKARA')
    expect(sw.text).toContain(`Jumla ${ksh(charges)}`)
    const quotation = (await pdfOf(index.quotation, token)).text
    expect(quotation).toMatch(/QUOTATION.*Valid until/)
    // A booking's quotation counts what was paid: due now is what the app says is owed today.
    expect(quotation).toContain(`Paid ${ksh(booking.amount_paid)}`)
    const due = amountDueNow(booking)
    expect(quotation).toContain(due === 0 ? `Nothing due now ${ksh(0)}` : `Due now ${ksh(due)}`)
    // Eight PDFs built and read back: slow on a busy 2-core machine.
  }, 60_000)

  it("the wizard's draft is quoted before anything is booked: the catalogue's prices, storage for the days expected, the home's details; nothing stored", async () => {
    const token = await loginAs('client')
    const services = ServiceList.parse((await call('GET', '/services')).json)
    const storage = services.find((s) => s.per_day)
    const hearse = services.find((s) => !s.per_day && s.name === 'Hearse Transport')
    if (!storage || !hearse) throw new Error('the demo has no storage or hearse')
    const when = `${nairobiDay(20)}T10:00:00`
    const draft = { services: [{ service_id: hearse.id, scheduled_date: when }, { service_id: storage.id, quantity: 4, scheduled_date: when }], deceased_name: 'Wanjiku Kamau', hold: true }
    const before = BookingList.parse((await call('GET', '/bookings/my', { token })).json).length
    const total = hearse.price + storage.price * 4

    const quoted = await pdfOf('/bookings/quotation?lang=en', token, 'POST', draft)
    expect(quoted.disposition).toContain(`quotation-${nairobiDay()}.pdf`)
    expect(quoted.text).toMatch(/QUOTATION.*Valid until/)
    expect(quoted.text).toContain('Wanjiku Kamau')
    expect(quoted.text).toContain(`${hearse.name} 1 ${ksh(hearse.price)} ${ksh(hearse.price)}`)
    expect(quoted.text).toContain(`4 days expected 4 ${ksh(storage.price)} ${ksh(storage.price * 4)}`)
    expect(quoted.text).toContain(`Total ${ksh(total)}`)
    expect(quoted.text).toContain(`Due now ${ksh(total)}`)
    expect((await pdfOf('/bookings/quotation?lang=sw', token, 'POST', draft)).text).toContain(`Jumla ${ksh(total)}`)
    expect(BookingList.parse((await call('GET', '/bookings/my', { token })).json)).toHaveLength(before)

    // Checked as POST /bookings checks a booking's lines.
    const unknown = await call('POST', '/bookings/quotation', { token, body: { ...draft, services: [{ service_id: 999999, scheduled_date: when }] } })
    expect(unknown.status).toBe(422)
    expect(unknown.json.message).toMatch(/^Unknown service/)
    const days = await call('POST', '/bookings/quotation', { token, body: { ...draft, services: [{ service_id: hearse.id, quantity: 3, scheduled_date: when }] } })
    expect(days.status).toBe(422)
    expect((await call('POST', '/bookings/quotation', { token, body: { services: [] } })).status).toBe(422)
    expect((await call('POST', '/bookings/quotation', { body: draft })).status).toBe(401)
    expect((await call('POST', '/bookings/quotation', { token: await loginAs('morgue_attendant'), body: draft })).status).toBe(403)
  }, 60_000)

  it('a shared link opens its one paper without an account until it expires; a changed or made-up token opens nothing', async () => {
    const token = await loginAs('client')
    const bookings = BookingList.parse((await call('GET', '/bookings/my', { token })).json)
    const booking = bookings.find((b) => b.amount_paid > 0 && b.status !== 'cancelled')
    if (!booking) throw new Error('the demo has no paid booking')
    const shared = await call<{ url: string; expires_at: string }>('POST', `/bookings/${booking.id}/papers/share`, { token, body: { kind: 'invoice' } })
    expect(shared.status).toBe(201)
    expect(shared.json.url).toMatch(/^\/papers\/shared\/[\w.-]{60,}$/)
    const expires = Date.parse(shared.json.expires_at)
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(SHARE_LINK_DAYS)

    // No account: the link is the key.
    const opened = await call('GET', `${shared.json.url}?lang=en`)
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'application/pdf'])
    expect(await pdfText(opened.bytes)).toContain(`Total ${ksh(booking.charges_to_date ?? booking.total_amount)}`)
    const last = shared.json.url.at(-1)
    expect((await call('GET', `${shared.json.url.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`)).status).toBe(404)
    expect((await call('GET', shared.json.url.replace(`/shared/${booking.id}.`, `/shared/${Number(booking.id) + 1}.`))).status).toBe(404)
    expect((await call('GET', '/papers/shared/not-a-token')).status).toBe(404)
    // A receipt of no payment of this booking is refused when the link is asked for; an attendant shares nothing.
    expect((await call('POST', `/bookings/${booking.id}/papers/share`, { token, body: { kind: 'receipt', payment_id: 999999 } })).status).toBe(404)
    expect((await call('POST', `/bookings/${booking.id}/papers/share`, { token, body: { kind: 'letter' } })).status).toBe(422)
    expect([403, 404]).toContain((await call('POST', `/bookings/${booking.id}/papers/share`, { token: await loginAs('morgue_attendant'), body: { kind: 'invoice' } })).status)

    // The clock moved to the link's end: it opens nothing more.
    vi.useFakeTimers({ toFake: ['Date'], now: expires })
    try {
      const late = await call('GET', shared.json.url)
      expect([late.status, late.json.message]).toEqual([410, MSG_SHARE_EXPIRED])
    } finally {
      vi.useRealTimers()
    }
  }, 60_000)

  it('the family reads their own, the office all; not the attendant, not another family', async () => {
    const token = await loginAs('client')
    const [booking] = BookingList.parse((await call('GET', '/bookings/my', { token })).json)
    if (!booking) throw new Error('no booking')
    const admin = await loginAs('admin')
    // The home's KRA PIN and M-Pesa details from Settings print on the papers.
    const settings = (await call<{ settings: { general: Record<string, unknown> } }>('GET', '/settings', { token: admin })).json.settings
    const saved = await call('PUT', '/settings/general', { token: admin, body: { ...settings.general, kraPin: 'P051234567X', mpesaDetails: 'Paybill 247247' } })
    expect(saved.status).toBe(200)
    const quotation = await pdfOf(`/bookings/${booking.id}/papers/quotation`, admin)
    expect(quotation.text).toContain('KRA PIN: P051234567X')
    expect(quotation.text).toContain('Pay by M-Pesa: Paybill 247247')
    expect((await call('GET', `/bookings/${booking.id}/papers/receipt/999999`, { token })).status).toBe(404)
    const attendant = await loginAs('morgue_attendant')
    expect([403, 404]).toContain((await call('GET', `/bookings/${booking.id}/papers/invoice`, { token: attendant })).status)
    expect((await call('GET', `/bookings/${booking.id}/papers`)).status).toBe(401)
    const signup = await call<{ token: string }>('POST', '/auth/register', { body: { name: 'Other Family', email: 'other.family@example.com', password: 'Str0ng!pass', phone: '0712345678' } })
    if (signup.status === 201 || signup.status === 200) expect((await call('GET', `/bookings/${booking.id}/papers/invoice`, { token: signup.json.token })).status).toBe(404)
  }, 60_000)
})
