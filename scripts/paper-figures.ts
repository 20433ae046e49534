/**
 * Builds each paper (quotation, agreement as read and signed, invoice, receipt, statement) in
 * English and Kiswahili with the code both backends use (shared/paper), for a booking like the
 * demo's: a name and address of realistic length, five services, storage running, three payments
 * (one a relative's contribution). Writes the PDFs to a folder and prints each one's size and the
 * time to build it (the first build in the process includes loading the PDF library and fonts).
 *
 *   npx tsx scripts/paper-figures.ts [out-folder]   (then e.g. pdftoppm -png -r 60 out/x.pdf out/x)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { agreementPaper, sha256Hex } from '../shared/paper/agreement'
import { invoicePaper, paperNumber, quotationPaper, receiptPaper, statementPaper, bookedQuotationLines, type Paper, type PaperBooking, type PaperPayment } from '../shared/paper/paper'
import { paperHome } from '../shared/paper/papers'
import { agreementTermsOf, DEFAULT_SETTINGS } from '../shared/contracts/settings'
import { PAPER_LANGUAGES } from '../shared/paper/words'

const out = process.argv[2] ?? 'paper-figures'
mkdirSync(out, { recursive: true })
const fontDir = join(import.meta.dirname, '..', 'shared', 'paper', 'fonts')
const fonts = { regular: new Uint8Array(readFileSync(join(fontDir, 'LiberationSans-Regular.ttf'))), bold: new Uint8Array(readFileSync(join(fontDir, 'LiberationSans-Bold.ttf'))) }

// A fixed "now": the same papers whatever the day (six days after the body was received).
const now = new Date('2026-03-12T09:30:00.000Z')
const home = paperHome({ ...DEFAULT_SETTINGS.general, address: 'Ngong Road, opposite Kenyatta National Hospital, P.O. Box 12345-00100, Nairobi', kraPin: 'P051234567X', mpesaDetails: 'Paybill 247247' })
const booking: PaperBooking = {
  id: 1042,
  created_at: '2026-03-06T07:15:00.000Z',
  deceased_first_name: 'Samuel Kiprotich',
  deceased_last_name: 'Wanjiru-Ochieng',
  client_name: 'Mary Atieno Achieng',
  services: [
    { service_name: 'Mortuary storage', quantity: 7, price_at_booking: 1000, per_day: true },
    { service_name: 'Embalming and preparation of the body', quantity: 1, price_at_booking: 15000 },
    { service_name: 'Hearse to the burial site (up to 400 km, driver and fuel included)', quantity: 1, price_at_booking: 35000 },
    { service_name: 'Viewing room', quantity: 1, price_at_booking: 5000 },
    { service_name: 'Casket: mahogany, lined', quantity: 1, price_at_booking: 68000 },
  ],
  morgue: { received_at: '2026-03-06T10:00:00.000Z', released_at: null },
}
const payments: PaperPayment[] = [
  { id: 501, amount: 40000, status: 'completed', paid_at: '2026-03-06T08:00:00.000Z', mpesa_receipt: 'SC61ABCD12', payer: 'Mary Atieno Achieng', contribution: false },
  { id: 502, amount: 12500, status: 'completed', paid_at: '2026-03-08T16:20:00.000Z', mpesa_receipt: 'SC83EFGH34', payer: 'Joseph Kamau (uncle, Eldoret)', contribution: true },
  { id: 503, amount: 30000, status: 'completed', paid_at: '2026-03-11T12:05:00.000Z', mpesa_receipt: 'SCB4IJKL56', payer: 'Mary Atieno Achieng', contribution: false },
]

const loading = performance.now()
const { renderPaperPdf } = await import('../shared/paper/pdf')
const { appendSignaturePage } = await import('../shared/paper/signature-pdf')
const rows: string[] = [`loading the PDF library: ${(performance.now() - loading).toFixed(0)} ms`]
async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now()
  const v = await f()
  return [v, performance.now() - t]
}
function save(name: string, bytes: Uint8Array, ms: number, paper?: Paper) {
  writeFileSync(join(out, `${name}.pdf`), bytes)
  rows.push(`${name.padEnd(22)} ${String(bytes.length).padStart(7)} B  ${ms.toFixed(0).padStart(5)} ms${paper ? `  ${JSON.stringify(paper.amounts)}` : ''}`)
}

for (const language of PAPER_LANGUAGES) {
  const papers: Array<[string, Paper]> = [
    ['quotation', quotationPaper({ lines: bookedQuotationLines(booking), home, language, now, deceasedName: 'Samuel Kiprotich Wanjiru-Ochieng', familyName: booking.client_name ?? '' })],
    ['invoice', invoicePaper({ booking, payments, home, language, number: paperNumber('invoice', 2026, 123), now })],
    ['receipt', receiptPaper({ booking, payment: payments[1]!, payments, home, language, number: paperNumber('receipt', 2026, 45) })],
    ['statement', statementPaper({ booking, payments, home, language, now })],
  ]
  for (const [name, paper] of papers) {
    const [bytes, ms] = await timed(() => renderPaperPdf(paper, fonts, now))
    save(`${name}-${language}`, bytes, ms, paper)
  }
  const agreement = agreementPaper({ booking, home, terms: agreementTermsOf(DEFAULT_SETTINGS.general, language), language, revision: 1 })
  const [read, readMs] = await timed(() => renderPaperPdf(agreement, fonts, new Date(booking.created_at)))
  save(`agreement-${language}`, read, readMs, agreement)
  const [signed, signMs] = await timed(async () =>
    appendSignaturePage(read, fonts, language, home.name, {
      signedName: 'Mary Atieno Achieng',
      signedAt: new Date('2026-03-06T07:40:12.000Z'),
      phoneEnding: '4821',
      ip: '197.232.61.14',
      userAgent: 'Mozilla/5.0 (Linux; Android 11; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
      documentSha256: await sha256Hex(read),
      revision: 1,
    }),
  )
  save(`agreement-signed-${language}`, signed, signMs)
}
// The longest words the forms let in: a home's long name and address, a relative's name of 100
// characters, an e-mail address with no space to break at. Nothing may run off the page or under the title.
const longHome = { ...home, name: 'Amani Funeral Home and Mortuary Services of the Coast Limited', address: `${home.address}, Second Floor, Amani House, Kenyatta Avenue`, email: 'accounts.department.amanifuneralhomeandmortuary@example.co.ke' }
const longPayer: PaperPayment = { ...payments[1]!, payer: 'Joseph Kamau Mwangi Otieno Wafula Kiprotich Chebet, on behalf of the Eldoret Harambee Committee 2026' }
const longBooking = { ...booking, client_name: 'Mary Atieno Achieng-Wanjiru, for the family of the late Samuel Kiprotich and all relatives' }
for (const language of PAPER_LANGUAGES) {
  const receipt = receiptPaper({ booking: longBooking, payment: longPayer, payments: [payments[0]!, longPayer], home: longHome, language, number: paperNumber('receipt', 2026, 46) })
  const [bytes, ms] = await timed(() => renderPaperPdf(receipt, fonts, now))
  save(`receipt-long-${language}`, bytes, ms, receipt)
  const statement = statementPaper({ booking: longBooking, payments: [payments[0]!, longPayer, payments[2]!], home: longHome, language, now })
  const [sBytes, sMs] = await timed(() => renderPaperPdf(statement, fonts, now))
  save(`statement-long-${language}`, sBytes, sMs, statement)
}
console.log(rows.join('\n'))
