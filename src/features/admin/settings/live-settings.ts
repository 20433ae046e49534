import { fromPromise, type SnapshotFrom } from 'xstate'
import { settingsMachine, type SaveSectionInput, type SettingsValues } from '../../../../machines/admin/settings.machine'
import { getSettings, putSettingsSection, runBackup } from '../../../api/settings'
import type { Settings, SettingsSection } from './settings-schema'

const nairobiTime = (iso: string) => new Intl.DateTimeFormat('en-KE', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso))

/** The settings machine on the server's settings (the mock's in mock mode). */
export const liveSettingsMachine = settingsMachine.provide({
  actors: {
    loadSettings: fromPromise<SettingsValues, void>(() => getSettings()),
    saveSection: fromPromise<SettingsValues, SaveSectionInput>(({ input }) =>
      putSettingsSection(input.section as SettingsSection, input.value as Settings[SettingsSection]),
    ),
    runBackup: fromPromise<string, void>(async () => nairobiTime((await runBackup()).finished_at)),
  },
})

/** The stored settings once read: the machine keeps them untyped, the actors above give them this shape. */
export function storedSettings(snapshot: SnapshotFrom<typeof liveSettingsMachine>): Settings | null {
  return snapshot.context.settings as Settings | null
}
