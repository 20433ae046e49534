/**
 * The built app, served as a real host would: a page's own pre-rendered HTML (`login/index.html`)
 * where the build wrote one, else the SPA shell `spa.html`; brotli or gzip for text; a year's
 * immutable cache for hashed assets, revalidation (ETag, 304) for the rest.
 *
 * Nothing here compresses on the event loop: the build writes `.br` and `.gz` beside every text
 * file (build/precompress.ts), and those are served as they are. A file without them (a page
 * carrying this home's own details, a build made another way) is compressed once in libuv's
 * thread pool (zlib's async calls) and cached; requests meanwhile, for it or anything else, go on.
 * A copy per instance is a cache, not shared state.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { extname, join, resolve, sep } from 'node:path'
import { brotliCompress, gzip, constants } from 'node:zlib'
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
/** The files worth compressing (build/precompress.ts writes `.br` and `.gz` for the same list). */
const TEXT = /\.(html|js|css|svg|json|webmanifest|txt)$/

type Bytes = Uint8Array<ArrayBuffer>

interface Entry {
  body: Bytes
  br: Bytes | null
  gzip: Bytes | null
  type: string
  cache: string
  /** Weak: the same words whatever the encoding (RFC 9110 8.8.1). */
  etag: string
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const copy = (b: Buffer) => new Uint8Array(b) as Bytes

/**
 * Compressed copies of `raw`, made in the thread pool. A page with this home's details changes only
 * when Settings do, so it gets a quicker brotli than the build's 11 (a few ms for 60 KB, not 100).
 */
async function compressed(raw: Buffer, quality: number): Promise<{ br: Bytes; gzip: Bytes }> {
  const [br, gz] = await Promise.all([brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }), gzipAsync(raw, { level: 9 })])
  return { br: copy(br), gzip: copy(gz) }
}

/** The build's `.br` / `.gz` beside `file`, when both are there and not older than it. */
function precompressed(file: string): { br: Bytes; gzip: Bytes } | null {
  const br = `${file}.br`
  const gz = `${file}.gz`
  if (!existsSync(br) || !existsSync(gz)) return null
  const made = statSync(file).mtimeMs
  if (statSync(br).mtimeMs < made || statSync(gz).mtimeMs < made) return null
  return { br: copy(readFileSync(br)), gzip: copy(readFileSync(gz)) }
}

const etagOf = (raw: Buffer) => `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`

/** `If-None-Match` names this ETag (or `*`): the browser's copy is current (weak comparison). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
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
  // Promises, so that concurrent first requests for a file share one compression.
  const cache = new Map<string, Promise<Entry>>()
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
  async function build(file: string, details?: PageContact): Promise<Entry> {
    const original = readFileSync(file)
    const page = details ? withContact(original.toString('utf8'), details) : null
    const raw = page === null || page === original.toString('utf8') ? original : Buffer.from(page)
    const text = TEXT.test(file)
    const same = raw === original
    const packed = !text ? null : ((same && precompressed(file)) || (await compressed(raw, same ? 11 : 5)))
    return {
      body: copy(raw),
      br: packed?.br ?? null,
      gzip: packed?.gzip ?? null,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cache: file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: etagOf(raw),
    }
  }
  function load(file: string, details?: PageContact): Promise<Entry> {
    const key = details ? `${file}\n${JSON.stringify(details)}` : file
    let entry = cache.get(key)
    if (entry) return entry
    // One variant per page and set of details: a change in Settings replaces what was cached.
    if (details) for (const k of cache.keys()) if (k.startsWith(`${file}\n`)) cache.delete(k)
    entry = build(file, details)
    // A file that could not be read is tried again next time, not remembered as a failure.
    entry.catch(() => cache.delete(key))
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
    const entry = await load(file, details)
    const headers: Record<string, string> = { 'Content-Type': entry.type, 'Cache-Control': entry.cache, ETag: entry.etag, Vary: page ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding' }
    const data = page ? pageDataFor(c.req.path) : null
    if (data) headers.Link = `<${data}>; rel=preload; as=fetch; crossorigin=anonymous`
    if (notModified(c.req.header('if-none-match'), entry.etag)) {
      delete headers['Content-Type']
      return c.body(null, 304, headers)
    }
    const accept = c.req.header('accept-encoding') ?? ''
    if (entry.br && /\bbr\b/.test(accept)) return c.body(entry.br, 200, { ...headers, 'Content-Encoding': 'br' })
    if (entry.gzip && /\bgzip\b/.test(accept)) return c.body(entry.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' })
    return c.body(entry.body, 200, headers)
  }
}
