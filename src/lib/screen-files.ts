/**
 * The files of the screen at this address, as the family portal's shell lists them
 * (`#screen-files`, written at build time by build/prerender-pages.ts), preloaded now by the shell's
 * first script (src/early-data.ts, the only importer: this stays in its one file): the session's,
 * the portal's and the screen's code (and the stylesheets their imports wait for) then arrive beside the app's entry instead of after it has run.
 * A page without the list (the other portals, the development server) loads its screen as before.
 * Links already in the page (Vite's own preloads) are skipped.
 */
export function preloadScreenFiles(pathname: string): void {
  const list = document.getElementById('screen-files')?.textContent
  if (!list) return
  let files: Record<string, string[]>
  try {
    files = JSON.parse(list) as Record<string, string[]>
  } catch {
    return
  }
  const path = pathname.replace(/\/+$/, '')
  const wanted = Object.entries(files).find(([pattern]) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path))?.[1] ?? []
  const present = new Set([...document.getElementsByTagName('link')].map((l) => l.getAttribute('href')))
  for (const href of wanted) {
    if (present.has(href)) continue
    const link = document.createElement('link')
    // A stylesheet is only fetched: the import() that needs it puts it in, as it always did.
    if (href.endsWith('.css')) {
      link.rel = 'preload'
      link.as = 'style'
    } else link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
}
