import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { AGREEMENT_MESSAGES, agreementSigningMachine } from '../../machines/papers/agreement-signing.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { MSG_AGREEMENT_CHANGED, MSG_AGREEMENT_CODE_SENT, MSG_AGREEMENT_CODE_WRONG, type AgreementCodeSent, type AgreementState } from '../../shared/contracts/agreement'
import { ApiError } from '../../src/api/client'
import { translated } from '../../src/lib/i18n'

/**
 * The family's signing, the whole flow on fake actors: what the screen test once proved by building
 * the agreement's PDF three times in the DOM. The screen keeps one lean test of the dialog's wiring.
 */
const SHA = 'a'.repeat(64)
const unsigned: AgreementState = {
  booking_id: '7',
  status: 'unsigned',
  signed: null,
  draft: { revision: 1, document_sha256: SHA, href: '/bookings/7/agreement/draft' },
  history: [],
}
const signedState: AgreementState = {
  ...unsigned,
  status: 'signed',
  draft: null,
  signed: {
    revision: 1,
    signed_name: 'Grace Wanjiru Kamau',
    signed_at: '2026-11-20T07:00:00.000Z',
    ip: '127.0.0.1',
    user_agent: 'test',
    document_sha256: SHA,
    sha256: 'b'.repeat(64),
    voided_at: null,
    void_reason: null,
    href: '/bookings/7/agreement/1',
  },
}
const sent: AgreementCodeSent = { challenge: 'ch-1', phoneEnding: '5678', message: MSG_AGREEMENT_CODE_SENT }
type SignInput = { bookingId: string; full_name: string; code: string; challenge: string; document_sha256: string }
const refusal = (status: number, message: string) => new ApiError(status, message)

function start(fakes: { load?: () => Promise<AgreementState>; code?: () => Promise<AgreementCodeSent>; sign?: (i: SignInput) => Promise<AgreementState> } = {}) {
  const load = vi.fn(fakes.load ?? (() => Promise.resolve(unsigned)))
  const code = vi.fn(fakes.code ?? (() => Promise.resolve(sent)))
  const sign = vi.fn(fakes.sign ?? (() => Promise.resolve(signedState)))
  const machine = agreementSigningMachine.provide({
    actors: {
      loadAgreement: fromPromise(({ input }: { input: string }) => {
        expect(input).toBe('7')
        return load()
      }),
      requestCode: fromPromise(() => code()),
      sign: fromPromise(({ input }: { input: SignInput }) => sign(input)),
    },
  })
  const actor = createActor(machine, { input: { bookingId: '7' } })
  const notes: { level: string; message: string }[] = []
  actor.on('notify', (e: NotifyEvent) => notes.push({ level: e.level, message: translated(e.message) }))
  actor.start()
  return { actor, load, code, sign, notes }
}

describe('agreement signing machine', () => {
  it('reads, asks for a code, is refused a wrong code in the dialog (no toast), then signs with the hash read', async () => {
    let tries = 0
    const { actor, sign, notes } = start({
      sign: async () => {
        tries += 1
        if (tries === 1) throw refusal(422, MSG_AGREEMENT_CODE_WRONG)
        return signedState
      },
    })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches('reading'))
    // No "I agree" before a code was asked for.
    actor.send({ type: 'agreement.sign', fullName: 'Grace Wanjiru Kamau', code: '123456' })
    expect(actor.getSnapshot().matches('reading')).toBe(true)
    actor.send({ type: 'agreement.sendCode' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('codeSent'))
    expect(actor.getSnapshot().context).toMatchObject({ challenge: 'ch-1', phoneEnding: '5678', error: null })
    // The dialog says it ("We sent a 6-digit code…"): no toast under its backdrop.
    expect(notes).toEqual([])

    actor.send({ type: 'agreement.sign', fullName: 'Grace Wanjiru Kamau', code: '000000' })
    await waitFor(actor, (s) => s.matches('codeSent') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(MSG_AGREEMENT_CODE_WRONG)
    expect(notes).toEqual([])

    actor.send({ type: 'agreement.sign', fullName: 'Grace Wanjiru Kamau', code: '123456' })
    // The next try clears the refusal while it is sent.
    expect(actor.getSnapshot().context.error).toBeNull()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(sign).toHaveBeenLastCalledWith({ bookingId: '7', full_name: 'Grace Wanjiru Kamau', code: '123456', challenge: 'ch-1', document_sha256: SHA })
    expect(done.context.agreement?.signed?.signed_name).toBe('Grace Wanjiru Kamau')
    expect(notes).toEqual([])
  })

  it("an agreement changed since it was read: the server's words in the dialog, a new code can be asked for", async () => {
    const { actor, code } = start({ sign: () => Promise.reject(refusal(409, MSG_AGREEMENT_CHANGED)) })
    await waitFor(actor, (s) => s.matches('reading'))
    actor.send({ type: 'agreement.sendCode' })
    await waitFor(actor, (s) => s.matches('codeSent'))
    actor.send({ type: 'agreement.sign', fullName: 'Grace Kamau', code: '123456' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(MSG_AGREEMENT_CHANGED)
    actor.send({ type: 'agreement.sendCode' })
    await waitFor(actor, (s) => s.matches('codeSent') && s.context.error === null)
    expect(code).toHaveBeenCalledTimes(2)
  })

  it('a code that cannot be sent: back to reading with the words to show; the next ask clears them', async () => {
    let asks = 0
    const { actor } = start({
      code: async () => {
        asks += 1
        if (asks === 1) throw new ApiError(0, undefined, 'Network error')
        return sent
      },
    })
    await waitFor(actor, (s) => s.matches('reading'))
    actor.send({ type: 'agreement.sendCode' })
    await waitFor(actor, (s) => s.matches('reading') && s.context.error !== null)
    expect(actor.getSnapshot().context.challenge).toBeNull()
    actor.send({ type: 'agreement.sendCode' })
    await waitFor(actor, (s) => s.matches('codeSent'))
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('a failed load offers Try again; an agreement already signed ends at once with nothing to sign', async () => {
    let loads = 0
    const { actor, notes } = start({
      load: async () => {
        loads += 1
        if (loads === 1) throw new ApiError(500, undefined, 'Server error')
        return signedState
      },
    })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe(AGREEMENT_MESSAGES.loadFailed)
    expect(notes).toEqual([])
    actor.send({ type: 'agreement.retry' })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.context.agreement?.status).toBe('signed')
  })
})
