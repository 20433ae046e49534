import { i18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { pageData } from './page-data'
import { loadOnce } from './load-once'

/**
 * The app's two languages. English is SPEC.md's text, word for word; Kiswahili its translation.
 * Words live in Lingui catalogues (src/locales/{locale}/{part}.po, compiled at build time), one per
 * part of the app that loads on its own, so a page downloads only its own words and only in the
 * language in use. A screen's loader asks for its part (`withCatalogs`); a change of language
 * loads the same parts in the other language, then switches, so what is on screen (and typed)
 * stays.
 */
export const LOCALES = ['en', 'sw'] as const
export type Locale = (typeof LOCALES)[number]
export type CatalogPart = 'site' | 'home' | 'auth' | 'pages' | 'contribute' | 'portal' | 'client' | 'morgue' | 'admin'

/** Each file its own chunk (the bundler sees every import), none in the first load's script. */
const catalogs: Record<Locale, Record<CatalogPart, () => Promise<{ messages: Messages }>>> = {
  en: {
    site: () => import('../locales/en/site.po'),
    home: () => import('../locales/en/home.po'),
    auth: () => import('../locales/en/auth.po'),
    pages: () => import('../locales/en/pages.po'),
    contribute: () => import('../locales/en/contribute.po'),
    portal: () => import('../locales/en/portal.po'),
    client: () => import('../locales/en/client.po'),
    morgue: () => import('../locales/en/morgue.po'),
    admin: () => import('../locales/en/admin.po'),
  },
  sw: {
    site: () => import('../locales/sw/site.po'),
    home: () => import('../locales/sw/home.po'),
    auth: () => import('../locales/sw/auth.po'),
    pages: () => import('../locales/sw/pages.po'),
    contribute: () => import('../locales/sw/contribute.po'),
    portal: () => import('../locales/sw/portal.po'),
    client: () => import('../locales/sw/client.po'),
    morgue: () => import('../locales/sw/morgue.po'),
    admin: () => import('../locales/sw/admin.po'),
  },
}

// English until a language is activated, so words read before that (a test of shared code, the
// server's tests) do not throw; the app activates its language before the first render.
i18n.loadAndActivate({ locale: 'en', messages: {} })

/** The parts a screen has asked for so far: a change of language loads them all again. */
const wanted = new Set<CatalogPart>(['site'])
const loaded: Record<Locale, Set<CatalogPart>> = { en: new Set(), sw: new Set() }

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'sw'

/** The locale words are shown in now (English until one is activated). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en'
}

async function load(locale: Locale, parts: Iterable<CatalogPart>) {
  const missing = [...parts].filter((p) => !loaded[locale].has(p))
  const results = await Promise.all(missing.map((p) => catalogs[locale][p]()))
  missing.forEach((part, i) => {
    i18n.load(locale, results[i]!.messages)
    loaded[locale].add(part)
  })
}

/** The language being switched to, while its words load (`activateLocale`). */
let switchingTo: Locale | null = null

/**
 * Make sure a screen's words are there, in the language in use, before it renders: during a change
 * of language, in both (the page is about to be drawn in the new one, and stays in the old one if
 * the change fails), since a screen's loader asks once.
 */
export async function ensureCatalogs(...parts: CatalogPart[]): Promise<void> {
  parts.forEach((p) => wanted.add(p))
  const current = currentLocale()
  await Promise.all([load(current, parts), switchingTo && switchingTo !== current ? load(switchingTo, parts) : undefined])
}

/** A lazy screen's loader that also brings its words. */
export function withCatalogs<T>(load: () => Promise<T>, ...parts: CatalogPart[]): () => Promise<T> {
  // The words first: a screen renders only once both are in, and asked for after its code they
  // queued behind its dozens of files on HTTP/1.1's six connections. Asked once (lib/load-once.ts):
  // a later change of language brings these parts' words itself (activateLocale).
  return loadOnce(() => Promise.all([ensureCatalogs(...parts), load()]).then(([, m]) => m))
}

/** Load every part asked for so far in `locale`, then switch to it (the page re-renders in place). */
export async function activateLocale(locale: Locale): Promise<void> {
  switchingTo = locale
  try {
    // Again while a part asked for meanwhile is missing: a screen's loader asks once.
    while ([...wanted].some((p) => !loaded[locale].has(p))) await load(locale, wanted)
  } finally {
    if (switchingTo === locale) switchingTo = null
  }
  if (i18n.locale !== locale) i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** Intl's locale for numbers and dates: Kenyan English or Kenyan Kiswahili. */
export function intlLocale(locale: Locale = currentLocale()): string {
  return locale === 'sw' ? 'sw-KE' : 'en-KE'
}

/** Reads back words given with their values filled in (src/app/word-templates.ts, loaded with the portal's code). */
let withValues: ((text: string) => string) | undefined
export const readWordsWithValues = (read: (text: string) => string) => void (withValues = read)

/**
 * Words a machine or the server gives: English (SPEC.md's words, used as its id), its Kiswahili
 * when a catalogue has it (src/app/words-from-machines.ts lists them), else as given; or a message
 * descriptor (words with values), translated with its values.
 */
export function translated(text: string | MessageDescriptor): string {
  const out = text ? i18n._(text as string) : (text as string)
  return out === text && withValues ? withValues(out) : out
}

export { i18n }

const STORAGE_KEY = 'afh.language'
/** Read by the server to send a page pre-rendered in the visitor's language (no English flash). */
export const LANGUAGE_COOKIE = 'afh-lang'

/** The language chosen on this device, if any. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return isLocale(value) ? value : null
  } catch {
    return null
  }
}

/** Keep the choice on this device (and in a cookie, so the next page arrives in it). */
export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // Private mode: the choice lasts for this visit.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** First visit: the browser's language (any Kiswahili → Kiswahili), else English. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Locale {
  return languages.some((l) => l.toLowerCase() === 'sw' || l.toLowerCase().startsWith('sw-')) ? 'sw' : 'en'
}

/**
 * The language to start in: the device's choice, else the one the server sent the page in (its
 * rule for a first visit weighs the browser's list: shared/page-language.ts), else the browser's.
 */
export function preferredLocale(): Locale {
  return storedLocale() ?? pageData().lang ?? browserLocale()
}
