import { z } from 'zod/mini'
import { meetsPasswordRules } from '../../api/contracts/auth'
import type { PasswordRules } from '../../api/contracts/password-rules'

/** Profile form: the name is required; phone and address may be cleared. */
export const ProfileForm = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  phone: z.string().check(z.trim()),
  address: z.string().check(z.trim()),
})

/** Change password: current, new (meeting the home's password rules, as the server asks), confirm; nothing is sent if they differ. */
export const changePasswordForm = (rules: PasswordRules) =>
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
      newPassword: z.string().check(z.minLength(1, 'New password is required'), meetsPasswordRules(rules)),
      confirmPassword: z.string().check(z.minLength(1, 'Please confirm your new password')),
    })
    .check(z.refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }))

export const PROFILE_TEXT = {
  title: 'My Profile',
  subtitle: 'Your contact details and password.',
  detailsHeading: 'Contact details',
  smsHeading: 'Text messages (SMS)',
  smsHint: 'We can send a short SMS to your phone when the funeral home answers your message, when your booking changes, or when a document has been checked.',
  smsLabel: 'Send me SMS about my bookings',
  passwordHeading: 'Change password',
  save: 'Save changes',
  saving: 'Saving...',
  changePassword: 'Change password',
  changingPassword: 'Changing...',
  passwordChanged: 'Password changed successfully',
  passwordFailed: 'Password change failed',
  emailHint: 'Your email is your sign-in name; ask the office to change it.',
  loadingDetails: 'Loading your details...',
  detailsUnavailable: 'Your details could not be loaded, so they cannot be changed yet. Check your connection and try again.',
  retry: 'Try again',
} as const
