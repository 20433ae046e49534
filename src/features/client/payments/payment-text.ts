/** Words for the Payments screen that are presentation only (the flow's messages live in the machine). */
import { amountToPay, type PendingPayment } from '../../../api/contracts/payments'
import { formatKsh } from '../../../lib/format'

/** A plain-language line for M-Pesa's final "no", beside its own ResultDesc. */
export function mpesaReason(resultCode: string | null): string | null {
  switch (resultCode) {
    case '1':
      return 'There was not enough money in the M-Pesa account for this payment.'
    case '1032':
      return 'The request was cancelled on the phone.'
    case '1037':
      return 'The phone could not be reached. Make sure it is switched on and has network, then try again.'
    case '2001':
      return 'The M-PESA PIN entered was not correct.'
    default:
      return null
  }
}

/** '254712345678' / '+254712345678' / '0712345678' → '0712 345 678' (how Kenyans read a number). */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const local = digits.startsWith('254') && digits.length === 12 ? `0${digits.slice(3)}` : digits
  return local.length === 10 ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : phone
}

export const PAYMENT_METHODS: Record<string, string> = { mpesa: 'M-Pesa', other: 'Other' }
export const methodLabel = (method: string) => PAYMENT_METHODS[method] ?? method

/** The name a family knows the booking by. */
export const deceasedName = (b: { deceased_first_name: string; deceased_last_name: string }) =>
  `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || 'Your booking'

/**
 * What a booking awaiting payment asks for: the amount to pay now and, when part of it is already
 * paid, the booking's total it is part of ('due of KSH 13,000'); null when the whole total is due.
 */
export function amountDueText(b: Pick<PendingPayment, 'total_amount' | 'amount_due'>): { due: string; ofTotal: string | null } {
  const due = amountToPay(b)
  return { due: formatKsh(due), ofTotal: due < b.total_amount ? `due of ${formatKsh(b.total_amount)}` : null }
}
