/**
 * Which language a pre-rendered page is sent in: the one chosen on the device (the app keeps it in
 * the `afh-lang` cookie), else, on a first visit, the browser's (any Kiswahili first → Kiswahili).
 * The build writes each pre-rendered page twice (`index.html`, `index.sw.html`); a host sends the
 * one this picks, so a reload in Kiswahili paints Kiswahili from the first byte.
 */
export type PageLanguage = 'en' | 'sw'

export function pageLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): PageLanguage {
  const chosen = /(?:^|;\s*)afh-lang=(en|sw)(?:;|$)/.exec(cookie ?? '')?.[1]
  if (chosen === 'en' || chosen === 'sw') return chosen
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1)
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0 }
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .find((l) => /^(sw|en)(-|$)/.test(l.tag))
  return first?.tag.startsWith('sw') ? 'sw' : 'en'
}

/** `…/index.html` → `…/index.sw.html` for Kiswahili (when the build wrote it). */
export function pageFileFor(file: string, language: PageLanguage, exists: (file: string) => boolean): string {
  if (language !== 'sw' || !file.endsWith('index.html')) return file
  const localized = file.replace(/index\.html$/, 'index.sw.html')
  return exists(localized) ? localized : file
}

/**
 * A page whose paths carry a variable part but share one pre-rendered shell: a relative's
 * `/contribute/{token}` gets `contribute/index.html` (the public frame and "Opening the
 * contribution page…", painted before any script), not the bare `spa.html`; every page of the
 * family's portal gets `dashboard/client/index.html` (the shell that loads the portal's code and
 * the first screen's data beside the app's scripts).
 */
export function shellDirFor(pathname: string): string | null {
  if (/^\/contribute\/[^/]+\/?$/.test(pathname)) return 'contribute'
  return /^\/dashboard\/client(\/|$)/.test(pathname) ? 'dashboard/client' : null
}
