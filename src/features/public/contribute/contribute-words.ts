import { msg } from '@lingui/core/macro'
import { formatKsh } from '../../../lib/format'

/**
 * Words of the public contribution page's form and payment (a relative, often on a cheap phone, no
 * account): message descriptors, shown with `t(…)` where they are rendered, so they follow the
 * language in use. What the page shows of the harambee is shared/contribution-page-html.ts's (the
 * server writes it too).
 */
export const CONTRIBUTE_TEXT = {
  documentTitle: msg`Contribute`,
  loading: msg`Opening the contribution page…`,
  formTitle: msg`Contribute by M-Pesa`,
  name: msg`Your name`,
  nameHint: msg`The family sees your name. Others see your first name only.`,
  phone: msg`M-Pesa phone number`,
  phoneHint: msg`Format: 07XXXXXXXX, 01XXXXXXXX or 2547XXXXXXXX. The prompt comes to this phone.`,
  amount: msg`Amount (KSH)`,
  amountHint: (dueAmount: number) => {
    const due = formatKsh(dueAmount)
    return msg`Whole shillings, up to ${due}`
  },
  amountTooHigh: (dueAmount: number) => {
    const due = formatKsh(dueAmount)
    return msg`Amount cannot be more than the ${due} still due`
  },
  message: msg`A message to the family (optional)`,
  anonymous: msg`Stay anonymous: show me as 'A well-wisher' to others`,
  submit: (amountToGive: number | null) => {
    if (!amountToGive) return msg`Contribute`
    const amount = formatKsh(amountToGive)
    return msg`Contribute ${amount}`
  },
  sending: msg`Sending request…`,
  checkPhone: msg`Check your phone`,
  enterPin: (phone: string, amount: string) => msg`We sent an M-Pesa request to ${phone}. Enter your M-PESA PIN to give ${amount}.`,
  checking: (attempt: number, max: number) =>
    attempt > 0 ? msg`Checking for your payment: attempt ${attempt} of ${max}` : msg`Waiting for you to enter your PIN…`,
  checkingHint: msg`We check every 5 seconds.`,
  thanksTitle: (name: string) => (name ? msg`Thank you, ${name}.` : msg`Thank you.`),
  thanks: (amount: string) => msg`Your contribution of ${amount} has been received. The family has been told. An SMS with your M-Pesa receipt is on its way.`,
  notCompleted: msg`Payment not completed`,
  noMoneyTaken: msg`No money was taken. You can try again.`,
  notSent: msg`The payment request was not sent`,
  timedOut: msg`We could not confirm your payment yet`,
  timedOutHint: msg`If you entered your PIN, the payment may still arrive: check again before paying again.`,
  verifyError: msg`We could not check your payment`,
  tryAgain: msg`Try again`,
  checkAgain: msg`Check again`,
  payAgain: msg`Pay again`,
  another: msg`Give again`,
  loadFailed: msg`We could not open the contribution page. Please check your connection and try again.`,
  retry: msg`Try again`,
} as const
