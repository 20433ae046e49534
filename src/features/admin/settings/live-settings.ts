import { fromPromise, type SnapshotFrom } from 'xstate'
import { settingsMachine, type SaveSectionInput, type SettingsValues } from '../../../../machines/admin/settings.machine'
import { loadSettings, saveSection, type Settings, type SettingsSection } from './settings-schema'

/** This device's storage; throws where the browser refuses it (blocked site data, some private modes). */
function deviceStorage(): Storage {
  return window.localStorage
}

/** The settings machine on this device's localStorage. */
export const liveSettingsMachine = settingsMachine.provide({
  actors: {
    loadSettings: fromPromise<SettingsValues, void>(async () => loadSettings(deviceStorage())),
    saveSection: fromPromise<SettingsValues, SaveSectionInput>(async ({ input }) =>
      saveSection(deviceStorage(), input.section as SettingsSection, input.value as Settings[SettingsSection]),
    ),
  },
})

/** The stored settings once read: the machine keeps them untyped, the actors above give them this shape. */
export function storedSettings(snapshot: SnapshotFrom<typeof liveSettingsMachine>): Settings | null {
  return snapshot.context.settings as Settings | null
}
