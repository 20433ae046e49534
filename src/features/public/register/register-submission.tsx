import { useContext, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { waitFor } from 'xstate'
import { useLingui } from '@lingui/react/macro'
import * as authApi from '../../../api/auth'
import { paths } from '../../../app/paths'
import { SessionContext, loadSession, loadedSession } from '../../../app/session-slot'
import { useSubmission } from '../../../app/use-notifying-machine'
import { usePasswordRules } from '../../../app/password-rules'
import { ensureCatalogs, translated } from '../../../lib/i18n'
import { passwordProblem, passwordTooShort, type PasswordRules } from '../../../../shared/contracts/password-rules'
import { passwordTooShortWords } from '../../../components/password-words'
import { REGISTER_MESSAGES } from './register-schema'

export type RegisterPayload = Parameters<typeof authApi.register>[0]

export interface RegisterSubmissionState {
  busy: boolean
  submit: (payload: RegisterPayload) => void
  /** The home's password rules, as read from the server (the defaults if they could not be). */
  passwordProblem: (password: string) => string | null
  /** The rules themselves (the screen words its hint from them). */
  passwordRules: PasswordRules
  /** Why the account was not made (the server's words, else the form's), kept until the next try. */
  error: string | null
}

/**
 * The register call through the submission machine (a failure is shown on the form), loaded apart from
 * the register screen: the form renders at once and this arrives, with the API client and XState,
 * while the family types; it also reads the home's password rules, which the form then checks.
 * Once the account exists the family is signed in with the password they just chose and taken to
 * booking, greeted as new there (by that page's banner alone: no toast over it); should that sign-in fail, the sign-in page opens with their e-mail
 * filled in. It renders nothing; it reports its state to the screen.
 */
export default function RegisterSubmission({ onState }: { onState: (state: RegisterSubmissionState) => void }) {
  const { t } = useLingui()
  // The machine keeps its words from the start: those of the language in use then.
  const { busy, succeeded, submit, error } = useSubmission(authApi.register, { failureMessage: t(REGISTER_MESSAGES.failure), onForm: true })
  const navigate = useNavigate()
  const givenActor = useContext(SessionContext)
  const sent = useRef<RegisterPayload | null>(null)
  const [signingIn, setSigningIn] = useState(false)

  useEffect(() => {
    const payload = sent.current
    if (!succeeded || !payload || signingIn) return
    setSigningIn(true)
    void (async () => {
      const actor = givenActor ?? loadedSession() ?? (await loadSession())
      actor.send({ type: 'auth.login', credentials: { email: payload.email, password: payload.password }, successMessage: '' })
      const after = await waitFor(actor, (s) => !s.hasTag('loading'))
      if (after.matches('signedIn')) navigate(paths.client.bookService, { replace: true, state: { newFamily: true } })
      else navigate(paths.login, { state: { email: payload.email } })
    })()
  }, [succeeded, signingIn, givenActor, navigate, t])

  const stillBusy = busy || signingIn
  const rules = usePasswordRules()
  // The too-short message's words (with the number in them) are in the portal's catalogue, which
  // this screen loads after its first paint; until they are here the rule's English is shown.
  const [ruleWords, setRuleWords] = useState(false)
  useEffect(() => {
    void ensureCatalogs('portal').then(() => setRuleWords(true))
  }, [])
  useEffect(() => {
    onState({
      busy: stillBusy,
      submit: (payload) => {
        sent.current = payload
        submit(payload)
      },
      // The rule's words in the language in use (this screen has no portal code to read them back).
      passwordProblem: (password) => {
        const problem = passwordProblem(password, rules)
        return ruleWords && problem === passwordTooShort(rules.minLength) ? t(passwordTooShortWords(rules.minLength)) : problem
      },
      passwordRules: rules,
      error: error && translated(error),
    })
    // `submit` is a new function each render but always sends to the same actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stillBusy, onState, rules, ruleWords, t, error])
  return null
}
