/** The built app as the server serves it: own pages, the SPA shell, compression, caching, no escape from dist. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { createApp } from '../../server/app'
import type { Db } from '../../server/db/client'

const dist = mkdtempSync(join(tmpdir(), 'afh-dist-'))
mkdirSync(join(dist, 'assets'))
mkdirSync(join(dist, 'login'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>')
writeFileSync(join(dist, 'spa.html'), '<!doctype html><title>shell</title>')
writeFileSync(join(dist, 'login', 'index.html'), '<!doctype html><title>login</title>')
mkdirSync(join(dist, 'contribute'))
writeFileSync(join(dist, 'contribute', 'index.html'), '<!doctype html><title>contribute</title>')
writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`)
writeFileSync(join(tmpdir(), 'afh-secret.txt'), 'secret')
afterAll(() => {
  rmSync(dist, { recursive: true, force: true })
  rmSync(join(tmpdir(), 'afh-secret.txt'), { force: true })
})

// Static files need no database: a stand-in that fails loudly if touched.
const app = createApp({ db: null as unknown as Db, secret: new Uint8Array(32), log: pino({ level: 'silent' }), dev: false, trustProxy: false }, { staticDir: dist })
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

describe('serving dist/', () => {
  it('a page with its own HTML gets it; any other page the shell; the home page its own', async () => {
    expect(await (await get('/login')).text()).toContain('<title>login</title>')
    expect(await (await get('/dashboard/admin/users')).text()).toContain('<title>shell</title>')
    expect(await (await get('/')).text()).toContain('<title>home</title>')
  })

  it("every relative's link shares the contribution page's shell; nothing deeper does", async () => {
    expect(await (await get('/contribute/9Qm_x-Token')).text()).toContain('<title>contribute</title>')
    expect(await (await get('/contribute/9Qm_x-Token/more')).text()).toContain('<title>shell</title>')
  })

  it('hashed assets are immutable for a year, pages revalidate; brotli or gzip as the browser asks', async () => {
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, br' })
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('console.log')
    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' })
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('console.log')
    const page = await get('/login')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('a missing asset is a 404, not the shell; nothing outside dist is served', async () => {
    expect((await get('/assets/old-chunk.js')).status).toBe(404)
    expect((await get('/../afh-secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/afh-secret.txt')).status).toBe(404)
    expect((await get('/api/nothing')).status).toBe(404)
    expect(await (await get('/api/nothing')).json()).toEqual({ message: 'Not found' })
  })
})
