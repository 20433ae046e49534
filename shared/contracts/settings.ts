import { z } from 'zod/mini'
import { DEFAULT_CONTACT } from '../contact-details'
import { DEFAULT_PASSWORD_RULES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules'

/**
 * SPEC.md section 3's settings with section 9's defaults and section 5's bounds. Kept by the server
 * (GET /settings, PUT /settings/{section}), one copy for every admin; the contact details are the
 * public site's (GET /settings/public).
 */
export const CURRENCIES = ['KSH', 'USD', 'GBP', 'EUR'] as const
export const TIME_ZONES = ['Africa/Nairobi', 'Africa/Kampala', 'Africa/Dar_es_Salaam', 'Africa/Lagos', 'Europe/London', 'UTC'] as const
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const
export const TIME_FORMATS = ['24h', '12h'] as const
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const

/** The agreement's terms: long enough for a page of clauses, short enough to fit the agreement. */
export const AGREEMENT_TERMS_MAX = 4000

/**
 * The terms a home that has not written its own signs with: plain clauses a Kenyan home would
 * expect (each paragraph a clause; the admin replaces them in Settings).
 */
export const DEFAULT_AGREEMENT_TERMS = [
  '1. The funeral home will provide the services listed above on the dates agreed, with care and respect for the deceased and the family.',
  '2. Prices are those in force on the day of booking. Mortuary storage is charged for each day the body is in our care, at the daily rate in force on that day, from receipt until release.',
  '3. Payments are made by M-Pesa to the details shown above. A receipt is issued for every payment and contribution.',
  '4. The release of the body is never refused because of an unpaid balance; any balance is settled by an arrangement agreed with the office.',
  '5. Changes to the services or dates must be asked for through the app or at the office and may change the total.',
  '6. Personal information is kept only to provide these services, as the Data Protection Act, 2019 requires.',
].join('\n\n')

/** The same default terms for a family that reads Kiswahili (the agreement is in their language). */
export const DEFAULT_AGREEMENT_TERMS_SW = [
  '1. Nyumba ya mazishi itatoa huduma zilizoorodheshwa hapo juu katika tarehe zilizokubaliwa, kwa uangalifu na heshima kwa marehemu na familia.',
  '2. Bei ni zile zinazotumika siku ya oda. Uhifadhi wa mwili hutozwa kwa kila siku ambayo mwili uko chini ya uangalizi wetu, kwa bei ya siku inayotumika siku hiyo, tangu kupokelewa hadi kukabidhiwa.',
  '3. Malipo hufanywa kwa M-Pesa kwa maelezo yaliyoonyeshwa hapo juu. Risiti hutolewa kwa kila malipo na kila mchango.',
  '4. Mwili haukatazwi kukabidhiwa kwa sababu ya salio ambalo halijalipwa; salio lolote hulipwa kwa mpango unaokubaliwa na ofisi.',
  '5. Mabadiliko ya huduma au tarehe huombwa kupitia programu au ofisini, na yanaweza kubadilisha jumla.',
  '6. Taarifa binafsi huhifadhiwa kwa ajili ya kutoa huduma hizi pekee, kama Sheria ya Ulinzi wa Data ya 2019 inavyotaka.',
].join('\n\n')

/**
 * The terms the agreement prints: the home's own, else the defaults in the agreement's language.
 * The Settings form shows the English defaults and saves them back unchanged with the other
 * general settings: terms that are still those defaults are not the home's own, and a family that
 * reads Kiswahili gets them in Kiswahili. A Kiswahili agreement prints the home's Kiswahili terms
 * when it wrote them; else its own English terms (what the home wrote binds it, in whatever
 * language), else the Kiswahili defaults.
 */
export const agreementTermsOf = (general: { agreementTerms?: string; agreementTermsSw?: string }, language: 'en' | 'sw' = 'en') => {
  const ownSw = general.agreementTermsSw?.trim()
  if (language === 'sw' && ownSw && ownSw !== DEFAULT_AGREEMENT_TERMS_SW) return ownSw
  const own = general.agreementTerms?.trim()
  if (own && own !== DEFAULT_AGREEMENT_TERMS) return own
  return language === 'sw' ? DEFAULT_AGREEMENT_TERMS_SW : DEFAULT_AGREEMENT_TERMS
}

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
  /** On the invoices, receipts and quotations (optional): the home's KRA PIN and how to pay by M-Pesa ("Paybill 123456"). */
  kraPin: z.optional(z.string().check(z.trim(), z.maxLength(20, 'KRA PIN must be at most 20 characters'))),
  mpesaDetails: z.optional(z.string().check(z.trim(), z.maxLength(100, 'M-Pesa details must be at most 100 characters'))),
  /** The service agreement's terms, printed under its lines (absent: DEFAULT_AGREEMENT_TERMS). */
  agreementTerms: z.optional(z.string().check(z.trim(), z.maxLength(AGREEMENT_TERMS_MAX, `Agreement terms must be at most ${AGREEMENT_TERMS_MAX} characters`))),
  /** The same terms in Kiswahili, for a family that reads it (absent or blank: see agreementTermsOf). */
  agreementTermsSw: z.optional(z.string().check(z.trim(), z.maxLength(AGREEMENT_TERMS_MAX, `Kiswahili agreement terms must be at most ${AGREEMENT_TERMS_MAX} characters`))),
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
  minPasswordLength: bounded('Minimum password length', MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, 'characters'),
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
    // The public pages are pre-rendered with these; the real server writes the stored ones into
    // every page it sends (server/static.ts).
    contactEmail: DEFAULT_CONTACT.email,
    contactPhone: DEFAULT_CONTACT.phoneDisplay,
    address: DEFAULT_CONTACT.address,
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
  security: {
    passwordExpiryDays: '90',
    sessionTimeoutMinutes: '30',
    // The rules every new password meets (password-rules.ts says why these and not SPEC.md's 8 and complexity).
    minPasswordLength: String(DEFAULT_PASSWORD_RULES.minLength),
    requireComplexity: DEFAULT_PASSWORD_RULES.requireComplexity,
    twoFactor: false,
  },
  retention: { logRetentionDays: '90', archiveInactiveUsersDays: '365', backupFrequency: 'daily', backupRetentionDays: '30' },
}

/** Parse stored settings section by section; a broken or missing section falls back to its defaults. */
export function settingsOrDefaults(raw: unknown): Settings {
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

export const SettingsResponse = z.pipe(z.object({ settings: z.unknown() }), z.transform((o) => settingsOrDefaults(o.settings)))

/** What the public site shows (no sign-in). */
export const PublicContact = z.object({ facilityName: z.string(), contactEmail: z.string(), contactPhone: z.string(), address: z.string() })
export type PublicContact = z.infer<typeof PublicContact>
export const PublicContactResponse = z.pipe(z.object({ contact: PublicContact }), z.transform((o) => o.contact))

/** GET /settings/public: whether payments go to the Daraja simulator in production (absent: no). */
export const PaymentsModeResponse = z.pipe(
  z.object({ payments: z.optional(z.object({ simulated: z.boolean() })) }),
  z.transform((o) => ({ simulated: o.payments?.simulated ?? false })),
)

/** POST /settings/backup: when the backup finished (the mock's is instant; the server dumps the database). */
export const BackupResponse = z.object({ message: z.string(), finished_at: z.string() })
export type BackupResponse = z.infer<typeof BackupResponse>
