import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { SETTINGS_MESSAGES, settingsMachine, type SaveSectionInput, type SettingsValues } from '../../machines/admin/settings.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { translated } from '../../src/lib/i18n'

/** What the toast says (in English, as SPEC.md): a message with values is a descriptor the screen translates. */
const said = (notes: NotifyEvent[]) => notes.map((n) => ({ ...n, message: translated(n.message) }))

const STORED: SettingsValues = { general: { facilityName: 'Amani' }, security: { twoFactor: false } }

function start(
  options: { load?: () => Promise<SettingsValues>; save?: (input: SaveSectionInput) => Promise<SettingsValues>; backup?: () => Promise<string> } = {},
) {
  const clock = new SimulatedClock()
  const load = vi.fn(options.load ?? (() => Promise.resolve(STORED)))
  const save = vi.fn(options.save ?? ((input: SaveSectionInput) => Promise.resolve({ ...STORED, [input.section]: input.value })))
  const machine = settingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => load()),
      saveSection: fromPromise(({ input }: { input: SaveSectionInput }) => save(input)),
      runBackup: fromPromise(options.backup ?? (() => Promise.resolve('14:05'))),
    },
  })
  const actor = createActor(machine, { clock })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, clock, load, save, notes }
}

describe('settings machine', () => {
  it('reads the stored settings before anything can be saved', async () => {
    const { actor, save } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    actor.send({ type: 'settings.save', section: 'general', label: 'General', value: { facilityName: 'X' } })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(save).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.settings).toEqual(STORED)
  })

  it('when the settings cannot be read, stays without settings, refuses saves, and reads again on request', async () => {
    const { actor, load, save } = start({ load: () => Promise.reject(new Error('SecurityError')) })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.settings).toBeNull()
    actor.send({ type: 'settings.save', section: 'general', label: 'General', value: { facilityName: 'X' } })
    expect(save).not.toHaveBeenCalled()

    load.mockImplementation(() => Promise.resolve(STORED))
    actor.send({ type: 'settings.reload' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.settings).toEqual(STORED)
  })

  it("saves one section and says '<Section> settings saved successfully'", async () => {
    const { actor, save, notes } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'settings.save', section: 'general', label: 'General', value: { facilityName: 'Lee' } })
    expect(actor.getSnapshot().hasTag('saving')).toBe(true)
    await waitFor(actor, (s) => !s.hasTag('saving'))
    expect(save).toHaveBeenCalledWith({ section: 'general', value: { facilityName: 'Lee' } })
    expect(actor.getSnapshot().context.settings).toMatchObject({ general: { facilityName: 'Lee' } })
    expect(said(notes)).toEqual([{ type: 'notify', level: 'success', message: 'General settings saved successfully' }])
  })

  it('says so when the device refuses to store a section', async () => {
    const { actor, notes } = start({ save: () => Promise.reject(new Error('QuotaExceededError')) })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'settings.save', section: 'security', label: 'Security', value: { twoFactor: true } })
    await waitFor(actor, (s) => !s.hasTag('saving'))
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: SETTINGS_MESSAGES.saveFailed }])
    expect(actor.getSnapshot().context.settings).toEqual(STORED)
  })

  it('the backup says it is starting, then when the server says it finished; a second start meanwhile is ignored', async () => {
    let finish: (time: string) => void = () => undefined
    const backup = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const { actor, notes } = start({ backup })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'backup.start' })
    actor.send({ type: 'backup.start' })
    expect(actor.getSnapshot().hasTag('backingUp')).toBe(true)
    expect(backup).toHaveBeenCalledTimes(1)
    expect(notes.map((n) => n.message)).toEqual(['Initiating system backup...'])
    finish('14:05')
    await waitFor(actor, (s) => !s.hasTag('backingUp'))
    expect(said(notes)).toEqual([
      { type: 'notify', level: 'info', message: 'Initiating system backup...' },
      { type: 'notify', level: 'success', message: 'System backup completed at 14:05' },
    ])
  })

  it('a failed backup says so', async () => {
    const { actor, notes } = start({ backup: () => Promise.reject(new Error('disk full')) })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'backup.start' })
    await waitFor(actor, (s) => !s.hasTag('backingUp'))
    expect(notes.map((n) => n.message)).toEqual(['Initiating system backup...', SETTINGS_MESSAGES.backupFailed])
  })
})
