import { msg } from '@lingui/core/macro'
import type { PasswordRules } from '../../shared/contracts/password-rules'

/**
 * The words of the home's password rules, as the forms show them (the rule itself is in
 * src/api/contracts/password-rules.ts, shared with the server, in English). In the portal's
 * catalogue, which the sign-in screens load once they are up (nothing more in their first load);
 * each id is its English, so until then the English shows, never an id.
 */
export const passwordHintWords = (rules: PasswordRules) => {
  const min = rules.minLength
  return rules.requireComplexity
    ? msg({ id: 'At least {min} characters, with an upper-case letter, a lower-case letter and a digit', message: `At least ${min} characters, with an upper-case letter, a lower-case letter and a digit` })
    : msg({ id: 'At least {min} characters', message: `At least ${min} characters` })
}

/** "Password must be at least 8 characters"; the server's same words read back to it (src/app/word-templates.ts). */
export const passwordTooShortWords = (min: number) => msg({ id: 'Password must be at least {min} characters', message: `Password must be at least ${min} characters` })
