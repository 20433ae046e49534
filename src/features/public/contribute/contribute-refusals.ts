import { msg } from '@lingui/core/macro'

/**
 * Words the contribution page shows from elsewhere, in English, listed so its own catalogue carries
 * their Kiswahili: the form's checks (shared/contracts/contributions.ts), the server's refusals of a
 * push, and the payment machine's words. The page loads only the `contribute` and `site` catalogues
 * (the portal's would cost a relative's first load), so the portal's copies of these
 * (src/app/words-from-machines.ts) are not there. Shown through `translated(text)`; nothing imports
 * this file: `npm run i18n:extract` reads it.
 */
export const CONTRIBUTE_REFUSALS = [
  msg({ id: 'Please enter your name', message: 'Please enter your name' }),
  msg({ id: 'Your name can be at most 100 characters', message: 'Your name can be at most 100 characters' }),
  msg({ id: 'Enter a Safaricom number like 0712345678', message: 'Enter a Safaricom number like 0712345678' }),
  msg({ id: 'Enter a whole amount in KSH, at least 1', message: 'Enter a whole amount in KSH, at least 1' }),
  msg({ id: 'Amount cannot exceed 250,000 KSH', message: 'Amount cannot exceed 250,000 KSH' }),
  msg({ id: 'Your message can be at most 300 characters', message: 'Your message can be at most 300 characters' }),
  msg({ id: 'This contribution link does not exist. Please check it with the family.', message: 'This contribution link does not exist. Please check it with the family.' }),
  msg({ id: 'This contribution link is closed: no more contributions are being collected.', message: 'This contribution link is closed: no more contributions are being collected.' }),
  msg({ id: 'Too many payment requests in a short time. Please wait a few minutes and try again.', message: 'Too many payment requests in a short time. Please wait a few minutes and try again.' }),
  msg({ id: 'Too many requests in a short time. Please wait a few minutes and try again.', message: 'Too many requests in a short time. Please wait a few minutes and try again.' }),
  msg({ id: 'Nothing is due on this booking any more.', message: 'Nothing is due on this booking any more.' }),
  msg({ id: 'Others are paying the rest right now. Please look again in a few minutes.', message: 'Others are paying the rest right now. Please look again in a few minutes.' }),
  msg({ id: 'Failed to initiate M-Pesa payment. Please try again.', message: 'Failed to initiate M-Pesa payment. Please try again.' }),
  msg({ id: 'Payments through M-Pesa are not available on this server yet', message: 'Payments through M-Pesa are not available on this server yet' }),
  msg({ id: 'Something went wrong on the server. Please try again.', message: 'Something went wrong on the server. Please try again.' }),
]
