import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { submissionMachine, type SubmissionInput } from '../../machines/shared/submission.machine'
import { useNotifications } from './use-notifications'

/** Run a form submission through the submission machine; its messages become toasts. */
export function useSubmission<TPayload, TResult>(send: (payload: TPayload) => Promise<TResult>, messages: SubmissionInput) {
  const machine = useMemo(
    () => submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => send(input as TPayload)) } }),
    // The sender is a module-level API function; the machine is built once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const [snapshot, sendEvent, actorRef] = useMachine(machine, { input: messages })
  useNotifications(actorRef)
  return {
    busy: snapshot.hasTag('loading'),
    succeeded: snapshot.matches('succeeded'),
    failed: snapshot.matches('failed'),
    result: snapshot.context.result as TResult | null,
    error: snapshot.context.error,
    submit: (payload: TPayload) => sendEvent({ type: 'submit', payload }),
  }
}
