/** How M-Pesa's answers and phone numbers read to a family or a relative (the family's and the contribution page's words). */

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
    case '1019':
      return 'The prompt on the phone was not answered in time.'
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

/** Shown for a completed payment whose M-Pesa receipt number has not reached us yet (settled by M-Pesa's status check; the receipt comes with its own message). */
export const RECEIPT_TO_FOLLOW = 'Receipt to follow'

/** The M-Pesa receipt of a payment; RECEIPT_TO_FOLLOW when it is completed without one yet; null when it has none (not paid). */
export function receiptOf(p: { status: string; transaction_id?: string | null }): string | null {
  if (p.transaction_id) return p.transaction_id
  return p.status === 'completed' ? RECEIPT_TO_FOLLOW : null
}
