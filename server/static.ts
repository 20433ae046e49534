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
import type { Context, MiddlewareHandler } from 'hono'
import { pageFileFor, pageLanguage, shellDirFor, type PageLanguage } from '../shared/page-language'
import { withPageData, type PageContact, type PageData } from '../shared/page-data'
import type { AppEnv } from './types'

/** What the server knows for every page (the language is the request's): see shared/page-data.ts. */
export type ServerPageData = Omit<PageData, 'lang'>
export type { PageContact }

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
 * base64url (server/routes/contributions.ts); anything else is left to the page. The real server
 * writes the data into the page itself (an own page, below): this is for the shell sent as built.
 */
export function pageDataFor(pathname: string): string | null {
  const token = /^\/contribute\/([A-Za-z0-9_-]{16,128})\/?$/.exec(pathname)?.[1]
  return token ? `/api/contributions/${token}` : null
}

/**
 * A page the server writes into the shell the build made for its path, for one request (a
 * contribution link's harambee: server/routes/contribute-page.ts): its status, and the shell (as
 * the home's details made it) with the page's own content in.
 */
export interface OwnPage {
  status: 200 | 404
  fill: (shell: string) => string
}
export type OwnPageOf = (c: Context<AppEnv>, lang: PageLanguage) => Promise<OwnPage | null>

/** An own page's bytes, in the encoding the browser takes (in the thread pool: a quick brotli, as for a page with this home's details). */
async function encoded(html: string, accept: string): Promise<{ body: Bytes; encoding?: string }> {
  const raw = Buffer.from(html)
  if (/\bbr\b/.test(accept)) return { body: copy(await brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })), encoding: 'br' }
  if (/\bgzip\b/.test(accept)) return { body: copy(await gzipAsync(raw, { level: 6 })), encoding: 'gzip' }
  return { body: copy(raw) }
}

/**
 * `pageData`: what the pages carry (contact details, prices), asked at most every few seconds per
 * instance (see app.ts); without it (tests, a host of the files alone) the pages go as built.
 */
export function serveDist(dir: string, pageData?: () => Promise<ServerPageData>, ownPage?: OwnPageOf): MiddlewareHandler {
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
  async function build(file: string, data?: PageData): Promise<Entry> {
    const original = readFileSync(file)
    const raw = data ? Buffer.from(withPageData(original.toString('utf8'), data)) : original
    const text = TEXT.test(file)
        const packed = !text ? null : ((!data && precompressed(file)) || (await compressed(raw, data ? 5 : 11)))
    return {
      body: copy(raw),
      br: packed?.br ?? null,
      gzip: packed?.gzip ?? null,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cache: file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: etagOf(raw),
    }
  }
  function load(file: string, data?: PageData): Promise<Entry> {
    const variant = data ? `${file}\n${data.lang ?? ''}\n` : file
    const key = data ? `${variant}${JSON.stringify(data)}` : file
    let entry = cache.get(key)
    if (entry) return entry
    // One copy per page and language: new details or prices replace what was cached.
    if (data) for (const k of cache.keys()) if (k.startsWith(variant)) cache.delete(k)
    entry = build(file, data)
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
    const lang = pageLanguage(c.req.header('cookie'), c.req.header('accept-language'))
    if (page) file = pageFileFor(file, lang, existsSync)
    let data: PageData | undefined
    if (page && pageData) {
      try {
        data = { ...(await pageData()), lang }
      } catch {
        // The database being away must not take the pages down: they go as built, and the app asks.
      }
    }
    const entry = await load(file, data)
    const own = page && ownPage ? await ownPage(c, lang) : null
    if (own) {
      // Written for this request from live data: revalidated on every visit (a payment shows on the next load), never preloading what it already carries.
      const html = own.fill(Buffer.from(entry.body).toString('utf8'))
      const etag = etagOf(Buffer.from(html))
      const headers: Record<string, string> = { 'Content-Type': entry.type, 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding, Cookie, Accept-Language' }
      if (own.status === 200 && notModified(c.req.header('if-none-match'), etag)) {
        delete headers['Content-Type']
        return c.body(null, 304, headers)
      }
      const { body, encoding } = await encoded(html, c.req.header('accept-encoding') ?? '')
      return c.body(body, own.status, encoding ? { ...headers, 'Content-Encoding': encoding } : headers)
    }
    const headers: Record<string, string> = { 'Content-Type': entry.type, 'Cache-Control': entry.cache, ETag: entry.etag, Vary: page ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding' }
    const preload = page ? pageDataFor(c.req.path) : null
    if (preload) headers.Link = `<${preload}>; rel=preload; as=fetch; crossorigin=anonymous`
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
