/**
 * A screen's loader asks for its words once (lib/load-once.ts), so words asked for while the
 * language is changing must come in the language coming, and the change must wait for them: a
 * family whose phone is set to Kiswahili opens the portal, whose code asks for its words while the
 * app is still switching from English.
 */
import { describe, expect, it, vi } from 'vitest'

describe("a screen's words asked for during a change of language", () => {
  it('come in the language being switched to, and the page switches only once they are in', async () => {
    vi.resetModules()
    const { i18n } = await import('@lingui/core')
    const { activateLocale, withCatalogs } = await import('../../src/lib/i18n')
    const { messages: swClient } = (await import('../../src/locales/sw/client.po')) as { messages: Record<string, unknown> }
    const someId = Object.keys(swClient)[0]!
    const switching = activateLocale('sw')
    const screen = withCatalogs(() => Promise.resolve({ Screen: 'the screen' }), 'client')
    await Promise.all([switching, screen()])
    expect(i18n.locale).toBe('sw')
    expect(i18n.messages[someId]).toEqual(swClient[someId])
    // Asked again, the same promise: the words stay those of the language in use.
    expect(screen()).toBe(screen())
  })
})
