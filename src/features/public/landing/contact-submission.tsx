import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { submissionMachine } from '../../../../machines/shared/submission.machine'
import { sendContactMessage } from '../../../api/contact'
import type { ContactRequest } from '../../../api/contracts/contact'
import { CONTACT_FORM_MESSAGES } from './contact-message'

export interface ContactSubmissionState {
  busy: boolean
  sent: boolean
  error: string | null
  submit: (payload: ContactRequest) => void
}

/**
 * The contact form's call through the submission machine, in its own chunk (the landing page's
 * first load carries no API client or XState). Its outcome is said once, beside the button: the
 * machine's notifications are not bridged to toasts here.
 */
export default function ContactSubmission({ onState }: { onState: (state: ContactSubmissionState) => void }) {
  const machine = useMemo(() => submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => sendContactMessage(input as ContactRequest)) } }), [])
  const [snapshot, send] = useMachine(machine, { input: { failureMessage: CONTACT_FORM_MESSAGES.failure } })
  const busy = snapshot.hasTag('loading')
  const sent = snapshot.matches('succeeded')
  const error = snapshot.matches('failed') ? snapshot.context.error : null
  useEffect(() => {
    onState({ busy, sent, error, submit: (payload) => send({ type: 'submit', payload }) })
  }, [busy, sent, error, send, onState])
  return null
}
