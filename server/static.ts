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

export function serveDist(dir: string): MiddlewareHandler {
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
  function load(file: string): Entry {
    let entry = cache.get(file)
    if (entry) return entry
    const raw = readFileSync(file)
    const text = TEXT.test(file)
    entry = {
      body: copy(raw),
      br: text ? copy(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })) : null,
      gzip: text ? copy(gzipSync(raw, { level: 9 })) : null,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cache: file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    cache.set(file, entry)
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
    const entry = load(file)
    const accept = c.req.header('accept-encoding') ?? ''
    const headers: Record<string, string> = { 'Content-Type': entry.type, 'Cache-Control': entry.cache, Vary: page ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding' }
    if (entry.br && /\bbr\b/.test(accept)) return c.body(entry.br, 200, { ...headers, 'Content-Encoding': 'br' })
    if (entry.gzip && /\bgzip\b/.test(accept)) return c.body(entry.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' })
    return c.body(entry.body, 200, headers)
  }
}
