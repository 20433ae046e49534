import { afterEach, describe, expect, it } from 'vitest'
import '../../src/app/word-templates'
import { SETTINGS_MESSAGES } from '../../machines/admin/settings.machine'
import { activateLocale, translated } from '../../src/lib/i18n'

describe('words given with values in them', () => {
  afterEach(() => activateLocale('en'))

  it('English stays exactly as given (SPEC.md)', () => {
    expect(translated('Password must be at least 8 characters')).toBe('Password must be at least 8 characters')
    expect(translated('Phone must be at most 20 characters')).toBe('Phone must be at most 20 characters')
    expect(translated(SETTINGS_MESSAGES.saved('General'))).toBe('General settings saved successfully')
    expect(translated('Kamau & Sons')).toBe('Kamau & Sons')
  })

  it("the server's filled-in words are read back in Kiswahili, with their values (a field's name translated too)", async () => {
    await activateLocale('sw')
    expect(translated('Password must be at least 8 characters')).toBe('Nenosiri lazima liwe na angalau herufi 8')
    expect(translated('Phone must be at most 20 characters')).toBe('Simu: isizidi herufi 20')
    expect(translated('Service selected twice: Hearse (per km)')).toBe('Huduma imechaguliwa mara mbili: Hearse (per km)')
    // Words no pattern fits (a name, the server's own sentence) stay as given.
    expect(translated('Kamau & Sons')).toBe('Kamau & Sons')
  })

  it("a machine's descriptor is translated with its values", async () => {
    await activateLocale('sw')
    expect(translated(SETTINGS_MESSAGES.saved('Usalama'))).toBe('Mipangilio ya Usalama imehifadhiwa')
    expect(translated(SETTINGS_MESSAGES.backupDone('14:05'))).toBe('Nakala rudufu ya mfumo imekamilika saa 14:05')
  })
})
