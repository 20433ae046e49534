import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { agreementPaper } from '../../../shared/paper/agreement'
import { quotationPaper, receiptPaper, statementPaper, type PaperPayment } from '../../../shared/paper/paper'
import { renderPaperPdf } from '../../../shared/paper/pdf'
import { bookingPaper } from '../../../shared/paper/papers'
import { amountDueNow } from '../../../shared/urgency'
import { appendSignaturePage } from '../../../shared/paper/signature-pdf'
import { agreementTermsOf } from '../../../shared/contracts/settings'

/**
 * The papers as printed: nothing runs off the page or under the title, whatever the longest names
 * the forms let in; a family that reads Kiswahili signs the terms in Kiswahili. Read back with
 * pdfjs-dist, every piece of text with its place on the page.
 */
const fontDir = join(import.meta.dirname, '..', '..', '..', 'shared', 'paper', 'fonts')
const fonts = { regular: new Uint8Array(readFileSync(join(fontDir, 'LiberationSans-Regular.ttf'))), bold: new Uint8Array(readFileSync(join(fontDir, 'LiberationSans-Bold.ttf'))) }
const A4_WIDTH = 595.28
const MARGIN = 48

type Piece = { str: string; x: number; y: number; width: number; height: number }
async function pieces(bytes: Uint8Array): Promise<Piece[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise
  const content = await (await pdf.getPage(1)).getTextContent()
  const out = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height }] : []))
  await pdf.destroy()
  return out
}

const home = {
  name: 'Amani Funeral Home and Mortuary Services of the Coast Limited',
  address: 'Ngong Road, opposite Kenyatta National Hospital, P.O. Box 12345-00100, Nairobi, Second Floor, Amani House',
  phone: '+254 700 000 000',
  email: 'accounts.department.amanifuneralhomeandmortuary@example.co.ke',
  kra_pin: 'P051234567X',
  mpesa: 'Paybill 247247',
}
const booking = {
  id: 1042,
  created_at: '2026-03-06T07:15:00.000Z',
  deceased_first_name: 'Samuel Kiprotich',
  deceased_last_name: 'Wanjiru-Ochieng',
  client_name: 'Mary Atieno Achieng',
  services: [{ service_name: 'Hearse to the burial site (up to 400 km, driver and fuel included)', quantity: 1, price_at_booking: 35000 }],
  morgue: null,
}
// A relative's name as long as the contribution form allows (100 characters).
const relative: PaperPayment = { id: 7, amount: 12500, status: 'completed', paid_at: '2026-03-08T16:20:00.000Z', mpesa_receipt: 'SC83EFGH34', payer: 'Joseph Kamau Mwangi Otieno Wafula Kiprotich Chebet, on behalf of the Eldoret Harambee Committee 2026', contribution: true }

describe('the papers as printed', () => {
  it.each(['en', 'sw'] as const)('a receipt with the longest names stays inside the margins and clear of its title (%s)', async (language) => {
    expect(relative.payer).toHaveLength(100)
    const paper = receiptPaper({ booking, payment: relative, payments: [relative], home, language, number: 'RCT-2026-000046' })
    const text = await pieces(await renderPaperPdf(paper, fonts, new Date('2026-03-12T09:30:00.000Z')))
    for (const p of text) expect({ str: p.str, right: Math.round(p.x + p.width) }).toEqual({ str: p.str, right: expect.toSatisfy((r: number) => r <= A4_WIDTH - MARGIN + 1) })
    // The whole name is printed, over as many lines as it needs.
    expect(text.map((p) => p.str).join(' ').replace(/\s+/g, ' ')).toContain(relative.payer)
    // The title and number share no line with the home's name or address where they would overlap.
    const title = text.find((p) => p.str === paper.title.toUpperCase())
    const number = text.find((p) => p.str.endsWith('RCT-2026-000046'))
    if (!title || !number) throw new Error('no title or number')
    const left = text.filter((p) => p.x < MARGIN + 1 && p.y > number.y - 12)
    expect(left.length).toBeGreaterThan(1)
    for (const p of left) expect(p.x + p.width).toBeLessThan(Math.min(title.x, number.x))
  })

  it("the signature page is named, not numbered: the signed pages before it keep their own 'Page 1/1'", async () => {
    for (const [language, named] of [['en', 'Signature page, after the agreement’s page 1'], ['sw', 'Ukurasa wa sahihi, baada ya ukurasa 1 wa mkataba']] as const) {
      const paper = agreementPaper({ booking, home, terms: agreementTermsOf({}, language), language, revision: 1 })
      const signed = await appendSignaturePage(await renderPaperPdf(paper, fonts, new Date(booking.created_at)), fonts, language, home.name, {
        signedName: 'Grace Wanjiru Kamau', signedAt: new Date('2026-03-06T08:00:00.000Z'), phoneEnding: '5443', ip: '127.0.0.1', userAgent: 'Mozilla/5.0', documentSha256: 'a'.repeat(64), revision: 1,
      })
      const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
      const pdf = await getDocument({ data: signed, useSystemFonts: false, isEvalSupported: false }).promise
      const textOf = async (n: number) => (await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')
      expect(pdf.numPages).toBe(2)
      expect(await textOf(1)).toMatch(language === 'en' ? /Page 1\/1/ : /Ukurasa 1\/1/)
      const last = await textOf(2)
      expect(last).toContain(named)
      expect(last).not.toMatch(/2\/2/)
      await pdf.destroy()
    }
  })

  it('a family that reads Kiswahili signs the default terms in Kiswahili', async () => {
    const terms = agreementTermsOf({}, 'sw')
    const paper = agreementPaper({ booking, home, terms, language: 'sw', revision: 1 })
    const text = (await pieces(await renderPaperPdf(paper, fonts, new Date(booking.created_at)))).map((p) => p.str).join(' ').replace(/\s+/g, ' ')
    expect(text).toContain('Masharti:')
    expect(text).toContain('Mwili haukatazwi kukabidhiwa kwa sababu ya salio ambalo halijalipwa')
    expect(text).not.toContain('The release of the body is never refused')
  })

  it("a statement dates storage from the body's receipt, and the office's cash on the day it marked the booking paid", () => {
    const withStorage = {
      ...booking,
      services: [...booking.services, { service_name: 'Body Storage (per day)', quantity: 3, price_at_booking: 1000, per_day: true }],
      morgue: { received_at: '2026-03-09T05:00:00.000Z', released_at: '2026-03-14T10:00:00.000Z' },
      settled_outside: 20000,
      audit: [{ at: '2026-03-10T08:00:00.000Z', field: 'payment_status', to: 'paid', reason: 'Cash receipt 0042' }],
    }
    const paper = statementPaper({ booking: withStorage, payments: [relative], home, language: 'en', now: new Date('2026-03-20T09:00:00.000Z') })
    expect(paper.rows.map((r) => [r[0], r[1]?.split(':')[0], r[4]])).toEqual([
      ['06/03/2026', 'Hearse to the burial site (up to 400 km, driver and fuel included)', 'KSH 35,000'],
      ['08/03/2026', 'Contribution', 'KSH 22,500'],
      ['09/03/2026', 'Body Storage (per day)', 'KSH 28,500'],
      ['10/03/2026', 'Paid at the office', 'KSH 8,500'],
    ])
    expect(paper.amounts).toEqual({ total: 41000, paid: 32500, balance: 8500 })
  })

  it('a quotation speaks of storage days only when it quotes storage', () => {
    const quote = (perDay: boolean) => quotationPaper({ lines: [{ service_name: 'Mortuary storage', price: 1000, quantity: 3, per_day: perDay }], home, language: 'en', now: new Date('2026-03-12T09:30:00.000Z'), deceasedName: 'Samuel', familyName: 'Mary' }).notes
    expect(quote(true)[0]).toMatch(/^Storage is charged for the days the body is in our care/)
    expect(quote(false).join(' ')).not.toMatch(/Storage is charged/)
    expect(quote(false)).toEqual(['Pay by M-Pesa: Paybill 247247.'])
  })

  it("a booking's quotation says what is due now given what was paid; the wizard's (nothing paid yet) the whole total", () => {
    const now = new Date('2026-03-12T09:30:00.000Z')
    // A fixed service (the hearse) and storage booked for 3 days, the body in care since 10/03 (3 Nairobi days to 12/03).
    const held = { ...booking, services: [...booking.services, { service_name: 'Body Storage (per day)', service_name_sw: 'Kuhifadhi Mwili (kwa siku)', quantity: 3, price_at_booking: 1000, per_day: true }], morgue: { received_at: '2026-03-10T06:00:00.000Z', released_at: null } }
    const pay = (amount: number): PaperPayment => ({ id: 9, amount, status: 'completed', paid_at: '2026-03-11T08:00:00.000Z', mpesa_receipt: 'SC11PAID', payer: 'Mary Atieno Achieng', contribution: false })
    const quote = (payments: PaperPayment[], language: 'en' | 'sw' = 'en') => bookingPaper({ kind: 'quotation', booking: held, payments, home, language, now, number: null, paymentId: null })
    // Paid in full: nothing due, said plainly, in both languages.
    expect(quote([pay(38000)]).totals).toEqual([['Total', 'KSH 38,000'], ['Paid', 'KSH 38,000'], ['Nothing due now', 'KSH 0']])
    expect(quote([pay(38000)], 'sw').totals.at(-1)).toEqual(['Hakuna kinachodaiwa sasa', 'KSH 0'])
    expect(quote([pay(38000)]).amounts).toMatchObject({ total: 38000, paid: 38000, due_now: 0 })
    expect(quote([pay(38000)]).notes.join(' ')).not.toContain('Pay by M-Pesa')
    // Part paid: what the app says is still owed today (amountDueNow), not the quoted total.
    const part = quote([pay(30000), { ...pay(500), id: 10, status: 'failed' }])
    const dueNow = amountDueNow({ status: 'confirmed', payment_status: 'partial', total_amount: 38000, amount_paid: 30000, charges_to_date: 38000 })
    expect(dueNow).toBe(8000)
    expect(part.totals).toEqual([['Total', 'KSH 38,000'], ['Paid', 'KSH 30,000'], ['Due now', 'KSH 8,000']])
    expect(part.notes).toContain('Pay by M-Pesa: Paybill 247247.')
    // Nothing paid: no "Paid" line, the charges so far due.
    expect(quote([]).totals).toEqual([['Total', 'KSH 38,000'], ['Due now', 'KSH 38,000']])
    // The body in care longer than quoted (5 days at 12/03, 3 quoted): due now is more than total less paid, and the paper says why.
    const longer = bookingPaper({ kind: 'quotation', booking: { ...held, morgue: { received_at: '2026-03-08T06:00:00.000Z', released_at: null } }, payments: [pay(38000)], home, language: 'en', now, number: null, paymentId: null })
    expect(longer.totals.at(-1)).toEqual(['Due now', 'KSH 2,000'])
    expect(longer.notes).toContain('Due now counts storage for every day the body has been in our care so far, more than the days quoted; the invoice shows them.')
    expect(part.notes.join(' ')).not.toContain('Due now counts storage')
    // The wizard's quotation, before booking: the whole total due, as before.
    const wizard = quotationPaper({ lines: [{ service_name: 'Hearse', price: 4000, quantity: 1 }], home, language: 'en', now, deceasedName: 'Samuel', familyName: 'Mary' })
    expect(wizard.totals).toEqual([['Total', 'KSH 4,000'], ['Due now', 'KSH 4,000']])
  })
})
