import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * msgid → msgstr of a Lingui .po catalogue (single-line entries, as Lingui writes them). A message
 * with a context (msgctxt) is another message: its key is `context\u0004msgid`, as gettext's.
 */
function entries(file: string): Map<string, string> {
  const map = new Map<string, string>()
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(/^(?:msgctxt "(.*)"\n)?msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (m[2]) map.set(m[1] ? `${m[1]}\u0004${m[2]}` : m[2], m[3] ?? '')
  }
  return map
}

const dir = 'src/locales'
const parts = readdirSync(join(dir, 'en')).filter((f) => f.endsWith('.po'))

describe('Kiswahili catalogues', () => {
  it.each(parts)('%s: every English message has its Kiswahili', (part) => {
    const en = entries(join(dir, 'en', part))
    const sw = entries(join(dir, 'sw', part))
    const missing = [...en.keys()].filter((id) => !sw.get(id))
    expect(missing, `messages without Kiswahili in src/locales/sw/${part}`).toEqual([])
  })

  it.each(parts)('%s: a translation keeps the placeholders and tags of its English', (part) => {
    const sw = entries(join(dir, 'sw', part))
    const marks = (s: string) => [...s.matchAll(/\{(\w+)[,}]|<\/?(\d+)\/?>/g)].map((m) => m[0]).sort()
    const broken = [...sw].filter(([id, text]) => text && marks(id).join() !== marks(text).join()).map(([id]) => id)
    expect(broken, `translations whose {placeholders} or <n> tags differ from the English, in src/locales/sw/${part}`).toEqual([])
  })

  it('one English message has one Kiswahili in every catalogue (a screen loads several: the last loaded would win)', () => {
    const seen = new Map<string, Map<string, string[]>>()
    for (const part of parts) {
      for (const [id, text] of entries(join(dir, 'sw', part))) {
        if (!text) continue
        const byText = seen.get(id) ?? new Map<string, string[]>()
        byText.set(text, [...(byText.get(text) ?? []), part])
        seen.set(id, byText)
      }
    }
    const differing = [...seen].filter(([, byText]) => byText.size > 1).map(([id, byText]) => `${id.replace('\u0004', ' | ')}: ${[...byText].map(([text, where]) => `"${text}" (${where.join(', ')})`).join(' vs ')}`)
    expect(differing, 'the same English translated differently across src/locales/sw/*.po (give it one Kiswahili, or a context where the meaning differs)').toEqual([])
  })
})
