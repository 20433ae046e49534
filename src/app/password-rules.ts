import { useEffect, useState } from 'react'
import { passwordRules } from '../api/auth'
import { DEFAULT_PASSWORD_RULES, type PasswordRules } from '../../shared/contracts/password-rules'

/**
 * The password rules a new-password form checks before it sends (GET /settings/public). Read each
 * time the form opens, so an admin's change counts at once; the defaults until they arrive, and
 * when they cannot be read (the backend checks the password again either way).
 */
export function usePasswordRules(): PasswordRules {
  const [rules, setRules] = useState(DEFAULT_PASSWORD_RULES)
  useEffect(() => {
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
  }, [])
  return rules
}
