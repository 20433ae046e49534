import { describe, expect, it } from 'vitest'
import { getShortestPaths } from '@xstate/graph'
import { SimulatedClock, createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate'
import {
  MPESA_MESSAGES,
  mpesaPaymentMachine,
  type MpesaPaymentInput,
  type StkPushResult,
  type VerifyResult,
} from '../../machines/payment/mpesa-payment.machine'
import { ApiError } from '../../src/api/client'
import type { StkPushRequest } from '../../shared/contracts/payments'
import { translated } from '../../src/lib/i18n'

/**
 * Model-based: every (state, attempt) the machine can reach with a limit of 3 checks, by its
 * shortest path over user events, push/verify answers and the poll timer; each path is then
 * replayed on a real actor (fake I/O, simulated clock) and must end where the model says, having
 * told the family what SPEC.md says.
 */
const INPUT: MpesaPaymentInput = { bookingId: '3', amount: 5000, maxAttempts: 3 }
const POLL = 'xstate.after.pollInterval.mpesaPayment.waiting'

type Snapshot = SnapshotFrom<typeof mpesaPaymentMachine>
type ModelEvent = EventObject & { output?: unknown; error?: unknown; phone?: string }

const EVENTS: ModelEvent[] = [
  { type: 'payment.submit', phone: '0712345678' },
  { type: 'payment.submit', phone: '12345' },
  { type: 'payment.close' },
  { type: 'payment.retry' },
  { type: 'payment.check' },
  { type: 'xstate.done.actor.stkPush', output: { ResponseCode: '0', CheckoutRequestID: 'ws_CO_9' } satisfies StkPushResult },
  { type: 'xstate.done.actor.stkPush', output: { ResponseCode: '1', CustomerMessage: 'Rejected by M-Pesa' } satisfies StkPushResult },
  { type: 'xstate.error.actor.stkPush', error: new ApiError(500, undefined) },
  { type: 'xstate.done.actor.verifyPayment', output: { errorCode: '500.001.1001' } satisfies VerifyResult },
  { type: 'xstate.done.actor.verifyPayment', output: { ResultCode: '0', ResultDesc: 'ok' } satisfies VerifyResult },
  { type: 'xstate.done.actor.verifyPayment', output: { ResultCode: '1032', ResultDesc: 'Request cancelled by user' } satisfies VerifyResult },
  { type: 'xstate.error.actor.verifyPayment', error: new ApiError(0, undefined) },
  { type: POLL },
]

const paths = getShortestPaths(mpesaPaymentMachine, {
  events: EVENTS as never,
  input: INPUT,
  limit: 1000,
  serializeState: (s) => JSON.stringify([(s as Snapshot).value, (s as Snapshot).context.attempt]),
})

interface Deferred<T> {
  promise: Promise<T>
  resolve: (v: T) => void
  reject: (e: unknown) => void
}

function deferred<T>(): Deferred<T> {
  let resolve: (v: T) => void = () => {}
  let reject: (e: unknown) => void = () => {}
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

/**
 * Answer a call in flight and wait until the machine has taken the answer: XState subscribed to the
 * same promise when the call started, so by the time this await resumes it has reacted.
 */
async function answer<T>(call: Deferred<T> | null, settle: (d: Deferred<T>) => void) {
  if (!call) return
  settle(call)
  await call.promise.catch(() => undefined)
}

async function replay(steps: { event: ModelEvent }[]) {
  const clock = new SimulatedClock()
  let push: Deferred<StkPushResult> | null = null
  let verify: Deferred<VerifyResult> | null = null
  let verifies = 0
  const machine = mpesaPaymentMachine.provide({
    actors: {
      stkPush: fromPromise<StkPushResult, StkPushRequest>(() => {
        push = deferred<StkPushResult>()
        return push.promise
      }),
      verifyPayment: fromPromise<VerifyResult, string>(() => {
        verifies += 1
        verify = deferred<VerifyResult>()
        return verify.promise
      }),
    },
  })
  const actor = createActor(machine, { input: INPUT, clock })
  const messages: string[] = []
  actor.on('notify', (e) => messages.push(translated(e.message)))
  actor.start()
  // Events and the clock act at once (a call they start begins in the same step); answers are awaited.
  for (const { event } of steps) {
    if (event.type === 'xstate.init') continue
    if (event.type === POLL) clock.increment(INPUT.pollIntervalMs ?? 5000)
    else if (event.type === 'xstate.done.actor.stkPush') await answer(push as Deferred<StkPushResult> | null, (d) => d.resolve(event.output as StkPushResult))
    else if (event.type === 'xstate.error.actor.stkPush') await answer(push as Deferred<StkPushResult> | null, (d) => d.reject(event.error))
    else if (event.type === 'xstate.done.actor.verifyPayment') await answer(verify as Deferred<VerifyResult> | null, (d) => d.resolve(event.output as VerifyResult))
    else if (event.type === 'xstate.error.actor.verifyPayment') await answer(verify as Deferred<VerifyResult> | null, (d) => d.reject(event.error))
    else actor.send(event as never)
  }
  return { actor, messages, clock, verifies: () => verifies }
}

const expectedLast: Record<string, string | undefined> = {
  paid: MPESA_MESSAGES.paid,
  timedOut: MPESA_MESSAGES.timeout,
  verifyError: MPESA_MESSAGES.verifyFailed,
  waiting: MPESA_MESSAGES.pushSent,
}

describe('M-Pesa payment machine, model-based', () => {
  it('reaches every state, and every attempt count up to the limit', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    expect([...reached].sort()).toEqual(
      ['closed', 'entering', 'failed', 'paid', 'pushing', 'timedOut', 'verifyError', 'verifying', 'waiting'].sort(),
    )
    const verifyingAttempts = paths.filter((p) => p.state.value === 'verifying').map((p) => p.state.context.attempt)
    expect(verifyingAttempts.sort()).toEqual([1, 2, 3])
    // The limit holds in the model: never a fourth check.
    expect(Math.max(...paths.map((p) => p.state.context.attempt))).toBe(3)
  })

  for (const path of paths) {
    const name = `${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${String(path.state.value)} (attempt ${path.state.context.attempt})`
    it(name, async () => {
      const run = await replay(path.steps as { event: ModelEvent }[])
      const snap = run.actor.getSnapshot()
      expect(snap.value).toBe(path.state.value)
      expect(snap.context.attempt).toBe(path.state.context.attempt)
      const want = expectedLast[String(snap.value)]
      if (want) expect(run.messages.at(-1)).toBe(want)
      if (snap.value === 'failed') expect(run.messages.at(-1)).toBe(snap.context.failure?.message)
      if (snap.status === 'done') {
        // A finished dialog never checks again.
        const before = run.verifies()
        // A check would start in the very step the timer fires.
        run.clock.increment(120_000)
        expect(run.verifies()).toBe(before)
      }
    })
  }
})
