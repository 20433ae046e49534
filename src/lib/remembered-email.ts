/** "Remember me": the email is kept on this device for the next sign-in (never the password). */
const KEY = 'afh-remembered-email'

export function readRememberedEmail(): string {
  try {
    return localStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function rememberEmail(email: string | null) {
  try {
    if (email) localStorage.setItem(KEY, email)
    else localStorage.removeItem(KEY)
  } catch {
    /* storage unavailable: nothing to remember */
  }
}
