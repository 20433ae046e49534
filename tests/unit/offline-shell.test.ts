import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { resolve } from 'node:path'

// The worker is a plain script in public/ (no bundling), run here as a classic script with no
// worker around it (no `self`: it registers nothing); its one decision is exported for tests.
type Route = 'asset' | 'page' | 'network'
const sandbox = { URL, module: { exports: {} as { routeOf?: (request: { method: string; url: string; mode: string }, origin: string) => Route } } }
runInNewContext(readFileSync(resolve(__dirname, '../../public/sw.js'), 'utf8'), sandbox)
const routeOf = sandbox.module.exports.routeOf!

const origin = 'https://amani.example'
const get = (path: string, mode = 'cors', method = 'GET') => routeOf({ method, url: `${origin}${path}`, mode }, origin)

describe('The offline shell worker (public/sw.js) routes', () => {
  it('keeps the hashed files (cache first) and the pages (network first, kept copy offline)', () => {
    expect(get('/assets/index-3fA9c1.js', 'no-cors')).toBe('asset')
    expect(get('/assets/client-portal-Bx81.css', 'no-cors')).toBe('asset')
    expect(get('/dashboard/client', 'navigate')).toBe('page')
    expect(get('/dashboard/client/bookings/12', 'navigate')).toBe('page')
    expect(get('/', 'navigate')).toBe('page')
  })

  it('never touches the API (nothing kept, nothing replayed: no payment can be queued), nor a write', () => {
    expect(get('/api/bookings/my')).toBe('network')
    expect(get('/api/payments/mpesa/stk-push', 'cors', 'POST')).toBe('network')
    expect(get('/api', 'navigate')).toBe('network')
    expect(get('/assets/x.js', 'no-cors', 'POST')).toBe('network')
  })

  it("leaves pages that carry a secret or take money, other hosts and the API's files to the network; keeps the logo beside the app", () => {
    expect(get('/contribute/abc123', 'navigate')).toBe('network')
    expect(get('/reset-password?token=secret', 'navigate')).toBe('network')
    expect(get('/login?next=%2Fdashboard', 'navigate')).toBe('network')
    expect(routeOf({ method: 'GET', url: 'https://fonts.example/assets/a.woff2', mode: 'cors' }, origin)).toBe('network')
    expect(get('/logo-mark.svg', 'no-cors')).toBe('file')
    expect(get('/api/documents/3/file.png')).toBe('network')
    expect(get('/sw.js')).toBe('network')
  })
})
