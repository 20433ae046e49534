import { msg } from '@lingui/core/macro'

/**
 * The refusals the sign-in and register forms show on themselves (the session's and the server's
 * words, English as their id), listed here so the sign-in screens' own catalogue has their
 * Kiswahili: these screens do not load the portal's.
 */
export const AUTH_REFUSALS = [
  msg({ id: 'Login failed. Please try again.', message: 'Login failed. Please try again.' }),
  msg({ id: 'Invalid email or password', message: 'Invalid email or password' }),
  msg({ id: 'Too many failed sign-in attempts. Please wait a few minutes and try again, or reset your password.', message: 'Too many failed sign-in attempts. Please wait a few minutes and try again, or reset your password.' }),
  msg({ id: 'Too many requests in a short time. Please wait a few minutes and try again.', message: 'Too many requests in a short time. Please wait a few minutes and try again.' }),
  msg({ id: 'The code is incorrect', message: 'The code is incorrect' }),
  msg({ id: 'The code could not be checked. Please try again.', message: 'The code could not be checked. Please try again.' }),
  msg({ id: 'This sign-in code has expired or was used too many times. Please sign in again.', message: 'This sign-in code has expired or was used too many times. Please sign in again.' }),
  msg({ id: 'An account with this email already exists', message: 'An account with this email already exists' }),
]
