import { assign, emit, fromPromise, setup } from 'xstate'
import { failureMessage, notify, type NotifyEvent } from './notify'

/**
 * One form submission: send, then succeed or fail with SPEC.md's messages. Used by register,
 * forgot-password and reset-password. The form keeps its values; a failure leaves it usable.
 */
export interface SubmissionInput {
  /** Toast on success; omit for none. */
  successMessage?: string
  /** Fallback toast on failure when the server sends no message. */
  failureMessage: string
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
        input: ({ event }: { event: SubmissionEvent }) => (event.type === 'submit' ? event.payload : undefined),
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output }),
            emit(({ context }) => notify('success', context.successMessage ?? '')),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ context, event }) => failureMessage(event.error, context.failureMessage) }),
            emit(({ context, event }) => notify('error', failureMessage(event.error, context.failureMessage))),
          ],
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
