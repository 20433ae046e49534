import { z } from 'zod/mini'

/** SPEC.md section 3 "Settings (local only)" with section 9's defaults and section 5's bounds. */
export const CURRENCIES = ['KSH', 'USD', 'GBP', 'EUR'] as const
export const TIME_ZONES = ['Africa/Nairobi', 'Africa/Kampala', 'Africa/Dar_es_Salaam', 'Africa/Lagos', 'Europe/London', 'UTC'] as const
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const
export const TIME_FORMATS = ['24h', '12h'] as const
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const

/** A whole number typed in a box (kept as text while editing), within bounds named in the message. */
const bounded = (label: string, min: number, max: number, unit: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `${label} must be between ${min} and ${max} ${unit}`),
    )

export const GeneralSettings = z.object({
  facilityName: z.string().check(z.trim(), z.minLength(1, 'Facility name is required')),
  contactEmail: z
    .string()
    .check(z.trim(), z.minLength(1, 'Contact email is required'), z.regex(z.regexes.email, 'Please enter a valid email address')),
  contactPhone: z.string().check(z.trim(), z.minLength(1, 'Contact phone is required')),
  address: z.string().check(z.trim(), z.minLength(1, 'Address is required')),
  currency: z.enum(CURRENCIES),
  timeZone: z.string().check(z.minLength(1)),
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
})
export type GeneralSettings = z.infer<typeof GeneralSettings>

export const NotificationSettings = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  documentAlerts: z.boolean(),
  paymentAlerts: z.boolean(),
  bookingAlerts: z.boolean(),
  systemAlerts: z.boolean(),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

export const SecuritySettings = z.object({
  passwordExpiryDays: bounded('Password expiry', 0, 365, 'days'),
  sessionTimeoutMinutes: bounded('Session timeout', 5, 1440, 'minutes'),
  minPasswordLength: bounded('Minimum password length', 6, 32, 'characters'),
  requireComplexity: z.boolean(),
  twoFactor: z.boolean(),
})
export type SecuritySettings = z.infer<typeof SecuritySettings>

export const RetentionSettings = z.object({
  logRetentionDays: bounded('Log retention', 30, 365, 'days'),
  archiveInactiveUsersDays: bounded('Archive inactive users', 90, 730, 'days'),
  backupFrequency: z.enum(BACKUP_FREQUENCIES),
  backupRetentionDays: bounded('Backup retention', 7, 365, 'days'),
})
export type RetentionSettings = z.infer<typeof RetentionSettings>

export const Settings = z.object({
  general: GeneralSettings,
  notifications: NotificationSettings,
  security: SecuritySettings,
  retention: RetentionSettings,
})
export type Settings = z.infer<typeof Settings>
export type SettingsSection = keyof Settings

export const DEFAULT_SETTINGS: Settings = {
  general: {
    facilityName: 'Amani Funeral Home',
    contactEmail: 'info@amani-funeral.co.ke',
    contactPhone: '0712 345 678',
    address: 'Ngong Road, Nairobi',
    currency: 'KSH',
    timeZone: 'Africa/Nairobi',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
  },
  notifications: {
    emailNotifications: true,
    smsNotifications: false,
    documentAlerts: true,
    paymentAlerts: true,
    bookingAlerts: true,
    systemAlerts: true,
  },
  security: { passwordExpiryDays: '90', sessionTimeoutMinutes: '30', minPasswordLength: '8', requireComplexity: true, twoFactor: false },
  retention: { logRetentionDays: '90', archiveInactiveUsersDays: '365', backupFrequency: 'daily', backupRetentionDays: '30' },
}

export const SETTINGS_STORAGE_KEY = 'admin-settings'

/** The saved settings of this device, section by section; a broken or missing section falls back to its defaults. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | null): Settings {
  // A storage that cannot be read throws here, and the caller says so: defaults shown instead would
  // be saved over what is stored. Only unreadable JSON (nothing to keep) falls back to them.
  const text = storage?.getItem(SETTINGS_STORAGE_KEY) ?? null
  let raw: unknown = null
  try {
    raw = JSON.parse(text ?? 'null')
  } catch {
    raw = null
  }
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const pick = <S extends z.ZodMiniType>(schema: S, value: unknown, fallback: z.infer<S>): z.infer<S> => {
    const r = schema.safeParse(value)
    return r.success ? r.data : fallback
  }
  return {
    general: pick(GeneralSettings, obj.general, DEFAULT_SETTINGS.general),
    notifications: pick(NotificationSettings, obj.notifications, DEFAULT_SETTINGS.notifications),
    security: pick(SecuritySettings, obj.security, DEFAULT_SETTINGS.security),
    retention: pick(RetentionSettings, obj.retention, DEFAULT_SETTINGS.retention),
  }
}

export function saveSection<K extends SettingsSection>(storage: Pick<Storage, 'getItem' | 'setItem'>, section: K, value: Settings[K]): Settings {
  const next = { ...loadSettings(storage), [section]: value }
  storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next))
  return next
}
