/**
 * The settings as both backends save and show them (GET/PUT /settings, GET /settings/public): the
 * sections, their words and checks, as plain functions. Apart from ./settings.ts so the app's pages
 * that read settings do not load the backends' rules.
 */
import { ApiError } from '../errors'
import { passwordRulesOf } from './password-rules'
import { normaliseKenyanPhone } from './payments'
import { GeneralSettings, NotificationSettings, RetentionSettings, SecuritySettings, type Settings, type SettingsSection } from './settings'
import { MSG_ADMIN_NEEDS_PHONE } from './two-factor'

export const MSG_UNKNOWN_SECTION = 'Unknown settings section'
export const MSG_SETTINGS_SAVED = 'Settings saved'
export const MSG_BACKUP_DONE = 'Backup completed'

/** PUT /settings/{section}: each section's schema. */
export const SETTINGS_SECTIONS = { general: GeneralSettings, notifications: NotificationSettings, security: SecuritySettings, retention: RetentionSettings } as const

/** The section a path names, or a 404 (whatever the body: it is not read first). */
export function settingsSection(name: string | undefined): SettingsSection {
  if (name === undefined || !Object.hasOwn(SETTINGS_SECTIONS, name)) throw new ApiError(404, MSG_UNKNOWN_SECTION)
  return name as SettingsSection
}

/**
 * A section an admin saves, checked beyond its schema: two-step sign-in sends the code by SMS, so
 * an admin without a mobile number who turned it on would lock themselves out.
 */
export function checkSettingsSave(section: SettingsSection, value: unknown, adminPhone: string | null | undefined): void {
  const twoFactorOn = section === 'security' && (value as { twoFactor?: boolean }).twoFactor === true
  if (twoFactorOn && !(adminPhone && normaliseKenyanPhone(adminPhone))) throw new ApiError(422, MSG_ADMIN_NEEDS_PHONE, { twoFactor: MSG_ADMIN_NEEDS_PHONE })
}

/**
 * GET /settings/public: the contact details and the password rules; `payments` only when production
 * runs the Daraja simulator on purpose (the admin portal then shows a banner).
 */
export function publicSettings(settings: Settings, paymentsSimulated = false) {
  const g = settings.general
  return {
    contact: { facilityName: g.facilityName, contactEmail: g.contactEmail, contactPhone: g.contactPhone, address: g.address },
    password: passwordRulesOf(settings.security),
    ...(paymentsSimulated ? { payments: { simulated: true } } : {}),
  }
}
