/**
 * The first portal screen's data, asked for beside the app's scripts instead of after them. The
 * build puts this tiny script inline at the end of the portal's shell (`dashboard/client/index.html`,
 * build/prerender-pages.ts; it must stand alone: its one import, the shell's list of files, is
 * bundled into it), so it runs as soon as the HTML is parsed, long before the app's chunks have
 * arrived and run (on a slow line, seconds sooner). It reads the stored token and starts the requests the portal and
 * the screen at this path need first (who is signed in, the screen's data); `src/api/early.ts`
 * hands each answer to the API call that would have asked for it. A failure (no token, 401,
 * offline) is left to that call, which asks again as it always did and handles the error. The key
 * and the base are spelled as `src/api/token-key.ts` and `src/api/client.ts` spell them.
 */
import { preloadScreenFiles } from './lib/screen-files'

const EARLY_KEY = '__afhEarly'

function firstDataOf(pathname: string): string | null {
  const path = pathname.replace(/\/$/, '')
  if (path === '/dashboard/client' || path === '/dashboard/client/bookings') return '/bookings/my'
  const id = /^\/dashboard\/client\/bookings\/(\d+)$/.exec(path)?.[1]
  return id ? `/bookings/${id}` : null
}

if (!__MOCK__) {
  try {
    const token = localStorage.getItem('token')
    // Who is signed in (the session confirms the stored token with it before the portal draws),
    // then the screen's own data.
    const wanted = [location.pathname.startsWith('/dashboard/client') ? '/auth/me' : null, firstDataOf(location.pathname)].filter((p): p is string => p !== null)
    if (token && wanted.length) {
      const base: string = import.meta.env.VITE_API_URL ?? '/api'
      ;(window as unknown as Record<string, unknown>)[EARLY_KEY] = wanted.map((path) => {
        const answer = fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }).then((r) =>
          r.ok ? (r.json() as Promise<unknown>) : Promise.reject(new Error(`Request failed (${r.status})`)),
        )
        // Not an unhandled rejection if the app never takes it (it falls back to its own request).
        answer.catch(() => {})
        return { path, token, answer }
      })
    }
  } catch {
    // Storage refused (private mode): the app asks as usual.
  }
}

/**
 * The screen's code, asked for now (after its data): the shell lists each screen's files, the
 * portal's own among them, in the order they are needed. Asked for here, as soon as this script
 * runs, rather than once the app's entry has arrived and run: on a slow line the six connections of
 * HTTP/1.1 would otherwise sit idle in between, then fetch ≈ 35 files in waves of round trips.
 */
function signedInHere(): boolean {
  try {
    return localStorage.getItem('token') !== null
  } catch {
    return false
  }
}
// Only for a visitor whose stored token says they are signed in: anyone else is sent to sign in.
if (signedInHere()) {
  if (document.getElementById('screen-files')) preloadScreenFiles(location.pathname)
  else document.addEventListener('DOMContentLoaded', () => preloadScreenFiles(location.pathname), { once: true })
}

/**
 * The web fonts of this shell (build/prerender-pages.ts keeps their `@font-face` rules in an inert
 * `<template id="font-faces">`). On a device that has had them they are put in at once (from the
 * cache, in time for the first text, as `font-display: optional` wants). On a first visit they are
 * only fetched, for the next visit, once the first screen's requests are over: the 84 KB do not
 * share the slow line with the portal's code, and the page never changes its face once drawn.
 */
const FONTS_SEEN = 'afh-fonts-seen'
const fontFaces = () => document.getElementById('font-faces') as HTMLTemplateElement | null
function putFontsIn() {
  const faces = fontFaces()
  if (!faces) return
  document.head.appendChild(faces.content.cloneNode(true))
  faces.remove()
}
function fetchFontsForNextVisit() {
  const css = fontFaces()?.content.textContent ?? ''
  const urls = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!.replace(/^["']|["']$/g, ''))
  void Promise.all(urls.map((url) => fetch(url).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))))
    .then(() => localStorage.setItem(FONTS_SEEN, '1'))
    .catch(() => {
      /* offline, or storage refused: the next visit draws with the fallback faces again */
    })
}
/** Calls `then` once no request has started for a second, after the page's load. */
function whenRequestsSettle(then: () => void) {
  let seen = -1
  const check = () => {
    const now = performance.getEntriesByType('resource').length
    if (now === seen) then()
    else {
      seen = now
      setTimeout(check, 1000)
    }
  }
  if (document.readyState === 'complete') check()
  else window.addEventListener('load', check, { once: true })
}
let fontsSeen = false
try {
  fontsSeen = localStorage.getItem(FONTS_SEEN) === '1'
} catch {
  /* private mode */
}
if (!fontsSeen) whenRequestsSettle(fetchFontsForNextVisit)
else if (fontFaces()) putFontsIn()
else document.addEventListener('DOMContentLoaded', putFontsIn, { once: true })

export {}
