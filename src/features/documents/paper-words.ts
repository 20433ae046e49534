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
}
