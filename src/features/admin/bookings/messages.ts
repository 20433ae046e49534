import { z } from 'zod/mini'

/** Words of the All bookings page and the Service catalogue tab (SPEC.md's toasts live in the machines). */
export const ADMIN_BOOKINGS_TEXT = {
  title: 'Booking Management',
  subtitle: 'Every booking: set its status and payment status, assign an attendant, or cancel it. The service catalogue and prices are on the second tab.',
  tabBookings: 'All bookings',
  tabCatalogue: 'Service catalogue',
  search: 'Search by name',
  searchHint: 'Deceased or family name',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  sort: 'Sort by date',
  newest: 'Newest first',
  oldest: 'Oldest first',
  empty: 'No bookings available',
  noMatch: 'No bookings match the filters',
  unassigned: 'Unassigned',
  noAttendants: 'No attendants',
  loadFailed: 'Failed to fetch bookings',
  retry: 'Try again',
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} bookings`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
  history: 'History',
  historyTitle: (id: string) => `History of booking #${id}`,
  historyEmpty: 'No status or payment changes yet.',
  custodyRecord: 'Chain of custody record',
  historyLine: (field: string, from: string, to: string) => `${field === 'status' ? 'Status' : 'Payment'}: ${from} → ${to}`,
  historyBy: (who: string, when: string) => `${who}, ${when}`,
  close: 'Close',
  confirmTitle: (what: string, to: string) => `Mark ${what} as ${to}?`,
  statusWord: 'booking',
  paymentWord: 'payment',
  confirmBody: (deceased: string, family: string, from: string, to: string) => `The booking for ${deceased} (family: ${family}) changes from ${from} to ${to}. You can undo it for a few seconds.`,
  paidReason: 'Receipt number or reason',
  paidReasonHint: 'No completed payment is recorded for this booking; say how it was paid.',
  paidReasonRequired: 'Enter the receipt number or the reason',
  reason: 'Reason (optional)',
  reasonHint: 'Kept in the booking’s history',
  amountPaid: (amount: string) => `The family has paid ${amount} for this booking.`,
  nothingPaid: 'No payment has been completed for this booking.',
  refund: 'Also mark the payment as refunded',
  confirmChange: 'Confirm',
  keepAsIs: 'Keep as it was',
  undoNotice: (id: string, what: string) => `Booking #${id}: ${what}. Saving in a few seconds.`,
  undo: 'Undo',
  savingRow: 'Saving',
  cancelTitle: 'Cancel this booking?',
  cancelBody: (deceased: string, family: string) => `The booking for ${deceased} (family: ${family}) will be marked as cancelled. The family is notified.`,
  cancelReason: 'Reason (optional)',
  cancelReasonHint: 'Saved with the booking as its notes',
  keep: 'Keep booking',
  confirmCancel: 'Cancel booking',
  cardLabels: { status: 'Status', payment: 'Payment', attendant: 'Attendant', preparation: 'Preparation' },
} as const

export const CATALOGUE_TEXT = {
  pricesTitle: 'Price table',
  pricesHint: 'The starting prices of the four packages. Families see a change at once; bookings already made keep their price.',
  editPrices: 'Edit prices',
  servicesTitle: 'Services',
  addService: 'Add service',
  empty: 'No services yet',
  loadFailed: 'Failed to fetch services',
  retry: 'Try again',
  newService: 'New service',
  editService: 'Edit service',
  name: 'Name',
  description: 'Description',
  price: 'Price (KSH)',
  category: 'Category',
  categoryHint: 'Optional, e.g. package or add_on',
  perDaySuffix: ' per day',
  perDay: 'Priced per day (the family says how many days, e.g. body storage)',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete this service?',
  deleteBody: (name: string) => `${name} will no longer be offered to families. A service that bookings use, or one of the price table, cannot be deleted.`,
  confirmDelete: 'Delete service',
  savePrices: 'Save prices',
} as const

export const PRICING_LABELS = {
  basicFuneral: 'Basic funeral',
  premiumFuneral: 'Premium funeral',
  cremation: 'Cremation',
  burial: 'Burial',
} as const

/** A whole, positive KSH amount typed in a text box. */
const Price = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Price is required'),
    z.regex(/^\d+$/, 'Price must be a whole number of KSH'),
    z.refine((v) => Number(v) > 0, 'Price must be positive'),
  )

export const ServiceForm = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  description: z.string(),
  price: Price,
  category: z.string(),
  perDay: z.boolean(),
})
export type ServiceForm = z.infer<typeof ServiceForm>

export const PricingForm = z.object({ basicFuneral: Price, premiumFuneral: Price, cremation: Price, burial: Price })
export type PricingForm = z.infer<typeof PricingForm>
