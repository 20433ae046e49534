import { msg } from '@lingui/core/macro'

/**
 * The sign-in screens' words that come from the request schemas and the server, in English (their
 * ids): listed so the `auth` catalogue carries their Kiswahili, which the forms show through
 * `translated()` (src/lib/i18n.ts). Read by `npm run i18n:extract`; nothing imports it.
 */
export const FORM_WORDS = [
  msg({ id: 'Name is required', message: 'Name is required' }),
  msg({ id: 'Please enter a valid email address', message: 'Please enter a valid email address' }),
  msg({ id: 'Password is required', message: 'Password is required' }),
  msg({ id: 'Current password is required', message: 'Current password is required' }),
  msg({ id: 'New password is required', message: 'New password is required' }),
  msg({ id: 'Email is required', message: 'Email is required' }),
  msg({ id: 'The reset link is incomplete', message: 'The reset link is incomplete' }),
  msg({ id: 'Phone is required', message: 'Phone is required' }),
  msg({ id: 'Address is required', message: 'Address is required' }),
  msg({ id: 'First name is required', message: 'First name is required' }),
  msg({ id: 'Last name is required', message: 'Last name is required' }),
  msg({ id: 'Please confirm your password', message: 'Please confirm your password' }),
  msg({ id: 'Passwords do not match', message: 'Passwords do not match' }),
  msg({ id: 'Password must contain an upper-case letter, a lower-case letter and a digit', message: 'Password must contain an upper-case letter, a lower-case letter and a digit' }),
  msg({ id: 'Invalid request', message: 'Invalid request' }),
  msg({ id: 'Registration successful! Please log in.', message: 'Registration successful! Please log in.' }),
  msg({ id: 'Registration failed. Please try again.', message: 'Registration failed. Please try again.' }),
  msg({ id: 'Invalid email or password', message: 'Invalid email or password' }),
  msg({ id: 'Registration successful', message: 'Registration successful' }),
  msg({ id: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.' }),
  msg({ id: 'If an account exists for that email, a reset link has been sent.', message: 'If an account exists for that email, a reset link has been sent.' }),
  msg({ id: 'Your password has been reset. Please sign in.', message: 'Your password has been reset. Please sign in.' }),
  msg({ id: 'This reset link is invalid or has expired', message: 'This reset link is invalid or has expired' }),
  msg({ id: 'An account with this email already exists', message: 'An account with this email already exists' }),
  msg({ id: 'Logged out successfully', message: 'Logged out successfully' }),
  msg({ id: 'Login successful', message: 'Login successful' }),
  msg({ id: 'Please login to access this page', message: 'Please login to access this page' }),
]
