import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOnForm } from '../shared/failure'
import type { AgreementCodeSent, AgreementState } from '../../shared/contracts/agreement'

/**
 * The family signs the service agreement on their phone: the agreement is loaded (its draft to read
 * and that draft's hash), they type their full name and ask for a one-time code by SMS, enter it and
 * tap "I agree". The server's refusals (a wrong or expired code, an agreement changed or already
 * signed) are shown in the dialog, where the family acts on them.
 *
 * It runs only inside that modal dialog, and a toast would sit under the dialog's backdrop, dimmed
 * (and, on a phone, over its buttons if it rose above it): everything it has to say, the code sent,
 * a failure, the signature, the dialog itself says, so it emits no toast.
 */
export const AGREEMENT_MESSAGES = {
  loadFailed: 'Failed to load the agreement',
  codeFailed: 'The code could not be sent. Please try again.',
  signFailed: 'The agreement could not be signed. Please try again.',
} as const

export interface AgreementSigningContext {
  bookingId: string
  agreement: AgreementState | null
  challenge: string | null
  phoneEnding: string | null
  /** The refusal shown in the dialog (cleared by the next try). */
  error: string | null
}

export type AgreementSigningEvent =
  | { type: 'agreement.retry' }
  | { type: 'agreement.sendCode' }
  | { type: 'agreement.sign'; fullName: string; code: string }

export const agreementSigningMachine = setup({
  types: {
    context: {} as AgreementSigningContext,
    events: {} as AgreementSigningEvent,
    input: {} as { bookingId: string },
    emitted: {} as NotifyEvent,
  },
  actors: {
    loadAgreement: fromPromise<AgreementState, string>(async () => {
      throw new Error('loadAgreement not provided')
    }),
    requestCode: fromPromise<AgreementCodeSent, string>(async () => {
      throw new Error('requestCode not provided')
    }),
    sign: fromPromise<AgreementState, { bookingId: string; full_name: string; code: string; challenge: string; document_sha256: string }>(async () => {
      throw new Error('sign not provided')
    }),
  },
  actions: {
    fail: recordFailure<AgreementSigningContext, AgreementSigningEvent>('error'),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'agreementSigning',
  description: 'Read the agreement, ask for a code by SMS, sign with the full name and the code.',
  context: ({ input }) => ({ bookingId: input.bookingId, agreement: null, challenge: null, phoneEnding: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The agreement (its draft and hash, or the signed revision) is being read.',
      tags: ['loading'],
      invoke: {
        src: 'loadAgreement',
        input: ({ context }) => context.bookingId,
        onDone: [
          { guard: ({ event }) => event.output.status === 'signed', target: 'signed', actions: assign({ agreement: ({ event }) => event.output }) },
          { target: 'reading', actions: assign({ agreement: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: AGREEMENT_MESSAGES.loadFailed, toast: '' } } },
      },
    },
    failed: {
      description: 'The agreement could not be read; the family can try again.',
      on: { 'agreement.retry': 'loading' },
    },
    reading: {
      description: 'The family reads the agreement and types their name; no code asked for yet.',
      on: { 'agreement.sendCode': 'sendingCode' },
    },
    sendingCode: {
      description: 'A one-time code is being sent by SMS to the account phone.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'requestCode',
        input: ({ context }) => context.bookingId,
        onDone: {
          target: 'codeSent',
          actions: assign({ challenge: ({ event }) => event.output.challenge, phoneEnding: ({ event }) => event.output.phoneEnding }),
        },
        onError: { target: 'reading', actions: { type: 'fail', params: serverMessageOnForm(AGREEMENT_MESSAGES.codeFailed) } },
      },
    },
    codeSent: {
      description: 'The code is on its way; the family enters it and taps "I agree", or asks for another.',
      on: { 'agreement.sign': 'signing', 'agreement.sendCode': 'sendingCode' },
    },
    signing: {
      description: 'The name, the code and the hash of the agreement read are sent.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'sign',
        input: ({ context, event }) => {
          assertEvent(event, 'agreement.sign')
          return { bookingId: context.bookingId, full_name: event.fullName, code: event.code, challenge: context.challenge ?? '', document_sha256: context.agreement?.draft?.document_sha256 ?? '' }
        },
        onDone: { target: 'signed', actions: assign({ agreement: ({ event }) => event.output }) },
        onError: { target: 'codeSent', actions: { type: 'fail', params: serverMessageOnForm(AGREEMENT_MESSAGES.signFailed) } },
      },
    },
    signed: {
      description: 'Signed: the signed PDF can be downloaded; nothing more to do here.',
      type: 'final',
    },
  },
})
