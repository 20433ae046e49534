import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { mpesaPaymentMachine, type StkPushResult, type VerifyResult } from '../../machines/payment/mpesa-payment.machine'
import {
  PAYMENTS_PAGE_MESSAGES,
  paymentHistoryMachine,
  paymentsPageMachine,
  pendingPaymentsMachine,
} from '../../machines/payment/payments-page.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import type { Payment, PendingPayment, StkPushRequest } from '../../shared/contracts/payments'

const SAMUEL: PendingPayment = { id: '12', deceased_first_name: 'Samuel', deceased_last_name: 'Ouma', total_amount: 7500 }
/**
 * Both lists were asked `fetches` times (a fetch starts in the same step as what caused it) and have
 * answered, ready or failed.
 */
async function listsAnswered(h: ReturnType<typeof harness>, fetches = 1) {
  expect(h.fetches).toEqual({ pending: fetches, history: fetches })
  const answered = (ref: AnyActorRef | undefined) => waitFor(ref!, (s) => s.matches('ready') || s.matches('failed'))
  await Promise.all([answered(h.children().pending), answered(h.children().history)])
}

/** The page with fake lists and a fake M-Pesa whose every check answers `verify` at once (0 ms interval). */
function harness(opts: { verify?: VerifyResult; failPending?: boolean; failHistory?: boolean } = {}) {
  const fetches = { pending: 0, history: 0 }
  const pushes: StkPushRequest[] = []
  const machine = paymentsPageMachine.provide({
    actors: {
      pendingPayments: pendingPaymentsMachine.provide({
        actors: {
          fetchItems: fromPromise<PendingPayment[], void>(async () => {
            fetches.pending += 1
            if (opts.failPending) throw new Error('500')
            return [SAMUEL]
          }),
        },
      }),
      paymentHistory: paymentHistoryMachine.provide({
        actors: {
          fetchItems: fromPromise<Payment[], void>(async () => {
            fetches.history += 1
            if (opts.failHistory) throw new Error('500')
            return []
          }),
        },
      }),
      mpesaPayment: mpesaPaymentMachine.provide({
        actors: {
          stkPush: fromPromise<StkPushResult, StkPushRequest>(async ({ input }) => {
            pushes.push(input)
            return { ResponseCode: '0', CheckoutRequestID: 'ws_CO_5' }
          }),
          verifyPayment: fromPromise<VerifyResult, string>(async () => opts.verify ?? { errorCode: '500.001.1001' }),
        },
        delays: { pollInterval: 0 },
      }),
    },
  })
  const actor = createActor(machine, { input: { phone: '0722000111' } })
  const messages: NotifyEvent[] = []
  actor.start()
  const children = () => actor.getSnapshot().children
  children().pending?.on('notify', (e) => messages.push(e))
  children().history?.on('notify', (e) => messages.push(e))
  return { actor, fetches, pushes, messages, children }
}

describe('Payments page machine', () => {
  it('loads both lists at once', async () => {
    const h = harness()
    await listsAnswered(h)
    expect(h.fetches).toEqual({ pending: 1, history: 1 })
    expect(h.children().pending?.getSnapshot().context.items).toEqual([SAMUEL])
    expect(h.actor.getSnapshot().value).toBe('browsing')
  })

  it('each list fails with its own SPEC message, kept for its section to say (no toast: the page says it in place)', async () => {
    const h = harness({ failPending: true, failHistory: true })
    await listsAnswered(h)
    expect(h.messages).toEqual([])
    expect(PAYMENTS_PAGE_MESSAGES).toEqual({ pendingFailed: 'Failed to load pending payments', historyFailed: 'Failed to load payment history' })
    expect(h.children().pending?.getSnapshot().context.error).toBe('Failed to load pending payments')
    expect(h.children().history?.getSnapshot().context.error).toBe('Failed to load payment history')
  })

  it('opens one payment with the booking total and the account phone; paid reloads both lists and keeps a receipt', async () => {
    const h = harness({ verify: { ResultCode: '0', ResultDesc: 'ok' } })
    await listsAnswered(h)
    h.actor.send({ type: 'payment.open', booking: SAMUEL })
    expect(h.actor.getSnapshot().value).toBe('paying')
    const payment = h.children().payment!
    expect(payment.getSnapshot().context).toMatchObject({ bookingId: '12', amount: 7500, phone: '0722000111' })
    payment.send({ type: 'payment.submit', phone: '0712345678' })
    await waitFor(h.actor, (s) => s.matches('browsing'))
    await listsAnswered(h, 2)
    expect(h.pushes).toEqual([{ phoneNumber: '254712345678', amount: 7500, bookingId: '12' }])
    expect(h.actor.getSnapshot().value).toBe('browsing')
    expect(h.children().payment).toBeUndefined()
    expect(h.fetches).toEqual({ pending: 2, history: 2 })
    expect(h.actor.getSnapshot().context.receipt).toEqual({ bookingId: '12', deceasedName: 'Samuel Ouma', amount: 7500 })
    expect(h.actor.getSnapshot().context.phone).toBe('0712345678')
    h.actor.send({ type: 'payments.dismissReceipt' })
    expect(h.actor.getSnapshot().context.receipt).toBeNull()
  })

  it('a partly paid booking is charged its amount due, not its total', async () => {
    const h = harness({ verify: { ResultCode: '0', ResultDesc: 'ok' } })
    await listsAnswered(h)
    h.actor.send({ type: 'payment.open', booking: { ...SAMUEL, amount_due: 3000 } })
    expect(h.children().payment!.getSnapshot().context).toMatchObject({ amount: 3000 })
    h.children().payment!.send({ type: 'payment.submit', phone: '0712345678' })
    await waitFor(h.actor, (s) => s.matches('browsing'))
    expect(h.pushes).toEqual([{ phoneNumber: '254712345678', amount: 3000, bookingId: '12' }])
    expect(h.actor.getSnapshot().context.receipt).toMatchObject({ amount: 3000 })
  })

  it('more than M-Pesa moves at once is paid in instalments: a push asks for at most KSH 250,000', async () => {
    const h = harness({ verify: { ResultCode: '0', ResultDesc: 'ok' } })
    await listsAnswered(h)
    h.actor.send({ type: 'payment.open', booking: { ...SAMUEL, total_amount: 420_000, amount_due: 420_000 } })
    expect(h.children().payment!.getSnapshot().context).toMatchObject({ amount: 250_000 })
    h.children().payment!.send({ type: 'payment.submit', phone: '0712345678' })
    await waitFor(h.actor, (s) => s.matches('browsing'))
    expect(h.pushes).toEqual([{ phoneNumber: '254712345678', amount: 250_000, bookingId: '12' }])
  })

  it('closing after a push reloads both lists (the family may have paid); closing before one does not', async () => {
    const h = harness()
    await listsAnswered(h)
    h.actor.send({ type: 'payment.open', booking: SAMUEL })
    h.children().payment!.send({ type: 'payment.close' })
    await waitFor(h.actor, (s) => s.matches('browsing'))
    expect(h.fetches).toEqual({ pending: 1, history: 1 })

    h.actor.send({ type: 'payment.open', booking: SAMUEL })
    const payment = h.children().payment!
    payment.send({ type: 'payment.submit', phone: '0712349999' })
    await waitFor(payment, (s) => s.hasTag('waiting'))
    payment.send({ type: 'payment.close' })
    await waitFor(h.actor, (s) => s.matches('browsing'))
    await listsAnswered(h, 2)
    expect(h.fetches).toEqual({ pending: 2, history: 2 })
    expect(h.actor.getSnapshot().context.receipt).toBeNull()
  })

  it('leaving the page stops the payment and its polling', async () => {
    const h = harness()
    await listsAnswered(h)
    h.actor.send({ type: 'payment.open', booking: SAMUEL })
    const payment = h.children().payment!
    payment.send({ type: 'payment.submit', phone: '0712345678' })
    await waitFor(payment, (s) => s.hasTag('waiting'))
    h.actor.stop()
    expect(payment.getSnapshot().status).toBe('stopped')
  })
})
