/** The built app as the server serves it: own pages, the SPA shell, compression, caching, no escape from dist. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { Hono } from 'hono'
import { createApp } from '../../server/app'
import { serveDist } from '../../server/static'
import type { Db } from '../../server/db/client'

const dist = mkdtempSync(join(tmpdir(), 'afh-dist-'))
mkdirSync(join(dist, 'assets'))
mkdirSync(join(dist, 'login'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>')
writeFileSync(join(dist, 'spa.html'), '<!doctype html><title>shell</title>')
writeFileSync(join(dist, 'login', 'index.html'), '<!doctype html><title>login</title>')
mkdirSync(join(dist, 'contribute'))
writeFileSync(join(dist, 'contribute', 'index.html'), '<!doctype html><title>contribute</title>')
mkdirSync(join(dist, 'dashboard', 'client'), { recursive: true })
writeFileSync(join(dist, 'dashboard', 'client', 'index.html'), '<!doctype html><title>family portal</title>')
writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`)
writeFileSync(join(tmpdir(), 'afh-secret.txt'), 'secret')
// The build's list of its inline scripts (build/prerender-pages.ts): only well-formed hashes count.
writeFileSync(join(dist, 'inline-scripts.json'), JSON.stringify({ scriptHashes: ["'sha256-vLR4qRj4Hnaa6DS+/lT+TCEnuKMYgW/xdkf45KNv26M='", "'unsafe-inline'", "https://elsewhere.example"] }))
afterAll(() => {
  rmSync(dist, { recursive: true, force: true })
  rmSync(join(tmpdir(), 'afh-secret.txt'), { force: true })
})

// Static files need no database: a stand-in that fails loudly if touched.
const app = createApp({ db: null as unknown as Db, secret: new Uint8Array(32), log: pino({ level: 'silent' }), dev: false, trustProxy: 0 }, { staticDir: dist })
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

describe('serving dist/', () => {
  it('a page with its own HTML gets it; any other page the shell; the home page its own', async () => {
    expect(await (await get('/login')).text()).toContain('<title>login</title>')
    expect(await (await get('/dashboard/admin/users')).text()).toContain('<title>shell</title>')
    expect(await (await get('/')).text()).toContain('<title>home</title>')
    // Every page of the family's portal shares its shell (the portal's code and first data beside the entry).
    for (const path of ['/dashboard/client', '/dashboard/client/bookings/7', '/dashboard/client/payments']) expect(await (await get(path)).text()).toContain('<title>family portal</title>')
    expect(await (await get('/dashboard/clients')).text()).toContain('<title>shell</title>')
  })

  it("every relative's link shares the contribution page's shell; nothing deeper does", async () => {
    expect(await (await get('/contribute/9Qm_x-Token')).text()).toContain('<title>contribute</title>')
    expect(await (await get('/contribute/9Qm_x-Token/more')).text()).toContain('<title>shell</title>')
  })

  it("a relative's link names its page's data in a Link header (preload), and only a well-formed token's", async () => {
    const token = 'Ab3_-'.repeat(8) + 'xyz'
    expect((await get(`/contribute/${token}`)).headers.get('link')).toBe(`</api/contributions/${token}>; rel=preload; as=fetch; crossorigin=anonymous`)
    expect((await get(`/contribute/${token}/`)).headers.get('link')).toBe(`</api/contributions/${token}>; rel=preload; as=fetch; crossorigin=anonymous`)
    for (const path of ['/contribute/short', `/contribute/${token}%3E%3Bx`, '/login', '/', '/dashboard/client']) expect((await get(path)).headers.get('link')).toBeNull()
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

  it("lets the build's own inline scripts run, by their hashes, and no other inline script", async () => {
    const scriptSrc = (res: Response) => /(?:^|; )script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    expect(scriptSrc(await get('/dashboard/client'))).toBe("'self' 'sha256-vLR4qRj4Hnaa6DS+/lT+TCEnuKMYgW/xdkf45KNv26M='")
    // A server without the list (an older build, or no pages at all): its scripts' own files only.
    const without = createApp({ db: null as unknown as Db, secret: new Uint8Array(32), log: pino({ level: 'silent' }), dev: false, trustProxy: 0 })
    expect(scriptSrc(await without.request('/api/health/live'))).toBe("'self'")
  })

  it("pages carry an ETag and a browser's current copy gets 304 with no body, whatever the encoding", async () => {
    const first = await get('/login', { 'Accept-Encoding': 'br' })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect((await get('/login', { 'Accept-Encoding': 'gzip' })).headers.get('etag')).toBe(etag)
    const again = await get('/login', { 'If-None-Match': etag, 'Accept-Encoding': 'gzip, br' })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('no-cache')
    expect((await get('/login', { 'If-None-Match': `"other", ${etag.slice(2)}` })).status).toBe(304)
    expect((await get('/', { 'If-None-Match': etag })).status).toBe(200)
    expect((await get('/login', { 'If-None-Match': '"other"' })).status).toBe(200)
  })

  it("sends the build's .br and .gz copies as they are, unless they are older than the file", async () => {
    writeFileSync(join(dist, 'assets', 'pre-1.js'), 'console.log("plain")')
    writeFileSync(join(dist, 'assets', 'pre-1.js.br'), brotliCompressSync('console.log("from the build")'))
    writeFileSync(join(dist, 'assets', 'pre-1.js.gz'), gzipSync('console.log("from the build, gzip")'))
    const br = await get('/assets/pre-1.js', { 'Accept-Encoding': 'br' })
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log("from the build")')
    const gz = await get('/assets/pre-1.js', { 'Accept-Encoding': 'gzip' })
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log("from the build, gzip")')
    writeFileSync(join(dist, 'assets', 'pre-2.js'), 'console.log("newer")')
    writeFileSync(join(dist, 'assets', 'pre-2.js.br'), brotliCompressSync('stale'))
    writeFileSync(join(dist, 'assets', 'pre-2.js.gz'), gzipSync('stale'))
    utimesSync(join(dist, 'assets', 'pre-2.js.br'), new Date(2000, 0, 1), new Date(2000, 0, 1))
    const fresh = await get('/assets/pre-2.js', { 'Accept-Encoding': 'br' })
    expect(brotliDecompressSync(Buffer.from(await fresh.arrayBuffer())).toString()).toBe('console.log("newer")')
  })

  it('compressing a large file the build did not compress holds up no other request', async () => {
    // About 180 KB of varied script-like text: brotli 11 on it takes hundreds of milliseconds.
    let seed = 1
    const word = () => ((seed = (seed * 48271) % 2147483647), `v${seed.toString(36)}`)
    const lines = Array.from({ length: 6_000 }, () => `const ${word()} = ${word()}(${word()});`)
    writeFileSync(join(dist, 'assets', 'large-abc.js'), lines.join('\n'))
    const site = new Hono().get('/api/services', (c) => c.json([])).use('*', serveDist(dist))
    const order: string[] = []
    // How busy the event loop was while the file was compressed (a share of the time, not a
    // duration: a loaded machine stretches the work and the wait alike). Compressing on the event
    // loop keeps it busy nearly all along; in the thread pool it mostly waits.
    const before = performance.eventLoopUtilization()
    const large = Promise.resolve(site.request('/assets/large-abc.js', { headers: { 'Accept-Encoding': 'br' } })).then((r) => (order.push('large'), r))
    // The next request arrives once the event loop turns: it must not find it busy compressing.
    await new Promise((resolve) => setImmediate(resolve))
    const api = await Promise.resolve(site.request('/api/services')).then((r) => (order.push('api'), r))
    expect(api.status).toBe(200)
    const body = await (await large).arrayBuffer()
    const busy = performance.eventLoopUtilization(before).utilization
    expect(order).toEqual(['api', 'large'])
    expect(busy).toBeLessThan(0.5)
    expect(brotliDecompressSync(Buffer.from(body)).toString()).toBe(lines.join('\n'))
  })

  it('a missing asset is a 404, not the shell; nothing outside dist is served', async () => {
    expect((await get('/assets/old-chunk.js')).status).toBe(404)
    expect((await get('/../afh-secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/afh-secret.txt')).status).toBe(404)
    expect((await get('/api/nothing')).status).toBe(404)
    expect(await (await get('/api/nothing')).json()).toEqual({ message: 'Not found' })
  })
})

describe('what the server knows, in every page it sends', () => {
  const home = mkdtempSync(join(tmpdir(), 'afh-dist-contact-'))
  writeFileSync(
    join(home, 'index.html'),
    '<!doctype html><head><title>home</title></head><body><a href="tel:+254700000000">+254 700 000 000</a> <a href="mailto:support@amanifuneral.example">support@amanifuneral.example</a> <p>Nairobi, Kenya</p>' +
      '<p class="price" data-prices="basicFuneral premiumFuneral">from KSH 5,000</p><p data-prices="burial">from KSH 4,000</p><p>KSH 5,000 elsewhere</p></body>',
  )
  afterAll(() => rmSync(home, { recursive: true, force: true }))
  let contact = { phone: '+254 711 222 333', email: 'care@amani.co.ke', address: 'Kisumu <Oginga Odinga St>' }
  let failing = false
  const prices = { basicFuneral: 12500, premiumFuneral: 9000, cremation: 3000 }
  const site = new Hono().use('*', serveDist(home, async () => {
    if (failing) throw new Error('database away')
    return { contact, prices }
  }))
  const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="afh-page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown

  it("replaces the placeholders and the built prices with the home's own, and gives the app the same in a script", async () => {
    const html = await (await site.request('/')).text()
    expect(html).toContain('<a href="tel:+254711222333">+254 711 222 333</a>')
    expect(html).toContain('mailto:care@amani.co.ke')
    expect(html).toContain('<p>Kisumu &#60;Oginga Odinga St&#62;</p>')
    expect(html).not.toContain('700 000 000')
    // The lowest of the offer's lines; a line the catalogue lacks keeps the built price; other text is left.
    expect(html).toContain('data-prices="basicFuneral premiumFuneral">from KSH 9,000</p><p data-prices="burial">from KSH 4,000</p><p>KSH 5,000 elsewhere</p>')
    expect(dataOf(html)).toEqual({ contact, prices, lang: 'en' })
    expect(html).not.toContain('Kisumu <Oginga')
    const sw = await (await site.request('/', { headers: { Cookie: 'afh-lang=sw' } })).text()
    expect(dataOf(sw)).toMatchObject({ lang: 'sw' })
  })

  it('follows a change; with the database away the page goes as built, for the app to ask', async () => {
    const before = (await site.request('/')).headers.get('etag') ?? ''
    contact = { phone: '+254 722 000 111', email: 'care@amani.co.ke', address: 'Kisumu' }
    // A copy with the old details is not current any more.
    const changed = await site.request('/', { headers: { 'If-None-Match': before } })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain('+254 722 000 111')
    contact = { phone: '+254 700 000 000', email: 'support@amanifuneral.example', address: 'Nairobi, Kenya' }
    expect(await (await site.request('/')).text()).toContain('tel:+254700000000')
    failing = true
    const built = await (await site.request('/')).text()
    expect(built).toContain('from KSH 5,000')
    expect(built).not.toContain('afh-page-data')
  })
})
