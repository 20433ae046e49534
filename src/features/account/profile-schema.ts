import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { meetsPasswordRules } from '../../../shared/contracts/auth'
import type { PasswordRules } from '../../../shared/contracts/password-rules'

/** Turns a message into words in the language in use (the page's `t`). */
type Say = (message: MessageDescriptor) => string

const RULES = {
  nameRequired: msg`Name is required`,
  currentRequired: msg`Current password is required`,
  newRequired: msg`New password is required`,
  confirmRequired: msg`Please confirm your new password`,
  mismatch: msg`Passwords do not match`,
}

/** Profile form: the name is required; phone and address may be cleared. */
export const profileForm = (say: Say) =>
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, say(RULES.nameRequired))),
    phone: z.string().check(z.trim()),
    address: z.string().check(z.trim()),
  })

/** Change password: current, new (meeting the home's password rules, as the server asks), confirm; nothing is sent if they differ. */
export const changePasswordForm = (rules: PasswordRules, say: Say) =>
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, say(RULES.currentRequired))),
      newPassword: z.string().check(z.minLength(1, say(RULES.newRequired)), meetsPasswordRules(rules)),
      confirmPassword: z.string().check(z.minLength(1, say(RULES.confirmRequired))),
    })
    .check(z.refine((v) => v.newPassword === v.confirmPassword, { message: say(RULES.mismatch), path: ['confirmPassword'] }))

/** The page's words, shown with t() in the language in use. */
export const PROFILE_TEXT = {
  title: msg`My Profile`,
  subtitle: msg`Your contact details and password.`,
  detailsHeading: msg`Contact details`,
  smsHeading: msg`Text messages (SMS)`,
  smsHint: msg`We can send a short SMS to your phone when the funeral home answers your message, when your booking changes, or when a document has been checked.`,
  smsLabel: msg`Send me SMS about my bookings`,
  passwordHeading: msg`Change password`,
  save: msg`Save changes`,
  saving: msg`Saving...`,
  changePassword: msg`Change password`,
  changingPassword: msg`Changing...`,
  passwordChanged: msg`Password changed successfully`,
  passwordFailed: msg`Password change failed`,
  emailHint: msg`Your email is your sign-in name; ask the office to change it.`,
  loadingDetails: msg`Loading your details...`,
  detailsUnavailable: msg`Your details could not be loaded, so they cannot be changed yet. Check your connection and try again.`,
} as const
