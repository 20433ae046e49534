export { registerForm } from '../../../api/contracts/auth-requests'

export const REGISTER_MESSAGES = {
  success: 'Registration successful! Please log in.',
  failure: 'Registration failed. Please try again.',
} as const
