/**
 * The paper trail's content: what an invoice, a receipt, a statement and a quotation say, as plain
 * data built from a booking as the API answers it, its payments and the home's details. Both
 * backends build the same papers from here and render them with ./pdf.ts, so the PDF's amounts are
 * the API's by construction (the contract suite reads them back to check).
 */
import { addDays, compareIso, nairobiDay } from '../dates'
import { bookingCharges } from '../storage-charge'
import { PAPER_WORDS, type PaperLanguage } from './words'
import { lineServiceName } from '../contracts/services'

export type PaperKind = 'invoice' | 'receipt' | 'statement' | 'quotation'
/** Numbered kinds and their prefixes: INV-2026-000123, RCT-2026-000045. */
export const PAPER_PREFIX = { invoice: 'INV', receipt: 'RCT' } as const
export type NumberedKind = keyof typeof PAPER_PREFIX

/** A numbered paper's number: its prefix, the year it was issued in Nairobi, six digits. */
export const paperNumber = (kind: NumberedKind, year: number, seq: number) => `${PAPER_PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}`
/** The Nairobi year an instant falls in (a paper issued on 31 December at 23:30 Nairobi is that year's). */
export const nairobiYear = (at: Date) => Number(nairobiDay(at).slice(0, 4))

/** How long a quotation holds. */
export const QUOTATION_VALID_DAYS = 14

export interface PaperHome {
  name: string
  address: string
  phone: string
  email: string
  kra_pin?: string | null
  mpesa?: string | null
}

/** A booking as the paper needs it (the wire booking has all of this). */
export interface PaperBooking {
  id: number | string
  created_at: string
  deceased_first_name: string
  deceased_last_name: string
  client_name?: string | null
  services: ReadonlyArray<{ service_name: string; service_name_sw?: string | null; quantity: number; price_at_booking: number; per_day?: boolean | null }>
  morgue?: { received_at: string; released_at: string | null } | null
  /** What the office took outside the app's payments when it marked the booking paid (the wire booking's). */
  settled_outside?: number | null
  /** The booking's history: when the office marked it paid, and why. */
  audit?: ReadonlyArray<{ at: string; field: string; to: string; reason?: string | null }> | null
}

export interface PaperPayment {
  id: number
  amount: number
  status: string
  /** ISO instant. */
  paid_at: string
  /** The M-Pesa receipt number (transaction id). */
  mpesa_receipt: string | null
  /** The payer's name as given (the family, or the relative who contributed). */
  payer: string
  contribution: boolean
}

export interface Paper {
  kind: PaperKind
  language: PaperLanguage
  title: string
  number: string | null
  home: PaperHome
  /** Label and value pairs under the title (date, booking, deceased, family…). */
  facts: Array<[string, string]>
  /** The table: its head and rows (the last column is an amount, right-aligned). */
  head: string[]
  rows: string[][]
  /** Label and amount pairs at the foot of the table; the last is in bold. */
  totals: Array<[string, string]>
  notes: string[]
  /** The amounts in whole KSH, as the tests compare them with the API's. */
  amounts: Record<string, number>
}

const grouped = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
export const ksh = (n: number) => `KSH ${grouped.format(n)}`
/** 'YYYY-MM-DD' as DD/MM/YYYY (Settings' default date format). */
export const dmy = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`
const dayOf = (iso: string) => dmy(nairobiDay(new Date(iso)))

const deceased = (b: PaperBooking) => `${b.deceased_first_name} ${b.deceased_last_name}`.trim()
const completed = (payments: readonly PaperPayment[]) =>
  payments.filter((p) => p.status === 'completed').sort((a, b) => compareIso(a.paid_at, b.paid_at) || a.id - b.id)

/**
 * What the office settled outside the app's payments (cash at the office, a transfer) as a line of
 * its own, dated when it marked the booking paid, so the papers' paid and balance agree with the app.
 */
function officeSettlement(b: PaperBooking, lang: PaperLanguage): { amount: number; at: string; text: string } | null {
  const amount = b.settled_outside ?? 0
  if (amount <= 0) return null
  const marked = (b.audit ?? []).filter((a) => a.field === 'payment_status' && a.to === 'paid').at(-1)
  const reason = marked?.reason?.trim()
  return { amount, at: marked?.at ?? b.created_at, text: `${PAPER_WORDS[lang].settledAtOffice}${reason ? `: ${reason}` : ''}` }
}

/** The booking's charges as read at `at` (a release after `at` had not happened yet). */
function chargesAt(b: PaperBooking, at: Date) {
  const receivedAt = b.morgue?.received_at ?? b.created_at
  const released = b.morgue?.released_at ?? null
  return bookingCharges({ lines: b.services, receivedAt, releasedAt: released && new Date(released) <= at ? released : null, now: at })
}

function chargeRows(b: PaperBooking, at: Date, lang: PaperLanguage) {
  const w = PAPER_WORDS[lang]
  const { storage, charges_to_date } = chargesAt(b, at)
  const rows: string[][] = b.services
    .filter((l) => !l.per_day)
    .map((l) => [lineServiceName(l, lang), String(l.quantity), ksh(l.price_at_booking), ksh(l.price_at_booking * l.quantity)])
  if (storage) {
    const span = `${dmy(storage.from)} – ${storage.until ? dmy(storage.until) : w.today}`
    const perDay = b.services.find((l) => l.per_day)
    rows.push([`${perDay ? lineServiceName(perDay, lang) : storage.service_name}: ${w.daysInCare(storage.days)} (${span})`, String(storage.days), ksh(storage.daily_rate), ksh(storage.amount)])
  }
  return { rows, storage, total: charges_to_date }
}

/** The invoice of a booking: its lines, storage to date, the total, what was paid and the balance. */
export function invoicePaper({ booking, payments, home, language, number, now }: { booking: PaperBooking; payments: readonly PaperPayment[]; home: PaperHome; language: PaperLanguage; number: string; now: Date }): Paper {
  const w = PAPER_WORDS[language]
  const { rows, total, storage } = chargeRows(booking, now, language)
  const paid = completed(payments).reduce((sum, p) => sum + p.amount, 0) + (officeSettlement(booking, language)?.amount ?? 0)
  const balance = Math.max(0, total - paid)
  return {
    kind: 'invoice',
    language,
    title: w.invoice,
    number,
    home,
    facts: [
      [w.date, dmy(nairobiDay(now))],
      [w.booking, `#${booking.id}`],
      [w.deceased, deceased(booking)],
      [w.billedTo, booking.client_name ?? ''],
    ],
    head: [w.service, w.qty, w.unitPrice, w.amount],
    rows,
    totals: [
      [w.total, ksh(total)],
      [w.paid, ksh(paid)],
      [w.balance, ksh(balance)],
    ],
    notes: [...(storage?.in_care ? [w.storageNote(ksh(storage.daily_rate))] : []), ...(home.mpesa ? [w.payBy(home.mpesa, String(booking.id))] : [])],
    amounts: { total, paid, balance, ...(storage ? { storage: storage.amount, storage_days: storage.days } : {}) },
  }
}

/** A receipt for one completed payment or contribution, with the balance right after it. */
export function receiptPaper({ booking, payment, payments, home, language, number }: { booking: PaperBooking; payment: PaperPayment; payments: readonly PaperPayment[]; home: PaperHome; language: PaperLanguage; number: string }): Paper {
  const w = PAPER_WORDS[language]
  const upTo = completed(payments)
  const index = upTo.findIndex((p) => p.id === payment.id)
  const office = officeSettlement(booking, language)
  const paidSoFar = upTo.slice(0, index + 1).reduce((sum, p) => sum + p.amount, 0) + (office && office.at <= payment.paid_at ? office.amount : 0)
  const due = chargesAt(booking, new Date(payment.paid_at)).charges_to_date
  const balance = Math.max(0, due - paidSoFar)
  return {
    kind: 'receipt',
    language,
    title: w.receipt,
    number,
    home,
    facts: [
      [w.date, dayOf(payment.paid_at)],
      [w.mpesaReceipt, payment.mpesa_receipt ?? '—'],
      [w.receivedFrom, payment.payer],
      [w.booking, `#${booking.id}`],
      [w.deceased, deceased(booking)],
    ],
    head: [w.description, w.amount],
    rows: [[payment.contribution ? w.contributionFor(deceased(booking)) : w.paymentFor(deceased(booking)), ksh(payment.amount)]],
    totals: [
      [w.amountReceived, ksh(payment.amount)],
      [w.balanceAfter, ksh(balance)],
    ],
    notes: [w.thanks],
    amounts: { amount: payment.amount, balance_after: balance },
  }
}

/** Every charge and every payment (the family's and the relatives'), in order, with the running balance. */
export function statementPaper({ booking, payments, home, language, now }: { booking: PaperBooking; payments: readonly PaperPayment[]; home: PaperHome; language: PaperLanguage; now: Date }): Paper {
  const w = PAPER_WORDS[language]
  const { rows: charges, total, storage } = chargeRows(booking, now, language)
  const booked = dayOf(booking.created_at)
  type Entry = { day: string; sort: string; text: string; charge: number; paid: number }
  const entries: Entry[] = charges.map((r, i) => {
    const line = booking.services.filter((l) => !l.per_day)[i]
    if (line) return { day: booked, sort: booking.created_at, text: r[0] ?? '', charge: line.price_at_booking * line.quantity, paid: 0 }
    // Storage runs from the body's receipt: dated then, its days and span in its words.
    return { day: storage ? dmy(storage.from) : booked, sort: booking.morgue?.received_at ?? booking.created_at, text: r[0] ?? '', charge: storage?.amount ?? 0, paid: 0 }
  })
  for (const p of completed(payments)) {
    entries.push({ day: dayOf(p.paid_at), sort: p.paid_at, text: `${p.contribution ? w.contribution : w.payment}: ${p.payer}${p.mpesa_receipt ? ` (${p.mpesa_receipt})` : ''}`, charge: 0, paid: p.amount })
  }
  const office = officeSettlement(booking, language)
  if (office) entries.push({ day: dayOf(office.at), sort: office.at, text: office.text, charge: 0, paid: office.amount })
  entries.sort((a, b) => compareIso(a.sort, b.sort))
  let running = 0
  const rows = entries.map((e) => {
    running += e.charge - e.paid
    return [e.day, e.text, e.charge ? ksh(e.charge) : '', e.paid ? ksh(e.paid) : '', ksh(running)]
  })
  const paid = completed(payments).reduce((sum, p) => sum + p.amount, 0) + (office?.amount ?? 0)
  return {
    kind: 'statement',
    language,
    title: w.statement,
    number: null,
    home,
    facts: [
      [w.date, dmy(nairobiDay(now))],
      [w.booking, `#${booking.id}`],
      [w.deceased, deceased(booking)],
      [w.family, booking.client_name ?? ''],
    ],
    head: [w.date, w.description, w.charge, w.payment, w.balance],
    rows,
    totals: [
      [w.totalCharges, ksh(total)],
      [w.totalPaid, ksh(paid)],
      [w.balance, ksh(total - paid)],
    ],
    notes: [],
    amounts: { total, paid, balance: total - paid },
  }
}

/**
 * A quotation: the chosen services at today's prices, storage at its daily rate for the expected
 * days, the total, what is due now, valid for QUOTATION_VALID_DAYS. Before booking nothing is paid
 * and the whole total is due; a booking's quotation passes `settled` (what was paid, and what is
 * still owed today by the shared rule), so a family who paid is not told to pay again.
 */
export function quotationPaper({
  lines,
  home,
  language,
  now,
  deceasedName,
  familyName,
  settled,
}: {
  /** Each service with its quantity: the expected days for one priced per day. */
  /** `service_name_sw`: the service's Kiswahili name, printed on a Kiswahili paper when there is one. */
  lines: ReadonlyArray<{ service_name: string; service_name_sw?: string | null; price: number; quantity: number; per_day?: boolean | null }>
  home: PaperHome
  language: PaperLanguage
  now: Date
  deceasedName: string
  familyName: string
  settled?: { paid: number; dueNow: number; chargesToDate: number }
}): Paper {
  const w = PAPER_WORDS[language]
  const rows = lines.map((l) => [l.per_day ? `${lineServiceName(l, language)}: ${w.perDayExpected(l.quantity)}` : lineServiceName(l, language), String(l.quantity), ksh(l.price), ksh(l.price * l.quantity)])
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
  const dueNow = settled ? settled.dueNow : total
  const today = nairobiDay(now)
  return {
    kind: 'quotation',
    language,
    title: w.quotation,
    number: null,
    home,
    facts: [
      [w.date, dmy(today)],
      [w.validUntil, dmy(addDays(today, QUOTATION_VALID_DAYS))],
      [w.deceased, deceasedName],
      [w.family, familyName],
    ],
    head: [w.service, w.qty, w.unitPrice, w.amount],
    rows,
    totals: [
      [w.total, ksh(total)],
      ...(settled && settled.paid > 0 ? [[w.paid, ksh(settled.paid)] as [string, string]] : []),
      dueNow === 0 ? [w.nothingDueNow, ksh(0)] : [w.dueNow, ksh(dueNow)],
    ],
    // The note on storage days only where storage is quoted (a quotation without it said it all the same).
    // How to pay only while something is due.
    // Storage beyond the days quoted makes what is due now more than the total less what was paid: said, not left to puzzle over.
    notes: [
      ...(lines.some((l) => l.per_day) ? [w.quotationNote] : []),
      ...(settled && settled.chargesToDate > total ? [w.dueCountsStorage] : []),
      ...(home.mpesa && dueNow > 0 ? [w.payByPlain(home.mpesa)] : []),
    ],
    amounts: { total, due_now: dueNow, ...(settled ? { paid: settled.paid } : {}) },
  }
}

/**
 * A booking's quotation's settlement: everything paid (completed payments and what the office took
 * outside the app) and what is owed today, the invoice's balance (the same as amountDueNow).
 */
export function bookingSettled(booking: PaperBooking, payments: readonly PaperPayment[], now: Date, language: PaperLanguage = 'en') {
  const paid = completed(payments).reduce((sum, p) => sum + p.amount, 0) + (officeSettlement(booking, language)?.amount ?? 0)
  const chargesToDate = chargesAt(booking, now).charges_to_date
  return { paid, dueNow: Math.max(0, chargesToDate - paid), chargesToDate }
}

/** A booking's lines as its quotation and agreement show them: storage for the days booked (the family's expectation), every other service once. */
export function bookedQuotationLines(booking: PaperBooking) {
  const expectedDays = booking.services.find((l) => l.per_day)?.quantity ?? 1
  return booking.services.map((l) => ({ service_name: l.service_name, service_name_sw: l.service_name_sw ?? null, price: l.price_at_booking, quantity: l.per_day ? expectedDays : 1, per_day: l.per_day }))
}

/** A payment row of either backend as the paper reads it. */
export function paperPayment(p: {
  id: number
  amount: number
  status: string
  payment_date: string | Date
  transaction_id: string | null
  contribution_link_id?: number | null
  contributor_name?: string | null
}, familyName: string): PaperPayment {
  const contribution = p.contribution_link_id != null
  return {
    id: p.id,
    amount: p.amount,
    status: p.status,
    paid_at: typeof p.payment_date === 'string' ? p.payment_date : p.payment_date.toISOString(),
    mpesa_receipt: p.transaction_id,
    payer: contribution ? (p.contributor_name?.trim() || familyName) : familyName,
    contribution,
  }
}
