import { msg } from '@lingui/core/macro'

/**
 * The words of the home's password rules, as the forms show them (the rule itself is in
 * shared/contracts/password-rules.ts, shared with the server, in English). In the portal's
 * catalogue and in the sign-in screens' (the register page's hint is in its first render); each id
 * is its English, so where a catalogue is not loaded yet the English shows, never an id.
 */
export const passwordHintWords = (rules: { minLength: number | string; requireComplexity: boolean }) => {
  const min = rules.minLength
  return rules.requireComplexity
    ? msg({ id: 'At least {min} characters, with an upper-case letter, a lower-case letter and a digit', message: `At least ${min} characters, with an upper-case letter, a lower-case letter and a digit` })
    : msg({ id: 'At least {min} characters', message: `At least ${min} characters` })
}

/**
 * The hint with `{min}` left in it, in the language in use: written into the register page's HTML
 * at build time, so the server can put the home's own minimum into the page it sends
 * (shared/page-data.ts, `withPasswordHint`) and the page matches its first render.
 */
export const passwordHintTemplate = (requireComplexity: boolean) => passwordHintWords({ minLength: '{min}', requireComplexity })

/** "Password must be at least 8 characters"; the server's same words read back to it (src/app/word-templates.ts). */
export const passwordTooShortWords = (min: number) => msg({ id: 'Password must be at least {min} characters', message: `Password must be at least ${min} characters` })
