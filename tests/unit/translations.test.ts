import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** msgid → msgstr of a Lingui .po catalogue (single-line entries, as Lingui writes them). */
function entries(file: string): Map<string, string> {
  const map = new Map<string, string>()
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (m[1]) map.set(m[1], m[2] ?? '')
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
})
