import { assign, sendTo, setup } from 'xstate'
import { amountForPush, type Payment, type PendingPayment } from '../../shared/contracts/payments'
import { createCollectionMachine } from '../shared/collection.machine'
import { mpesaPaymentMachine, type MpesaPaymentOutput } from './mpesa-payment.machine'

export const PAYMENTS_PAGE_MESSAGES = {
  pendingFailed: 'Failed to load pending payments',
  historyFailed: 'Failed to load payment history',
} as const

export const pendingPaymentsMachine = createCollectionMachine<PendingPayment>('pendingPayments')
export const paymentHistoryMachine = createCollectionMachine<Payment>('paymentHistory')

/** A payment M-Pesa just confirmed, shown on the page after the dialog closed. */
export interface PaidReceipt {
  bookingId: string
  deceasedName: string
  amount: number
}

export interface PaymentsPageContext {
  /** The booking being paid while the dialog is open. */
  payingFor: PendingPayment | null
  /** The phone number last used (or the account's): the next dialog starts with it. */
  phone: string | null
  receipt: PaidReceipt | null
}

export type PaymentsPageEvent =
  | { type: 'payment.open'; booking: PendingPayment }
  | { type: 'payments.reload' }
  | { type: 'payments.dismissReceipt' }

export interface PaymentsPageInput {
  /** The account's phone number, to fill in the first dialog. */
  phone?: string | null
}

const deceasedName = (b: PendingPayment) => `${b.deceased_first_name} ${b.deceased_last_name}`.trim()

/**
 * The Payments screen: the bookings awaiting payment and the payment history (two collection
 * actors), and at most one "Pay with M-Pesa" dialog (an mpesaPayment actor) at a time. When the
 * dialog ends after a push reached M-Pesa, both lists are fetched again: a paid booking leaves
 * "awaiting payment" and its payment appears in the history.
 */
export const paymentsPageMachine = setup({
  types: {
    context: {} as PaymentsPageContext,
    events: {} as PaymentsPageEvent,
    input: {} as PaymentsPageInput,
    children: {} as { pending: 'pendingPayments'; history: 'paymentHistory'; payment: 'mpesaPayment' },
  },
  actors: {
    pendingPayments: pendingPaymentsMachine,
    paymentHistory: paymentHistoryMachine,
    mpesaPayment: mpesaPaymentMachine,
  },
  actions: {
    /** The next dialog starts with the number the family last typed. */
    rememberPhone: assign({ phone: ({ context }, params: { phone: string }) => params.phone || context.phone }),
  },
  guards: {
    paid: (_, output: MpesaPaymentOutput) => output.outcome === 'paid',
    pushed: (_, output: MpesaPaymentOutput) => output.pushed,
  },
}).createMachine({
  id: 'paymentsPage',
  description: 'Pending payments and history, and one M-Pesa payment at a time.',
  context: ({ input }) => ({ payingFor: null, phone: input.phone ?? null, receipt: null }),
  invoke: [
    { id: 'pending', src: 'pendingPayments', input: { failureMessage: PAYMENTS_PAGE_MESSAGES.pendingFailed, toast: false } },
    { id: 'history', src: 'paymentHistory', input: { failureMessage: PAYMENTS_PAGE_MESSAGES.historyFailed, toast: false } },
  ],
  on: {
    'payments.reload': {
      actions: [sendTo('pending', { type: 'collection.fetch' }), sendTo('history', { type: 'collection.fetch' })],
    },
    'payments.dismissReceipt': { actions: assign({ receipt: null }) },
  },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The lists are shown; any pending booking can be paid.',
      // Cleared on entry, not on leaving paying: the receipt is written from it on the way out.
      entry: assign({ payingFor: null }),
      on: {
        'payment.open': {
          target: 'paying',
          actions: assign({ payingFor: ({ event }) => event.booking }),
        },
      },
    },
    paying: {
      description: 'The Pay with M-Pesa dialog is open for one booking; leaving this state stops its actor and timers.',
      tags: ['paying'],
      invoke: {
        id: 'payment',
        src: 'mpesaPayment',
        input: ({ context }) => ({
          bookingId: context.payingFor?.id ?? '',
          amount: context.payingFor ? amountForPush(context.payingFor) : 0,
          phone: context.phone,
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => event.output },
            target: 'browsing',
            actions: [
              assign({
                receipt: ({ context, event }) => ({
                  bookingId: event.output.bookingId,
                  deceasedName: context.payingFor ? deceasedName(context.payingFor) : '',
                  amount: event.output.amount,
                }),
              }),
              { type: 'rememberPhone', params: ({ event }) => ({ phone: event.output.phone }) },
              sendTo('pending', { type: 'collection.fetch' }),
              sendTo('history', { type: 'collection.fetch' }),
            ],
          },
          {
            // Closed after a push reached M-Pesa: the family may have paid since; show the truth.
            guard: { type: 'pushed', params: ({ event }) => event.output },
            target: 'browsing',
            actions: [
              { type: 'rememberPhone', params: ({ event }) => ({ phone: event.output.phone }) },
              sendTo('pending', { type: 'collection.fetch' }),
              sendTo('history', { type: 'collection.fetch' }),
            ],
          },
          { target: 'browsing', actions: { type: 'rememberPhone', params: ({ event }) => ({ phone: event.output.phone }) } },
        ],
      },
    },
  },
})
