import { useEffect, useState } from 'react'
import { passwordRules } from '../api/auth'
import { DEFAULT_PASSWORD_RULES, type PasswordRules } from '../../shared/contracts/password-rules'
import { freshPageData, spendPageData } from '../lib/page-data'

/**
 * The password rules a new-password form checks before it sends (GET /settings/public). Read each
 * time the form opens, so an admin's change counts at once; the defaults until they arrive, and
 * when they cannot be read (the backend checks the password again either way). The first form on
 * a page the real server sent (a family opening /register) takes the rules written into the page
 * instead: current as it was sent, there from the first render, with no request and no redraw.
 */
export function usePasswordRules(): PasswordRules {
  const [sent] = useState(() => freshPageData('password'))
  const [rules, setRules] = useState(sent ?? DEFAULT_PASSWORD_RULES)
  useEffect(() => {
    // Spent: a form opened later in this visit asks, as the page may be old by then.
    spendPageData('password')
    if (sent) return
    let live = true
    passwordRules().then(
      (read) => live && setRules(read),
      () => {
        /* the defaults stay */
      },
    )
    return () => {
      live = false
    }
  }, [sent])
  return rules
}
