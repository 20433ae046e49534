import { msg } from '@lingui/core/macro'

/** The words of a booking's papers (invoice, receipts, statement, quotation) on the family's and the office's screens. */
export const PAPER_TEXT = {
  heading: msg`Invoice and receipts`,
  invoice: msg`Invoice`,
  statement: msg`Statement`,
  quotation: msg`Quotation`,
  receipts: msg`Receipts`,
  noReceipts: msg`No payment received yet.`,
  downloadFailed: msg`Failed to download the PDF`,
  loadFailed: msg`Failed to load the invoice and receipts`,
  loading: msg`Loading the invoice and receipts`,
  shareWhich: msg`Paper to share`,
  shareLink: msg`Get a link to share`,
  shareFailed: msg`Failed to make the link`,
  whatsapp: msg`Share on WhatsApp`,
  sms: msg`Share by SMS`,
  linkUntil: (date: string) => msg`Anyone with the link can open it until ${date}.`,
}

/** The service agreement: its line among the papers and the family's signing dialog. */
export const AGREEMENT_TEXT = {
  heading: msg`Service agreement`,
  notSigned: msg`Agreement not signed yet`,
  signedBy: (name: string, date: string) => msg`Agreement signed by ${name} on ${date}`,
  readAndSign: msg`Read and sign the agreement`,
  download: msg`Signed agreement (PDF)`,
  intro: msg`Read the agreement: the services and prices of this booking and the home's terms. Then type your full name, ask for a code by SMS, enter it and tap "I agree".`,
  open: msg`Open the agreement (PDF)`,
  fullName: msg`Your full name`,
  fullNameHint: msg`As on your ID, first and last name`,
  sendCode: msg`Send me a code by SMS`,
  resendCode: msg`Send a new code`,
  codeSent: (ending: string) => msg`We sent a 6-digit code by SMS to the phone ending ${ending}.`,
  code: msg`Code from the SMS`,
  agree: msg`I agree`,
  close: msg`Close`,
  justBooked: msg`Your booking is made. Please read and sign the service agreement now, or sign it later from the booking page.`,
  signLater: msg`Sign later`,
  tryAgain: msg`Try again`,
  loading: msg`Loading the agreement`,
  loadFailed: msg`Failed to load the agreement`,
  done: msg`Thank you. The signed agreement is kept with your booking.`,
}

/** The office voids a signed agreement (the family then signs a new revision). */
export const VOID_TEXT = {
  open: msg`Void the agreement`,
  title: msg`Void the signed agreement?`,
  explain: msg`The signed agreement stays in the booking's history; the family will be asked to sign a new revision.`,
  reason: msg`Why is it voided?`,
  confirm: msg`Void the agreement`,
  cancel: msg`Cancel`,
}
