import { request } from './client'
import { BackupResponse, PaymentsModeResponse, PublicContactResponse, SettingsResponse, type Settings, type SettingsSection } from '../../shared/contracts/settings'

/** Every admin's one copy of the settings (GET /settings). */
export const getSettings = (): Promise<Settings> => request((w) => w.url('/settings').get().json(), SettingsResponse)

/** Store one section (PUT /settings/{section}); answers all the settings as now stored. */
export const putSettingsSection = <K extends SettingsSection>(section: K, value: Settings[K]): Promise<Settings> =>
  request((w) => w.url(`/settings/${section}`).put(value).json(), SettingsResponse)

/** The contact details the public site shows (GET /settings/public, no sign-in). */
export const publicContact = () => request((w) => w.url('/settings/public').get().json(), PublicContactResponse)

/** Whether the server's payments are simulated (production with DARAJA_SIMULATOR=1): the admin portal's banner. */
export const paymentsMode = () => request((w) => w.url('/settings/public').get().json(), PaymentsModeResponse)

/** Run a backup now (POST /settings/backup); answers when it finished. */
export const runBackup = (): Promise<BackupResponse> => request((w) => w.url('/settings/backup').post().json(), BackupResponse)
