/**
 * The papers' words in the family's language. They are the server's words (the PDF is built on
 * the server, and by the mock with the same code), so they live here and not in the app's Lingui
 * catalogues.
 */
export type PaperLanguage = 'en' | 'sw'
export const PAPER_LANGUAGES: readonly PaperLanguage[] = ['en', 'sw']

const en = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  statement: 'Statement of account',
  quotation: 'Quotation',
  number: 'No.',
  date: 'Date',
  booking: 'Booking',
  deceased: 'Deceased',
  billedTo: 'Billed to',
  family: 'Family',
  service: 'Service',
  description: 'Description',
  qty: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  charge: 'Charge',
  payment: 'Payment',
  contribution: 'Contribution',
  balance: 'Balance',
  total: 'Total',
  paid: 'Paid',
  totalCharges: 'Total charges',
  totalPaid: 'Total paid',
  amountReceived: 'Amount received',
  balanceAfter: 'Balance after this payment',
  mpesaReceipt: 'M-Pesa receipt',
  receivedFrom: 'Received from',
  validUntil: 'Valid until',
  dueNow: 'Due now',
  today: 'today',
  phone: 'Phone',
  email: 'Email',
  kraPin: 'KRA PIN',
  page: 'Page',
  thanks: 'Thank you. Keep this receipt for your records.',
  quotationNote: 'Storage is charged for the days the body is in our care, at the daily rate; the days shown are an estimate.',
  daysInCare: (n: number) => (n === 1 ? '1 day in our care' : `${n} days in our care`),
  perDayExpected: (n: number) => (n === 1 ? 'per day, 1 day expected' : `per day, ${n} days expected`),
  storageNote: (rate: string) => `The body is still in our care: storage adds ${rate} a day until the release.`,
  payBy: (mpesa: string, booking: string) => `Pay by M-Pesa: ${mpesa}, account ${booking}.`,
  payByPlain: (mpesa: string) => `Pay by M-Pesa: ${mpesa}.`,
  paymentFor: (name: string) => `Payment for the funeral services of ${name}`,
  contributionFor: (name: string) => `Contribution towards the funeral of ${name}`,
}

const sw: typeof en = {
  invoice: 'Ankara',
  receipt: 'Risiti',
  statement: 'Taarifa ya akaunti',
  quotation: 'Makadirio ya bei',
  number: 'Na.',
  date: 'Tarehe',
  booking: 'Oda',
  deceased: 'Marehemu',
  billedTo: 'Ankara kwa',
  family: 'Familia',
  service: 'Huduma',
  description: 'Maelezo',
  qty: 'Idadi',
  unitPrice: 'Bei ya kimoja',
  amount: 'Kiasi',
  charge: 'Gharama',
  payment: 'Malipo',
  contribution: 'Mchango',
  balance: 'Salio',
  total: 'Jumla',
  paid: 'Kilicholipwa',
  totalCharges: 'Jumla ya gharama',
  totalPaid: 'Jumla iliyolipwa',
  amountReceived: 'Kiasi kilichopokelewa',
  balanceAfter: 'Salio baada ya malipo haya',
  mpesaReceipt: 'Risiti ya M-Pesa',
  receivedFrom: 'Imepokelewa kutoka kwa',
  validUntil: 'Halali hadi',
  dueNow: 'Inalipwa sasa',
  today: 'leo',
  phone: 'Simu',
  email: 'Barua pepe',
  kraPin: 'PIN ya KRA',
  page: 'Ukurasa',
  thanks: 'Asante. Hifadhi risiti hii kwa kumbukumbu zako.',
  quotationNote: 'Uhifadhi hutozwa kwa siku ambazo mwili uko chini ya uangalizi wetu, kwa bei ya siku; siku zilizoonyeshwa ni makadirio.',
  daysInCare: (n: number) => (n === 1 ? 'siku 1 chini ya uangalizi wetu' : `siku ${n} chini ya uangalizi wetu`),
  perDayExpected: (n: number) => `kwa siku, siku ${n} zinatarajiwa`,
  storageNote: (rate: string) => `Mwili bado uko chini ya uangalizi wetu: uhifadhi unaongeza ${rate} kwa siku hadi utakapotolewa.`,
  payBy: (mpesa: string, booking: string) => `Lipa kwa M-Pesa: ${mpesa}, akaunti ${booking}.`,
  payByPlain: (mpesa: string) => `Lipa kwa M-Pesa: ${mpesa}.`,
  paymentFor: (name: string) => `Malipo ya huduma za mazishi ya ${name}`,
  contributionFor: (name: string) => `Mchango kwa mazishi ya ${name}`,
}

export const PAPER_WORDS: Record<PaperLanguage, typeof en> = { en, sw }

/** The paper's language: the one asked for, else the family's, else English. */
export function paperLanguage(asked: string | null | undefined, family: string | null | undefined): PaperLanguage {
  if (asked === 'en' || asked === 'sw') return asked
  return family === 'sw' ? 'sw' : 'en'
}
