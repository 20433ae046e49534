/**
 * The built app, served as a real host would: a page's own pre-rendered HTML (`login/index.html`)
 * where the build wrote one, else the SPA shell `spa.html`; brotli or gzip for text; a year's
 * immutable cache for hashed assets, revalidation for the rest. Each file is read and compressed
 * once (dist is a few hundred KB; a copy per instance is a cache, not shared state).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, resolve, sep } from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { pageFileFor, pageLanguage, shellDirFor } from '../shared/page-language'
import { DEFAULT_CONTACT, telHref } from '../shared/contact-details'

/** The funeral home's contact details as Settings → General holds them now. */
export interface PageContact {
  phone: string
  email: string
  address: string
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * A page with the funeral home's own details in place of the build's placeholders, and those
 * details in a meta tag that src/lib/contact-details.ts reads, so the app (hydrating the same
 * text) and the HTML agree.
 */
export function withContact(html: string, contact: PageContact): string {
  const same = contact.phone === DEFAULT_CONTACT.phoneDisplay && contact.email === DEFAULT_CONTACT.email && contact.address === DEFAULT_CONTACT.address
  if (same) return html
  const meta = `<meta name="afh-contact" content="${escapeHtml(JSON.stringify(contact))}">`
  return html
    .replaceAll(telHref(DEFAULT_CONTACT.phoneDisplay), escapeHtml(telHref(contact.phone)))
    .replaceAll(DEFAULT_CONTACT.phoneDisplay, escapeHtml(contact.phone))
    .replaceAll(DEFAULT_CONTACT.email, escapeHtml(contact.email))
    .replaceAll(DEFAULT_CONTACT.address, escapeHtml(contact.address))
    .replace('</head>', `${meta}\n  </head>`)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const TEXT = /\.(html|js|css|svg|json|webmanifest|txt)$/

interface Entry {
  body: Uint8Array<ArrayBuffer>
  br: Uint8Array<ArrayBuffer> | null
  gzip: Uint8Array<ArrayBuffer> | null
  type: string
  cache: string
}

/**
 * The API answer a page will ask for first, when the path alone names it: a contribution link's
 * page (`/contribute/{token}`) reads `/api/contributions/{token}`. Named in a `Link: rel=preload`
 * header, the browser fetches it beside the page's scripts instead of after them, one round trip
 * sooner on a relative's slow network; the page's own `fetch` then takes that answer. Tokens are
 * base64url (server/routes/contributions.ts); anything else is left to the page.
 */
export function pageDataFor(pathname: string): string | null {
  const token = /^\/contribute\/([A-Za-z0-9_-]{16,128})\/?$/.exec(pathname)?.[1]
  return token ? `/api/contributions/${token}` : null
}

/** `contact`: the stored details (each instance asks at most every few seconds; see app.ts). */
export function serveDist(dir: string, contact?: () => Promise<PageContact>): MiddlewareHandler {
  const root = resolve(dir)
  const cache = new Map<string, Entry>()
  const copy = (b: Buffer) => new Uint8Array(b) as Uint8Array<ArrayBuffer>
  function resolveFile(pathname: string): string | null {
    const wanted = resolve(root, '.' + decodeURIComponent(pathname))
    if (wanted !== root && !wanted.startsWith(root + sep)) return null
    if (existsSync(wanted) && statSync(wanted).isFile()) return wanted
    // An asset that does not exist is a 404, not the shell (a stale tab asking for an old chunk must fail loudly).
    if (/\.[a-z0-9]+$/i.test(pathname)) return null
    const own = join(wanted, 'index.html')
    if (existsSync(own)) return own
    const shell = shellDirFor(pathname)
    if (shell && existsSync(join(root, shell, 'index.html'))) return join(root, shell, 'index.html')
    const spa = join(root, 'spa.html')
    return existsSync(spa) ? spa : join(root, 'index.html')
  }
  function load(file: string, details?: PageContact): Entry {
    const key = details ? `${file}\n${JSON.stringify(details)}` : file
    let entry = cache.get(key)
    if (entry) return entry
    // One variant per page and set of details: a change in Settings replaces what was cached.
    if (details) for (const k of cache.keys()) if (k.startsWith(`${file}\n`)) cache.delete(k)
    const raw = details ? Buffer.from(withContact(readFileSync(file, 'utf8'), details)) : readFileSync(file)
    const text = TEXT.test(file)
    entry = {
      body: copy(raw),
      br: text ? copy(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })) : null,
      gzip: text ? copy(gzipSync(raw, { level: 9 })) : null,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cache: file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    cache.set(key, entry)
    return entry
  }
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next()
    let file: string | null
    try {
      file = resolveFile(c.req.path)
    } catch {
      file = null
    }
    if (!file) return c.text('Not found', 404)
    const page = file.endsWith('.html')
    if (page) file = pageFileFor(file, pageLanguage(c.req.header('cookie'), c.req.header('accept-language')), existsSync)
    let details: PageContact | undefined
    if (page && contact) {
      try {
        details = await contact()
      } catch {
        // The database being away must not take the pages down: they keep the build's details.
      }
    }
    const entry = load(file, details)
    const accept = c.req.header('accept-encoding') ?? ''
    const headers: Record<string, string> = { 'Content-Type': entry.type, 'Cache-Control': entry.cache, Vary: page ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding' }
    const data = page ? pageDataFor(c.req.path) : null
    if (data) headers.Link = `<${data}>; rel=preload; as=fetch; crossorigin=anonymous`
    if (entry.br && /\bbr\b/.test(accept)) return c.body(entry.br, 200, { ...headers, 'Content-Encoding': 'br' })
    if (entry.gzip && /\bgzip\b/.test(accept)) return c.body(entry.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' })
    return c.body(entry.body, 200, headers)
  }
}
