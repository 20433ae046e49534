import { msg } from '@lingui/core/macro'

export { registerForm } from '../../../../shared/contracts/auth-requests'

export const REGISTER_MESSAGES = {
  success: msg`Registration successful! Please log in.`,
  failure: msg`Registration failed. Please try again.`,
} as const
