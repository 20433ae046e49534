import { i18n, readWordsWithValues } from '../lib/i18n'

/**
 * Words the server (or a shared check) gives already filled in, in English: "Password must be at
 * least 8 characters", "Phone must be at most 20 characters". The server cannot use the catalogues,
 * so the screen reads such a text back: each catalogue id with {placeholders} (listed in
 * src/app/words-from-machines.ts) is a pattern; a text that fits one is shown in the language in use
 * with the values it carried (a value that is itself a known message, e.g. a field's name, is
 * translated too). Loaded with the portal's code, never with a first page.
 */
interface Template {
  id: string
  pattern: RegExp
  names: string[]
  /** Letters outside the placeholders: the most specific pattern is tried first. */
  weight: number
}

const PLACEHOLDER = /\{(\w+)\}/g
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')

function templateOf(id: string): Template | null {
  const names = [...id.matchAll(PLACEHOLDER)].map((m) => m[1]!)
  const literal = id.split(PLACEHOLDER).filter((_, i) => i % 2 === 0)
  const weight = literal.join('').length
  // An id that is a plural or select, or nearly all placeholder, is not a pattern for free text.
  if (!names.length || weight < 8 || /[{}]/.test(literal.join(''))) return null
  const source = literal.map(escape).join('(.+?)')
  return { id, pattern: new RegExp(`^${source}$`, 's'), names, weight }
}

let cache: { key: string; templates: Template[] } | null = null

function templates(): Template[] {
  const ids = Object.keys(i18n.messages)
  const key = `${i18n.locale}:${ids.length}`
  if (cache?.key !== key) {
    const found = ids.filter((id) => id.includes('{')).map(templateOf).filter((t): t is Template => t !== null)
    cache = { key, templates: found.sort((a, b) => b.weight - a.weight) }
  }
  return cache.templates
}

/** The text in the language in use when it fits a known pattern, else as given. */
export function wordsWithValues(text: string): string {
  for (const t of templates()) {
    const m = t.pattern.exec(text)
    if (!m) continue
    const values: Record<string, string> = {}
    t.names.forEach((name, i) => {
      const value = m[i + 1]!
      values[name] = value in i18n.messages ? i18n._(value) : value
    })
    return i18n._(t.id, values)
  }
  return text
}

readWordsWithValues(wordsWithValues)
