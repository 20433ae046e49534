import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { submissionMachine } from '../../../../machines/shared/submission.machine'
import { sendContactMessage } from '../../../api/contact'
import type { ContactRequest } from '../../../../shared/contracts/contact'

export interface ContactSubmissionState {
  busy: boolean
  sent: boolean
  /** The home took the message as urgent (a death just occurred, a collection today). */
  urgent: boolean
  failed: boolean
  /** The server's own words about a failure, if it sent some (shown as sent, before ours). */
  serverMessage: string | null
  submit: (payload: ContactRequest) => void
}

/**
 * The contact form's call through the submission machine, in its own chunk (the landing page's
 * first load carries no API client or XState). Its outcome is said once, beside the button: the
 * machine's notifications are not bridged to toasts here. The machine's fallback is left empty so
 * that a failure without the server's words is told apart, and the form says it in the language
 * in use when it shows it.
 */
export default function ContactSubmission({ onState }: { onState: (state: ContactSubmissionState) => void }) {
  const machine = useMemo(() => submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => sendContactMessage(input as ContactRequest)) } }), [])
  const [snapshot, send] = useMachine(machine, { input: { failureMessage: '' } })
  const busy = snapshot.hasTag('loading')
  const sent = snapshot.matches('succeeded')
  const urgent = sent && (snapshot.context.result as { urgent?: boolean } | null)?.urgent === true
  const failed = snapshot.matches('failed')
  const serverMessage = failed && snapshot.context.error ? snapshot.context.error : null
  useEffect(() => {
    onState({ busy, sent, urgent, failed, serverMessage, submit: (payload) => send({ type: 'submit', payload }) })
  }, [busy, sent, urgent, failed, serverMessage, send, onState])
  return null
}
