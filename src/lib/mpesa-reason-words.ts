import { msg } from '@lingui/core/macro'

/**
 * M-Pesa's reasons and receipt words (src/lib/mpesa-words.ts, shared with the server's report, so
 * kept in plain English there) listed for the catalogues: the family's dialog and a relative's
 * contribution page show them through `translated()`. Read by `npm run i18n:extract`; not imported.
 */
export const MPESA_REASON_WORDS = [
  msg({ id: 'There was not enough money in the M-Pesa account for this payment.', message: 'There was not enough money in the M-Pesa account for this payment.' }),
  msg({ id: 'The request was cancelled on the phone.', message: 'The request was cancelled on the phone.' }),
  msg({ id: 'The phone could not be reached. Make sure it is switched on and has network, then try again.', message: 'The phone could not be reached. Make sure it is switched on and has network, then try again.' }),
  msg({ id: 'The M-PESA PIN entered was not correct.', message: 'The M-PESA PIN entered was not correct.' }),
  msg({ id: 'The prompt on the phone was not answered in time.', message: 'The prompt on the phone was not answered in time.' }),
  msg({ id: 'Receipt to follow', message: 'Receipt to follow' }),
]
