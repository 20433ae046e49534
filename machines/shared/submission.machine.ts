import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { notify, type NotifyEvent } from './notify'
import { recordFailure, serverMessageOnForm, serverMessageOr } from './failure'

/**
 * One form submission: send, then succeed or fail with SPEC.md's messages. Used by register,
 * forgot-password and reset-password. The form keeps its values; a failure leaves it usable.
 */
export interface SubmissionInput {
  /** Toast on success; omit for none. */
  successMessage?: string
  /** Fallback toast on failure when the server sends no message. */
  failureMessage: string
  /** The form shows the failure beside its fields (context `error`) until it is sent again: no toast. */
  onForm?: boolean
}

export interface SubmissionContext<TOutput = unknown> extends SubmissionInput {
  result: TOutput | null
  error: string | null
}

export type SubmissionEvent = { type: 'submit'; payload: unknown } | { type: 'reset' }

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as SubmissionInput,
    emitted: {} as NotifyEvent,
  },
  actors: {
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error('submit actor not provided')
    }),
  },
  actions: {
    fail: recordFailure<SubmissionContext, SubmissionEvent>('error'),
  },
}).createMachine({
  id: 'submission',
  description: 'A form submission: idle → submitting → succeeded | failed (retry allowed).',
  context: ({ input }) => ({ ...input, result: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Waiting for a valid form.',
      on: { submit: 'submitting' },
    },
    submitting: {
      description: 'Sent; the button is busy and a second submit is ignored.',
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'submit',
        input: ({ event }: { event: SubmissionEvent }) => {
          assertEvent(event, 'submit')
          return event.payload
        },
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output }),
            emit(({ context }) => notify('success', context.successMessage ?? '')),
          ],
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ context, event }) => (context.onForm ? serverMessageOnForm : serverMessageOr)(context.failureMessage)({ event }),
          },
        },
      },
    },
    succeeded: {
      description: 'Done; the screen moves on or shows the result.',
      on: { reset: 'idle', submit: 'submitting' },
    },
    failed: {
      description: 'Failed with a message; the form is intact and can be sent again.',
      on: { submit: 'submitting', reset: 'idle' },
    },
  },
})
