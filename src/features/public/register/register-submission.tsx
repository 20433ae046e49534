import { useEffect } from 'react'
import * as authApi from '../../../api/auth'
import { useSubmission } from '../../../app/use-notifying-machine'
import { REGISTER_MESSAGES } from './register-schema'

export type RegisterPayload = Parameters<typeof authApi.register>[0]

export interface RegisterSubmissionState {
  busy: boolean
  succeeded: boolean
  submit: (payload: RegisterPayload) => void
}

/**
 * The register call through the submission machine (its messages become toasts), loaded apart
 * from the register screen: the form renders at once and this arrives, with the API client and
 * XState, while the family types. It renders nothing; it reports its state to the screen.
 */
export default function RegisterSubmission({ onState }: { onState: (state: RegisterSubmissionState) => void }) {
  const { busy, succeeded, submit } = useSubmission(authApi.register, { successMessage: REGISTER_MESSAGES.success, failureMessage: REGISTER_MESSAGES.failure })
  useEffect(() => {
    onState({ busy, succeeded, submit })
    // `submit` is a new function each render but always sends to the same actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy, succeeded, onState])
  return null
}
