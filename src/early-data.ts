/**
 * The first portal screen's data, asked for beside the app's scripts instead of after them. The
 * portal's shell (`dashboard/client/index.html`, build/prerender-pages.ts) loads this tiny script
 * with `async`: it imports nothing, so it runs as soon as it arrives, long before the app's ≈ 30
 * chunks have arrived and run (on a slow line, seconds sooner). It reads the stored token and
 * starts the one request the screen at this path draws first; `src/api/early.ts` hands that answer
 * to the API call that would have asked for it. A failure (no token, 401, offline) is left to that
 * call, which asks again as it always did and handles the error. No imports on purpose: the key
 * and the base are spelled as `src/api/token-key.ts` and `src/api/client.ts` spell them.
 */
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
    const wanted = firstDataOf(location.pathname)
    if (token && wanted) {
      const base: string = import.meta.env.VITE_API_URL ?? '/api'
      const answer = fetch(`${base}${wanted}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }).then((r) =>
        r.ok ? (r.json() as Promise<unknown>) : Promise.reject(new Error(`Request failed (${r.status})`)),
      )
      // Not an unhandled rejection if the app never takes it (it falls back to its own request).
      answer.catch(() => {})
      ;(window as unknown as Record<string, unknown>)[EARLY_KEY] = { path: wanted, token, answer }
    }
  } catch {
    // Storage refused (private mode): the app asks as usual.
  }
}

export {}
