import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { msg } from '@lingui/core/macro'
import { notify, type NotifyEvent } from '../shared/notify'

/**
 * SPEC.md section 8 (Settings), and what the screen says when the server cannot give or keep them.
 * Words with values are descriptors (the screen translates them); the others are their own ids.
 */
export const SETTINGS_MESSAGES = {
  saved: (section: string) => msg`${section} settings saved successfully`,
  backupStarting: 'Initiating system backup...',
  /** SPEC.md's backup only said it started; the server's says when it finished. */
  backupDone: (time: string) => msg`System backup completed at ${time}`,
  backupFailed: 'The system backup failed',
  loadFailed: 'The settings could not be loaded, so they cannot be changed now. Try again.',
  saveFailed: 'The settings could not be saved.',
} as const

/** The settings, section by section (their shape is the screen's: this machine only keeps and passes them). */
export type SettingsValues = Record<string, object>

export interface SettingsContext {
  /** What the device holds; null until it has been read. Forms are built from it, never from defaults alone. */
  settings: SettingsValues | null
  /** The name of the section being saved, for the toast once it is stored. */
  savingLabel: string | null
}

export type SettingsEvent =
  | { type: 'settings.reload' }
  /** `label` is the section's name as the user reads it ('General'): the toast says it. */
  | { type: 'settings.save'; section: string; label: string; value: object }
  | { type: 'backup.start' }

export interface SaveSectionInput {
  section: string
  value: object
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} actor not provided`)
}

/**
 * System settings, kept by the server (one copy for every admin): read them first (a failed read
 * says so instead of showing defaults it would then claim to have saved), save one section at a
 * time, and the system backup.
 */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    /** Provided by the app: the stored settings (defaults where a section is missing). Rejects when storage cannot be read. */
    loadSettings: fromPromise<SettingsValues, void>(notProvided('loadSettings')),
    /** Provided by the app: store one section; resolves with all the settings as now stored. */
    saveSection: fromPromise<SettingsValues, SaveSectionInput>(notProvided('saveSection')),
    /** Provided by the app: run a backup; resolves with when it finished, as the user reads it ('14:05'). */
    runBackup: fromPromise<string, void>(notProvided('runBackup')),
  },
}).createMachine({
  id: 'settings',
  description: 'The admin Settings screen: read the stored settings, save a section, run the backup.',
  context: { settings: null, savingLabel: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /settings.',
      tags: ['loading'],
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: 'The stored settings could not be read: no form is shown (a save would overwrite what was never read); the user can try again.',
      on: { 'settings.reload': 'loading' },
    },
    ready: {
      description: 'The forms show the stored settings; saving a section and the backup run independently.',
      type: 'parallel',
      states: {
        sections: {
          description: 'Saving one section at a time.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Waiting for a section to be saved.',
              on: { 'settings.save': { target: 'saving', actions: assign({ savingLabel: ({ event }) => event.label }) } },
            },
            saving: {
              description: 'Storing one section; the toast names it.',
              tags: ['saving'],
              invoke: {
                src: 'saveSection',
                input: ({ event }) => {
                  assertEvent(event, 'settings.save')
                  return { section: event.section, value: event.value }
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ settings: ({ event }) => event.output }),
                    emit(({ context }) => notify('success', SETTINGS_MESSAGES.saved(context.savingLabel ?? ''))),
                    assign({ savingLabel: null }),
                  ],
                },
                onError: { target: 'idle', actions: [assign({ savingLabel: null }), emit(notify('error', SETTINGS_MESSAGES.saveFailed))] },
              },
            },
          },
        },
        backup: {
          description: 'The system backup, run by the server.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No backup running.',
              on: { 'backup.start': 'running' },
            },
            running: {
              description: 'POST /settings/backup: the button is busy until the server says it finished.',
              tags: ['backingUp'],
              entry: emit(notify('info', SETTINGS_MESSAGES.backupStarting)),
              invoke: {
                src: 'runBackup',
                onDone: { target: 'idle', actions: emit(({ event }) => notify('success', SETTINGS_MESSAGES.backupDone(event.output))) },
                onError: { target: 'idle', actions: emit(notify('error', SETTINGS_MESSAGES.backupFailed)) },
              },
            },
          },
        },
      },
    },
  },
})
