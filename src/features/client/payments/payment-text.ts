/** Words for the Payments screen that are presentation only (the flow's messages live in the machine). */
import { amountToPay, type PendingPayment } from '../../../api/contracts/payments'
import { formatKsh } from '../../../lib/format'

export { displayPhone, mpesaReason, receiptOf } from '../../../lib/mpesa-words'

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
