import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StatusGap } from '../../../../shared/contracts/bookings'
import { bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { formatKsh } from '../../../lib/format'

/**
 * Words of the All bookings page and the Service catalogue tab (SPEC.md's toasts live in the
 * machines), as Lingui descriptors: each screen shows them with `t(...)` in the language in use.
 */
export const ADMIN_BOOKINGS_TEXT = {
  title: msg`Booking Management`,
  subtitle: msg`Every booking: set its status and payment status, assign an attendant, or cancel it. The service catalogue and prices are on the second tab.`,
  tabBookings: msg`All bookings`,
  tabCatalogue: msg`Service catalogue`,
  search: msg`Search by name`,
  searchHint: msg`Deceased or family name`,
  statusFilter: msg`Status`,
  allStatuses: msg`All statuses`,
  sort: msg`Sort`,
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  serviceSoonest: msg`Service date, soonest first`,
  serviceLatest: msg`Service date, latest first`,
  /** The service date column's header button: what a click does. */
  sortByService: msg`Sort by service date`,
  empty: msg`No bookings available`,
  noMatch: msg`No bookings match the filters`,
  unassigned: msg`Unassigned`,
  noAttendants: msg`No attendants`,
  loadFailed: msg`Failed to fetch bookings`,
  retry: msg`Try again`,
  loadingBookings: msg`Loading bookings`,
  saving: msg`Saving`,
  tableRegion: msg`All bookings table`,
  openCase: (deceased: string) => msg`Open the case file of ${deceased}`,
  notSigned: msg`Agreement not signed`,
  rowLabel: (id: string, deceased: string) => msg`Booking #${id} for ${deceased}`,
  showing: (from: number, to: number, total: number) => msg`Showing ${from}–${to} of ${total} bookings`,
  page: (page: number, pages: number) => msg`Page ${page} of ${pages}`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  history: msg`History`,
  historyTitle: (id: string) => msg`History of booking #${id}`,
  papers: msg`Invoice and receipts`,
  papersTitle: (id: string) => msg`Invoice and receipts of booking #${id}`,
  historyEmpty: msg`No status or payment changes yet.`,
  custodyRecord: msg`Chain of custody record`,
  historyLine: (field: string, from: string, to: string) =>
    field === 'status' ? msg`Status: ${from} → ${to}` : field === 'release' ? msg`Released with ${from} due: ${to}` : msg`Payment: ${from} → ${to}`,
  /** Who and when: no words of its own. */
  historyBy: (who: string, when: string) => `${who}, ${when}`,
  close: msg`Close`,
  /** The whole question per kind of change, so each language can order its words. */
  confirmTitle: (kind: 'status' | 'payment', to: string) => (kind === 'payment' ? msg`Mark payment as ${to}?` : msg`Mark booking as ${to}?`),
  confirmBody: (deceased: string, family: string, from: string, to: string) =>
    msg`The booking for ${deceased} (family: ${family}) changes from ${from} to ${to}. You can undo it for a few seconds.`,
  paidReason: msg`Receipt number or reason`,
  paidReasonHint: msg`No completed payment is recorded for this booking; say how it was paid.`,
  paidReasonRequired: msg`Enter the receipt number or the reason`,
  gapsTitle: msg`Missing before this change:`,
  assignHere: msg`Assign an attendant`,
  assignHereHint: msg`Assigned at once; the change follows after its few seconds to undo.`,
  chooseAttendant: msg`Choose an attendant`,
  gaps: {
    attendant: msg`No attendant is assigned: assign one first`,
    preparation: msg`The preparation is not done`,
    permit: msg`The burial permit is not approved`,
    payment: msg`The balance is not paid`,
  } satisfies Record<StatusGap, MessageDescriptor>,
  overrideReason: msg`Override reason`,
  overrideHint: msg`Go ahead anyway only with an arrangement; the reason is kept in the booking’s history.`,
  overrideRequired: msg`Enter why this goes ahead anyway`,
  reason: msg`Reason (optional)`,
  reasonHint: msg`Kept in the booking’s history`,
  amountPaid: (amount: string) => msg`The family has paid ${amount} for this booking.`,
  nothingPaid: msg`No payment has been completed for this booking.`,
  refund: msg`Also mark the payment as refunded`,
  confirmChange: msg`Confirm`,
  keepAsIs: msg`Keep as it was`,
  /** What the undo notice says is changing: "Status completed", "Payment refunded". */
  pendingWords: (kind: 'status' | 'payment', to: string) => (kind === 'payment' ? msg`Payment ${to}` : msg`Status ${to}`),
  undoNotice: (id: string, what: string) => msg`Booking #${id}: ${what}. Saving in a few seconds.`,
  undo: msg`Undo`,
  /** What the undo notice says of an assignment chosen on the row. */
  attendantWords: (name: string) => msg`Attendant ${name}`,
  savingRow: msg`Saving`,
  cancelTitle: msg`Cancel this booking?`,
  cancelBody: (deceased: string, family: string) => msg`The booking for ${deceased} (family: ${family}) will be marked as cancelled. The family is notified.`,
  cancelReason: msg`Reason (optional)`,
  cancelReasonHint: msg`Saved with the booking as its notes`,
  keep: msg`Keep booking`,
  confirmCancel: msg`Cancel booking`,
  cancelBookingOf: (id: string) => msg`Cancel booking #${id}`,
  statusOf: (id: string) => msg`Status of booking #${id}`,
  paymentOf: (id: string) => msg`Payment status of booking #${id}`,
  /** Under a payment status of Paid when the body stayed past the booked days: what is owed today. */
  owedToday: (amount: string) => msg`${amount} owed (storage to date)`,
  attendantOf: (id: string) => msg`Attendant for booking #${id}`,
  cardLabels: { status: msg`Status`, payment: msg`Payment`, attendant: msg`Attendant`, preparation: msg`Preparation` },
  columns: {
    deceased: msg`Deceased / family`,
    services: msg`Services`,
    serviceDate: msg`Service date`,
    total: msg`Total`,
    status: msg`Status`,
    payment: msg`Payment`,
    attendant: msg`Attendant`,
    preparation: msg`Preparation`,
    created: msg`Created`,
    actions: msg`Actions`,
  },
} as const

export const CATALOGUE_TEXT = {
  pricesTitle: msg`Price table`,
  pricesHint: msg`The starting prices of the four packages. Families see a change at once; bookings already made keep their price.`,
  editPrices: msg`Edit prices`,
  servicesTitle: msg`Services`,
  servicesTable: msg`Services table`,
  actions: msg`Actions`,
  loading: msg`Loading services`,
  addService: msg`Add service`,
  empty: msg`No services yet`,
  loadFailed: msg`Failed to fetch services`,
  retry: msg`Try again`,
  newService: msg`New service`,
  editService: msg`Edit service`,
  editNamed: (name: string) => msg`Edit ${name}`,
  deleteNamed: (name: string) => msg`Delete ${name}`,
  name: msg`Name`,
  description: msg`Description`,
  price: msg`Price (KSH)`,
  category: msg`Category`,
  categoryHint: msg`Optional, e.g. package or add_on`,
  nameSw: msg`Kiswahili name`,
  descriptionSw: msg`Kiswahili description`,
  swHint: msg`Optional. A family reading Kiswahili sees the English where this is empty.`,
  perDayPrice: (price: string) => msg`${price} per day`,
  perDay: msg`Priced per day (the family says how many days, e.g. body storage)`,
  save: msg`Save`,
  cancel: msg`Cancel`,
  deleteTitle: msg`Delete this service?`,
  deleteBody: (name: string) => msg`${name} will no longer be offered to families. A service that bookings use, or one of the price table, cannot be deleted.`,
  confirmDelete: msg`Delete service`,
  savePrices: msg`Save prices`,
  /** A price box's label: "Cremation (KSH)". */
  priceOf: (label: string) => msg`${label} (KSH)`,
} as const

export const PRICING_LABELS = {
  basicFuneral: msg`Basic funeral`,
  premiumFuneral: msg`Premium funeral`,
  cremation: msg`Cremation`,
  burial: msg`Burial`,
} as const

/** Shows a descriptor in the language in use (`i18n._` of the screen's useLingui). */
export type Translate = (descriptor: MessageDescriptor) => string

/** A whole, positive KSH amount typed in a text box. */
const price = (t: Translate) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, t(msg`Price is required`)),
      z.regex(/^\d+$/, t(msg`Price must be a whole number of KSH`)),
      z.refine((v) => Number(v) > 0, t(msg`Price must be positive`)),
    )

/** The service form's rules, their messages in the language in use. */
export const serviceForm = (t: Translate) =>
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, t(msg`Name is required`))),
    description: z.string(),
    price: price(t),
    category: z.string(),
    perDay: z.boolean(),
    nameSw: z.string(),
    descriptionSw: z.string(),
  })
export type ServiceForm = z.infer<ReturnType<typeof serviceForm>>

export const pricingForm = (t: Translate) => z.object({ basicFuneral: price(t), premiumFuneral: price(t), cremation: price(t), burial: price(t) })
export type PricingForm = z.infer<ReturnType<typeof pricingForm>>

/** How a balance owed at the release was settled, as the history says it. */
const SETTLEMENT_WORDS: Record<string, MessageDescriptor> = {
  paid: msg`paid`,
  payment_plan: msg`payment plan`,
  waived: msg`waived`,
  not_recorded: msg`no arrangement recorded`,
}

/** An audit entry's value as the history shows it: a status, a payment status, or a release's balance and its arrangement. */
export function auditValueLabel(field: string, value: string, t: (d: MessageDescriptor) => string): string {
  if (field === 'status') return bookingStatusLabel(value)
  if (field !== 'release') return paymentStatusLabel(value)
  if (/^\d+$/.test(value)) return formatKsh(Number(value))
  const words = SETTLEMENT_WORDS[value]
  return words ? t(words) : value
}
