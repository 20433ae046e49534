import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise } from 'xstate'
import {
  MPESA_MESSAGES,
  mpesaPaymentMachine,
  mpesaRefusal,
  type MpesaPaymentInput,
  type StkPushResult,
  type VerifyResult,
} from '../../machines/payment/mpesa-payment.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { activateLocale, translated } from '../../src/lib/i18n'
import type { StkPushRequest } from '../../shared/contracts/payments'
import { ApiError } from '../../src/api/client'

const ACCEPTED: StkPushResult = {
  ResponseCode: '0',
  CheckoutRequestID: 'ws_CO_1',
  ResponseDescription: 'Success. Request accepted for processing',
  CustomerMessage: 'Success. Request accepted for processing',
}
const PROCESSING: VerifyResult = { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' }
const PAID: VerifyResult = { ResultCode: '0', ResultDesc: 'The service request is processed successfully.' }

/** An answer the test holds back and releases when it chooses (a call still in flight). */
class Held<T> {
  released = false
  private resolve: (value: T) => void = () => {}
  readonly promise = new Promise<T>((resolve) => (this.resolve = resolve))
  release(value: T) {
    this.released = true
    this.resolve(value)
  }
}
const held = <T>() => new Held<T>()

type Answer<T> = T | Error | Held<T>

/** Run the machine with fake I/O on a simulated clock, recording calls and emitted messages. */
function harness(
  script: { push?: Answer<StkPushResult>; verifies?: Answer<VerifyResult>[]; afterVerifies?: VerifyResult } = {},
  input: Partial<MpesaPaymentInput> = {},
) {
  const clock = new SimulatedClock()
  const pushes: StkPushRequest[] = []
  const verifies: { id: string; at: number }[] = []
  const queue = [...(script.verifies ?? [])]
  /** The call the fakes answered last: its answer promise, and whether the test still holds it. */
  let current: { promise: Promise<unknown>; held: () => boolean } | null = null
  const answer = <T>(a: Answer<T>): Promise<T> => {
    const promise = a instanceof Held ? a.promise : a instanceof Error ? Promise.reject(a) : Promise.resolve(a)
    current = { promise, held: () => a instanceof Held && !a.released }
    return promise
  }
  const machine = mpesaPaymentMachine.provide({
    actors: {
      // The fakes hand XState the answer promise itself, so `settle` can await the very same one.
      stkPush: fromPromise<StkPushResult, StkPushRequest>(({ input: body }) => {
        pushes.push(body)
        return answer(script.push ?? ACCEPTED)
      }),
      verifyPayment: fromPromise<VerifyResult, string>(({ input: id }) => {
        verifies.push({ id, at: clock.now() })
        return answer(queue.shift() ?? script.afterVerifies ?? PROCESSING)
      }),
    },
  })
  const actor = createActor(machine, { input: { bookingId: '7', amount: 6500, ...input }, clock })
  const messages: Omit<NotifyEvent, 'type'>[] = []
  actor.on('notify', ({ level, message }) => messages.push({ level, message }))
  actor.start()

  const inCall = () => actor.getSnapshot().status === 'active' && (actor.getSnapshot().matches('pushing') || actor.getSnapshot().matches('verifying'))
  /**
   * Until the machine has taken every answer the fakes gave (not one the test still holds). Awaiting
   * the answer itself is enough: XState subscribed to it first, so it has taken it by then; an answer
   * may start the next call, which is awaited in turn.
   */
  const settle = async () => {
    while (current && !current.held() && inCall()) {
      const call = current
      await call.promise.catch(() => undefined)
      if (current === call) break
    }
  }
  return {
    actor,
    clock,
    pushes,
    verifies,
    messages,
    settle,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    async pay(phone = '0712345678') {
      actor.send({ type: 'payment.submit', phone })
      await settle()
    },
    /** Move the simulated clock on, then let the answers arrive. */
    async advance(ms: number) {
      clock.increment(ms)
      await settle()
    },
    /** Poll until the machine stops waiting (at most `max` intervals). */
    async pollThrough(max = 20) {
      for (let i = 0; i < max && actor.getSnapshot().hasTag('waiting'); i++) {
        clock.increment(5000)
        await settle()
      }
    },
  }
}

describe('M-Pesa payment machine: the happy path', () => {
  it('starts on the phone form with the phone it was given and nothing sent', () => {
    const h = harness({}, { phone: '0722000111' })
    expect(h.state()).toBe('entering')
    expect(h.context().phone).toBe('0722000111')
    expect(h.pushes).toHaveLength(0)
    expect(h.messages).toEqual([])
  })

  it('sends the push with the normalised phone, the amount and the booking id', async () => {
    const h = harness()
    await h.pay('+254712345678')
    expect(h.pushes).toEqual([{ phoneNumber: '254712345678', amount: 6500, bookingId: '7' }])
    await h.pay('ignored')
    const h2 = harness()
    await h2.pay(' 0112 345 678 '.replace(/ /g, ''))
    expect(h2.pushes[0]?.phoneNumber).toBe('254112345678')
  })

  it('announces the push, waits, and succeeds after three polls', async () => {
    const h = harness({ verifies: [PROCESSING, PROCESSING, PAID] })
    await h.pay()
    expect(h.state()).toBe('waiting')
    expect(h.actor.getSnapshot().hasTag('waiting')).toBe(true)
    expect(h.messages).toEqual([{ level: 'success', message: MPESA_MESSAGES.pushSent }])

    await h.advance(5000)
    expect(h.context().attempt).toBe(1)
    expect(h.state()).toBe('waiting')
    await h.advance(5000)
    expect(h.context().attempt).toBe(2)
    await h.advance(5000)

    expect(h.state()).toBe('paid')
    expect(h.actor.getSnapshot().status).toBe('done')
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'paid', bookingId: '7', amount: 6500, phone: '0712345678', pushed: true })
    expect(h.verifies.map((v) => v.id)).toEqual(['ws_CO_1', 'ws_CO_1', 'ws_CO_1'])
    expect(h.messages).toEqual([
      { level: 'success', message: MPESA_MESSAGES.pushSent },
      { level: 'success', message: MPESA_MESSAGES.paid },
    ])
    // Nothing polls after the payment is confirmed.
    await h.advance(60_000)
    expect(h.verifies).toHaveLength(3)
  })

  it('succeeds on the very first check', async () => {
    const h = harness({ verifies: [PAID] })
    await h.pay()
    await h.advance(5000)
    expect(h.state()).toBe('paid')
    expect(h.verifies).toHaveLength(1)
  })
})

describe('M-Pesa payment machine: timing', () => {
  it('checks exactly 5 seconds apart: nothing at 4999 ms, one check at 5000 ms', async () => {
    const h = harness()
    await h.pay()
    await h.advance(4999)
    expect(h.verifies).toHaveLength(0)
    await h.advance(1)
    expect(h.verifies).toEqual([{ id: 'ws_CO_1', at: 5000 }])
    await h.advance(4999)
    expect(h.verifies).toHaveLength(1)
    await h.advance(1)
    expect(h.verifies.map((v) => v.at)).toEqual([5000, 10_000])
  })

  it('makes exactly 10 checks, then times out with the SPEC message', async () => {
    const h = harness({ afterVerifies: PROCESSING })
    await h.pay()
    for (let i = 1; i <= 9; i++) {
      await h.advance(5000)
      expect(h.verifies).toHaveLength(i)
      expect(h.state()).toBe('waiting')
    }
    await h.advance(5000)
    expect(h.verifies).toHaveLength(10)
    expect(h.verifies.map((v) => v.at)).toEqual([5000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 50_000])
    expect(h.state()).toBe('timedOut')
    expect(h.context().attempt).toBe(10)
    expect(h.messages.at(-1)).toEqual({ level: 'warning', message: MPESA_MESSAGES.timeout })
    expect(h.messages.filter((m) => m.message === MPESA_MESSAGES.timeout)).toHaveLength(1)

    await h.advance(60_000)
    expect(h.verifies).toHaveLength(10)
  })

  it('uses the interval and the limit it is given', async () => {
    const h = harness({}, { pollIntervalMs: 1000, maxAttempts: 3 })
    await h.pay()
    await h.advance(1000)
    await h.advance(1000)
    await h.advance(1000)
    expect(h.verifies.map((v) => v.at)).toEqual([1000, 2000, 3000])
    expect(h.state()).toBe('timedOut')
  })
})

describe('M-Pesa payment machine: a final "no" from M-Pesa stops at once', () => {
  const scenarios = [
    { name: 'insufficient funds', code: '1', desc: 'The balance is insufficient for the transaction.' },
    { name: 'cancelled on the phone', code: '1032', desc: 'Request cancelled by user' },
    { name: 'phone unreachable', code: '1037', desc: 'DS timeout user cannot be reached' },
    { name: 'wrong PIN', code: '2001', desc: 'The initiator information is invalid.' },
  ] as const

  for (const s of scenarios) {
    it(`${s.name} (ResultCode '${s.code}'): stops on that check and says why`, async () => {
      const h = harness({ verifies: [PROCESSING, { ResultCode: s.code, ResultDesc: s.desc }] })
      await h.pay()
      await h.advance(5000)
      await h.advance(5000)
      expect(h.state()).toBe('failed')
      expect(h.context().failure).toEqual({ stage: 'mpesa', message: s.desc, resultCode: s.code })
      expect(h.messages).toEqual([
        { level: 'success', message: MPESA_MESSAGES.pushSent },
        { level: 'error', message: s.desc },
      ])
      // No polling on to a misleading timeout.
      await h.advance(60_000)
      expect(h.verifies).toHaveLength(2)
      expect(h.messages.some((m) => m.message === MPESA_MESSAGES.timeout)).toBe(false)
    })
  }

  it('a refusal without a description still says what happened', async () => {
    const h = harness({ verifies: [{ ResultCode: '1032' }] })
    await h.pay()
    await h.advance(5000)
    expect(h.state()).toBe('failed')
    expect(h.messages.at(-1)).toEqual({ level: 'error', message: mpesaRefusal('1032') })
    // A descriptor (it carries the code): the screen shows it in the language in use.
    expect(translated(mpesaRefusal('1032'))).toBe('M-Pesa did not complete the payment (code 1032)')
    await activateLocale('sw')
    expect(translated(mpesaRefusal('1032'))).toBe('M-Pesa haikukamilisha malipo (nambari 1032)')
    await activateLocale('en')
  })

  it('a failed payment can be tried again with the phone kept, and then succeed', async () => {
    const h = harness({ verifies: [{ ResultCode: '1', ResultDesc: 'The balance is insufficient for the transaction.' }, PAID] })
    await h.pay('0712340001')
    await h.advance(5000)
    expect(h.state()).toBe('failed')
    h.actor.send({ type: 'payment.retry' })
    expect(h.state()).toBe('entering')
    expect(h.context()).toMatchObject({ phone: '0712340001', failure: null, attempt: 0, checkoutRequestId: null })
    await h.pay('0712345678')
    await h.advance(5000)
    expect(h.state()).toBe('paid')
    expect(h.pushes).toHaveLength(2)
  })
})

describe('M-Pesa payment machine: the push fails', () => {
  it("M-Pesa refuses the push (ResponseCode '1'): its CustomerMessage, nothing polled", async () => {
    const h = harness({
      push: { ResponseCode: '1', ResponseDescription: 'Rejected', CustomerMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' },
    })
    await h.pay()
    expect(h.state()).toBe('failed')
    expect(h.context().failure?.stage).toBe('push')
    expect(h.messages).toEqual([
      { level: 'error', message: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' },
    ])
    await h.advance(60_000)
    expect(h.verifies).toHaveLength(0)
  })

  it("a refused push without CustomerMessage uses its ResponseDescription, else SPEC's fallback", async () => {
    const a = harness({ push: { ResponseCode: '1', ResponseDescription: 'Invalid Access Token' } })
    await a.pay()
    expect(a.messages).toEqual([{ level: 'error', message: 'Invalid Access Token' }])
    const b = harness({ push: { ResponseCode: '1' } })
    await b.pay()
    expect(b.messages).toEqual([{ level: 'error', message: MPESA_MESSAGES.pushFailed }])
    expect(MPESA_MESSAGES.pushFailed).toBe('Failed to initiate M-Pesa payment. Please try again.')
  })

  it('an HTTP error shows the server message when there is one', async () => {
    const h = harness({ push: new ApiError(409, 'This booking is already paid') })
    await h.pay()
    expect(h.state()).toBe('failed')
    expect(h.messages).toEqual([{ level: 'error', message: 'This booking is already paid' }])
  })

  it('an HTTP error without a message (or a network failure) shows the SPEC fallback', async () => {
    const h = harness({ push: new ApiError(500, undefined) })
    await h.pay()
    expect(h.messages).toEqual([{ level: 'error', message: 'Failed to initiate M-Pesa payment. Please try again.' }])
    const n = harness({ push: new TypeError('Failed to fetch') })
    await n.pay()
    expect(n.messages).toEqual([{ level: 'error', message: 'Failed to initiate M-Pesa payment. Please try again.' }])
  })

  it("an accepted push without a CheckoutRequestID cannot be checked: it fails, it doesn't poll nothing", async () => {
    const h = harness({ push: { ResponseCode: '0' } })
    await h.pay()
    expect(h.state()).toBe('failed')
    expect(h.messages).toEqual([{ level: 'error', message: MPESA_MESSAGES.pushFailed }])
  })
})

describe('M-Pesa payment machine: a check itself fails', () => {
  it('stops polling with the SPEC message and can check again', async () => {
    const h = harness({ verifies: [PROCESSING, new ApiError(500, 'Internal error'), PROCESSING, PAID] })
    await h.pay()
    await h.advance(5000)
    await h.advance(5000)
    expect(h.state()).toBe('verifyError')
    expect(h.messages.at(-1)).toEqual({
      level: 'error',
      message: 'Failed to verify payment. Please contact support if payment was deducted',
    })
    await h.advance(60_000)
    expect(h.verifies).toHaveLength(2)

    // "Check again" asks about the same push at once, then keeps polling.
    h.actor.send({ type: 'payment.check' })
    await h.settle()
    expect(h.verifies).toHaveLength(3)
    expect(h.verifies[2]).toEqual({ id: 'ws_CO_1', at: 70_000 })
    expect(h.context().attempt).toBe(1)
    await h.advance(5000)
    expect(h.state()).toBe('paid')
    expect(h.pushes).toHaveLength(1)
  })

  it('after a timeout, checking again asks about the same push; paying again starts over', async () => {
    const h = harness({ verifies: Array(10).fill(PROCESSING).concat([PAID]) })
    await h.pay()
    await h.pollThrough()
    expect(h.state()).toBe('timedOut')
    h.actor.send({ type: 'payment.check' })
    await h.settle()
    expect(h.verifies).toHaveLength(11)
    expect(h.state()).toBe('paid')

    const again = harness()
    await again.pay('0712349999')
    await again.pollThrough()
    expect(again.state()).toBe('timedOut')
    again.actor.send({ type: 'payment.retry' })
    expect(again.state()).toBe('entering')
    expect(again.context()).toMatchObject({ phone: '0712349999', attempt: 0, checkoutRequestId: null, failure: null })
  })
})

describe('M-Pesa payment machine: one push per press, and closing stops everything', () => {
  it('ignores a second Pay while the push is in flight and while waiting', async () => {
    const push = held<StkPushResult>()
    const h = harness({ push })
    h.actor.send({ type: 'payment.submit', phone: '0712345678' })
    await h.settle()
    expect(h.state()).toBe('pushing')
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true)
    h.actor.send({ type: 'payment.submit', phone: '0712345678' })
    h.actor.send({ type: 'payment.submit', phone: '0799999999' })
    await h.settle()
    expect(h.pushes).toHaveLength(1)
    push.release(ACCEPTED)
    await h.settle()
    expect(h.state()).toBe('waiting')
    h.actor.send({ type: 'payment.submit', phone: '0712345678' })
    await h.advance(5000)
    expect(h.pushes).toHaveLength(1)
    expect(h.context().phone).toBe('0712345678')
    expect(h.messages.filter((m) => m.message === MPESA_MESSAGES.pushSent)).toHaveLength(1)
  })

  it('refuses an obviously wrong number before anything is sent', async () => {
    const h = harness()
    for (const phone of ['', '12345', '0812345678', '071234567', '25571234567', '+254812345678', 'abc0712345678']) {
      await h.pay(phone)
      expect(h.state()).toBe('entering')
      expect(h.context().phoneError).toBe(MPESA_MESSAGES.invalidPhone)
    }
    expect(h.pushes).toHaveLength(0)
    expect(h.messages).toEqual([])
    for (const phone of ['0712345678', '0112345678', '254712345678', '+254712345678']) {
      const ok = harness()
      await ok.pay(phone)
      expect(ok.pushes).toHaveLength(1)
    }
  })

  it('closing while waiting: no check ever after', async () => {
    const h = harness()
    await h.pay()
    await h.advance(5000)
    expect(h.verifies).toHaveLength(1)
    h.actor.send({ type: 'payment.close' })
    expect(h.state()).toBe('closed')
    expect(h.actor.getSnapshot().status).toBe('done')
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'closed', pushed: true })
    await h.advance(120_000)
    expect(h.verifies).toHaveLength(1)
  })

  it('closing while a check is in flight ignores its answer', async () => {
    const check = held<VerifyResult>()
    const h = harness({ verifies: [check] })
    await h.pay()
    await h.advance(5000)
    expect(h.state()).toBe('verifying')
    h.actor.send({ type: 'payment.close' })
    check.release(PAID)
    await check.promise
    await h.advance(60_000)
    expect(h.state()).toBe('closed')
    expect(h.messages.map((m) => m.message)).toEqual([MPESA_MESSAGES.pushSent])
  })

  it('closing while the push is in flight: no wait, no check', async () => {
    const push = held<StkPushResult>()
    const h = harness({ push })
    await h.pay()
    h.actor.send({ type: 'payment.close' })
    push.release(ACCEPTED)
    await push.promise
    await h.advance(60_000)
    expect(h.state()).toBe('closed')
    expect(h.verifies).toHaveLength(0)
    expect(h.messages).toEqual([])
  })

  for (const where of ['entering', 'failed', 'timedOut', 'verifyError'] as const) {
    it(`closing from ${where} ends the actor`, async () => {
      const h = harness({
        push: where === 'failed' ? { ResponseCode: '1' } : ACCEPTED,
        verifies: where === 'verifyError' ? [new Error('offline')] : [],
      })
      if (where !== 'entering') {
        await h.pay()
        await h.pollThrough()
      }
      expect(h.state()).toBe(where)
      h.actor.send({ type: 'payment.close' })
      expect(h.actor.getSnapshot().status).toBe('done')
      expect(h.actor.getSnapshot().output?.pushed).toBe(where === 'timedOut' || where === 'verifyError')
    })
  }
})

describe('M-Pesa payment machine: its states', () => {
  it('describes every state and tags the busy and waiting ones', () => {
    const states = mpesaPaymentMachine.root.states
    expect(Object.keys(states).sort()).toEqual(
      ['closed', 'entering', 'failed', 'paid', 'pushing', 'timedOut', 'verifyError', 'verifying', 'waiting'].sort(),
    )
    for (const node of Object.values(states)) expect(node.description, node.key).toBeTruthy()
    expect([...states.pushing!.tags]).toEqual(['busy'])
    expect([...states.waiting!.tags].sort()).toEqual(['busy', 'waiting'])
    expect([...states.verifying!.tags].sort()).toEqual(['busy', 'waiting'])
  })
})
