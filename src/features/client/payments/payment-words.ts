/**
 * Words for the Payments screen that are presentation only (the flow's messages live in the machine).
 * The functions run while a screen renders and answer in the language in use.
 */
import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { amountToPay, type PendingPayment } from '../../../../shared/contracts/payments'
import { formatKsh } from '../../../lib/format'
import { chargesToDate } from '../../../../shared/urgency'

export { displayPhone, mpesaReason, receiptOf } from '../../../../shared/mpesa-words'

// "M-Pesa" is a name, the same in both languages.
export const PAYMENT_METHODS: Record<string, MessageDescriptor | string> = { mpesa: 'M-Pesa', other: msg`Other` }
export const methodLabel = (method: string) => {
  const label = PAYMENT_METHODS[method]
  return label === undefined ? method : typeof label === 'string' ? label : i18n._(label)
}

/** The name a family knows the booking by. */
export const deceasedName = (b: { deceased_first_name: string; deceased_last_name: string }) =>
  `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || i18n._(msg`Your booking`)

/**
 * What a booking awaiting payment asks for: the amount to pay now and, when part of it is already
 * paid, all that is charged so far it is part of ('due of KSH 15,000': the booked services and the
 * storage for the days in care); null when all of it is due.
 */
export function amountDueText(b: Pick<PendingPayment, 'total_amount' | 'amount_due' | 'charges_to_date'>): { due: string; ofTotal: string | null } {
  const due = amountToPay(b)
  const charged = chargesToDate(b)
  const total = formatKsh(charged)
  return { due: formatKsh(due), ofTotal: due < charged ? i18n._(msg`due of ${total}`) : null }
}
