import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import { normaliseKenyanPhone, type StkPushRequest } from '../../shared/contracts/payments'
import { MPESA_MAX_ATTEMPTS, MPESA_POLL_INTERVAL_MS } from '../../shared/constants'
import { msg } from '@lingui/core/macro'
import { failureMessage, notify, type NotifyEvent, type Words } from '../shared/notify'

/** SPEC.md section 8 (Payments), plus the phone rule the app adds before anything is sent. */
export const MPESA_MESSAGES = {
  pushSent: 'STK push sent! Please check your phone and enter your M-PESA PIN',
  pushFailed: 'Failed to initiate M-Pesa payment. Please try again.',
  paid: 'Payment completed successfully',
  timeout: 'Payment verification timeout. Please check your payment status later',
  verifyFailed: 'Failed to verify payment. Please contact support if payment was deducted',
  invalidPhone: 'Enter a Safaricom number like 0712345678',
} as const

/** What M-Pesa says when it refuses a payment without a description of its own (a descriptor: it carries the code). */
export const mpesaRefusal = (resultCode: string) => msg`M-Pesa did not complete the payment (code ${resultCode})`

/** The parts of the STK push answer (Daraja's body) the flow reads. */
export interface StkPushResult {
  ResponseCode: string
  CheckoutRequestID?: string | undefined
  ResponseDescription?: string | undefined
  CustomerMessage?: string | undefined
}

/**
 * The parts of the STK query answer the flow reads: a final answer carries ResultCode; a
 * transaction still being processed carries none (Daraja's errorCode '500.001.1001').
 */
export interface VerifyResult {
  ResultCode?: string | undefined
  ResultDesc?: string | undefined
  errorCode?: string | undefined
  errorMessage?: string | undefined
}

export interface MpesaPaymentInput {
  bookingId: string
  /** The amount to charge, whole KSH: what is still due on the booking. */
  amount: number
  /** A phone number to start with (the family's last one, or the account's). */
  phone?: string | null
  pollIntervalMs?: number
  maxAttempts?: number
}

export interface MpesaFailure {
  /** 'push': the request never reached the phone. 'mpesa': M-Pesa gave a final "no". */
  stage: 'push' | 'mpesa'
  /** M-Pesa's or the server's own words (shown as given), or the app's (translated where shown). */
  message: Words
  /** M-Pesa's ResultCode for a final "no" ('1', '1032', '1037', '2001', …). */
  resultCode: string | null
}

export interface MpesaPaymentContext {
  bookingId: string
  amount: number
  /** As the family typed it (kept for a retry). */
  phone: string
  /** Why the typed number was refused before sending. */
  phoneError: string | null
  pollIntervalMs: number
  maxAttempts: number
  checkoutRequestId: string | null
  /** Pushes M-Pesa accepted in this dialog (any of them may still be paid after we stop checking). */
  pushes: number
  /** Verify calls made in the current round of checks (1-based while one runs). */
  attempt: number
  failure: MpesaFailure | null
}

export type MpesaPaymentEvent =
  | { type: 'payment.submit'; phone: string }
  | { type: 'payment.close' }
  | { type: 'payment.retry' }
  /** After a timeout or a failed check: ask M-Pesa again about the same push. */
  | { type: 'payment.check' }

export interface MpesaPaymentOutput {
  outcome: 'paid' | 'closed'
  bookingId: string
  amount: number
  phone: string
  /** A push reached M-Pesa: the payment may have gone through even if we stopped checking. */
  pushed: boolean
}

function summary(context: MpesaPaymentContext, outcome: MpesaPaymentOutput['outcome']): MpesaPaymentOutput {
  return { outcome, bookingId: context.bookingId, amount: context.amount, phone: context.phone, pushed: context.pushes > 0 }
}

const isFinal = (r: VerifyResult) => r.ResultCode !== undefined && r.ResultCode !== null && String(r.ResultCode) !== ''

export const mpesaPaymentMachine = setup({
  types: {
    context: {} as MpesaPaymentContext,
    events: {} as MpesaPaymentEvent,
    input: {} as MpesaPaymentInput,
    emitted: {} as NotifyEvent,
    output: {} as MpesaPaymentOutput,
  },
  actors: {
    stkPush: fromPromise<StkPushResult, StkPushRequest>(async () => {
      throw new Error('stkPush actor not provided')
    }),
    verifyPayment: fromPromise<VerifyResult, string>(async () => {
      throw new Error('verifyPayment actor not provided')
    }),
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
  },
  guards: {
    validPhone: ({ event }) => event.type === 'payment.submit' && normaliseKenyanPhone(event.phone) !== null,
    pushAccepted: (_, output: StkPushResult) => String(output.ResponseCode) === '0' && Boolean(output.CheckoutRequestID),
    paid: (_, output: VerifyResult) => isFinal(output) && String(output.ResultCode) === '0',
    refused: (_, output: VerifyResult) => isFinal(output) && String(output.ResultCode) !== '0',
    attemptsLeft: ({ context }) => context.attempt < context.maxAttempts,
  },
  actions: {
    startRound: assign({ attempt: 0, failure: null }),
    /** The push was refused or M-Pesa said no: keep why, and tell the family. */
    fail: enqueueActions(({ enqueue }, failure: MpesaFailure) => {
      enqueue.assign({ failure })
      enqueue.emit(notify('error', failure.message))
    }),
    /** Pay again: back to the phone form, forgetting the last push and its checks (the phone stays). */
    resetForRetry: assign({ failure: null, checkoutRequestId: null, attempt: 0 }),
  },
}).createMachine({
  id: 'mpesaPayment',
  description:
    'Pay one booking by M-Pesa: send the STK push, then ask every pollInterval (5 s) whether the family ' +
    'entered their PIN, at most maxAttempts (10) times. A final "no" from M-Pesa stops at once.',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    amount: input.amount,
    phone: input.phone ?? '',
    phoneError: null,
    pollIntervalMs: input.pollIntervalMs ?? MPESA_POLL_INTERVAL_MS,
    maxAttempts: input.maxAttempts ?? MPESA_MAX_ATTEMPTS,
    checkoutRequestId: null,
    pushes: 0,
    attempt: 0,
    failure: null,
  }),
  // How the dialog ended is which final state it reached (`paid` or `closed`), never stored twice.
  output: ({ context, event }) => summary(context, (event.output as { outcome: MpesaPaymentOutput['outcome'] }).outcome),
  initial: 'entering',
  on: {
    // From any state: leave for good. Reaching a final state stops the timer and any call in flight.
    'payment.close': '.closed',
  },
  states: {
    entering: {
      description: 'The family types the phone number that will receive the M-Pesa prompt; nothing is sent yet.',
      on: {
        'payment.submit': [
          {
            guard: 'validPhone',
            target: 'pushing',
            actions: assign({ phone: ({ event }) => event.phone.trim(), phoneError: null }),
          },
          {
            // An obviously wrong number never reaches M-Pesa.
            actions: assign({ phone: ({ event }) => event.phone, phoneError: MPESA_MESSAGES.invalidPhone }),
          },
        ],
      },
    },
    pushing: {
      description: 'The STK push is on its way to the phone. A second Pay is ignored: one push per press.',
      tags: ['busy'],
      entry: assign({ checkoutRequestId: null, failure: null }),
      invoke: {
        id: 'stkPush',
        src: 'stkPush',
        input: ({ context }) => ({
          phoneNumber: normaliseKenyanPhone(context.phone) ?? context.phone,
          amount: context.amount,
          bookingId: context.bookingId,
        }),
        onDone: [
          {
            guard: { type: 'pushAccepted', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              assign({
                checkoutRequestId: ({ event }) => event.output.CheckoutRequestID ?? null,
                pushes: ({ context }) => context.pushes + 1,
              }),
              'startRound',
              emit(notify('success', MPESA_MESSAGES.pushSent)),
            ],
          },
          {
            // ResponseCode not '0': M-Pesa refused the push; its own words are the best explanation.
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => ({
                stage: 'push' as const,
                message: event.output.CustomerMessage || event.output.ResponseDescription || MPESA_MESSAGES.pushFailed,
                resultCode: null,
              }),
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ stage: 'push' as const, message: failureMessage(event.error, MPESA_MESSAGES.pushFailed), resultCode: null }),
          },
        },
      },
    },
    waiting: {
      description: 'The prompt is on the phone; wait pollInterval before asking M-Pesa again.',
      tags: ['busy', 'waiting'],
      after: { pollInterval: 'verifying' },
    },
    verifying: {
      description: 'Asking M-Pesa whether the family entered their PIN (attempt n of maxAttempts).',
      tags: ['busy', 'waiting'],
      entry: assign({ attempt: ({ context }) => context.attempt + 1 }),
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => context.checkoutRequestId ?? '',
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => event.output },
            target: 'paid',
          },
          {
            // A final "no" (insufficient funds, cancelled, unreachable, wrong PIN): asking again cannot change it.
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => {
                const code = String(event.output.ResultCode)
                return { stage: 'mpesa' as const, message: event.output.ResultDesc?.trim() || mpesaRefusal(code), resultCode: code }
              },
            },
          },
          // Still being processed: ask again later, unless that was the last attempt.
          { guard: 'attemptsLeft', target: 'waiting' },
          { target: 'timedOut' },
        ],
        onError: { target: 'verifyError' },
      },
    },
    paid: {
      description: 'M-Pesa confirmed the payment (ResultCode 0). The dialog closes and the lists reload.',
      type: 'final',
      entry: emit(notify('success', MPESA_MESSAGES.paid)),
      output: { outcome: 'paid' },
    },
    failed: {
      description: 'The push was refused or M-Pesa said no; the reason is shown and the family can try again.',
      on: {
        'payment.retry': { target: 'entering', actions: 'resetForRetry' },
      },
    },
    timedOut: {
      description: 'No final answer after maxAttempts checks: the payment may still arrive, so check again or pay again.',
      entry: emit(notify('warning', MPESA_MESSAGES.timeout)),
      on: {
        'payment.check': { target: 'verifying', actions: 'startRound' },
        'payment.retry': { target: 'entering', actions: 'resetForRetry' },
      },
    },
    verifyError: {
      description: 'A check itself failed (network or server): polling stops; check again or contact support.',
      entry: emit(notify('error', MPESA_MESSAGES.verifyFailed)),
      on: {
        'payment.check': { target: 'verifying', actions: 'startRound' },
        'payment.retry': { target: 'entering', actions: 'resetForRetry' },
      },
    },
    closed: {
      description: 'The dialog was closed: no timer, no call in flight, nothing more is shown.',
      type: 'final',
      output: { outcome: 'closed' },
    },
  },
})
