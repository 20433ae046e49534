/**
 * The files of the screen at this address, as the family portal's shell lists them
 * (`#screen-files`, written at build time by build/prerender-pages.ts), preloaded now: the screen
 * then arrives beside its portal instead of after the portal's code has run (on a slow line and a
 * slowed phone, about half a second). A page without the list (the other portals, the development
 * server) loads its screen as before. Links already in the page (Vite's own preloads) are skipped.
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
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
}
