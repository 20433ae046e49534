/**
 * A static host as a real one would be: gzip for text, a long cache for hashed assets, a page's
 * own HTML (`login/index.html`) where the build wrote one, else the SPA shell `spa.html`. Used by
 * `npm run perf`, `npm run lighthouse` and the browser journeys (`node scripts/static-server.mjs
 * <dir> <port>`). Each file is read and compressed once.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
}

export function serveStatic(dir, port) {
  /** file → { body, gzipped, headers } */
  const files = new Map()
  function load(path, language) {
    let file = join(dir, path)
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // A page with HTML of its own (index.html is the pre-rendered home page, login/index.html
      // preloads the sign-in screen); any other page gets the plain shell, spa.html.
      const own = join(dir, path, 'index.html')
      // A relative's link, and every page of the family's portal, share one shell each (as
      // shellDirFor in shared/page-language.ts says).
      const shell = /^\/contribute\/[^/]+\/?$/.test(path) ? join(dir, 'contribute', 'index.html') : /^\/dashboard\/client(\/|$)/.test(path) ? join(dir, 'dashboard', 'client', 'index.html') : null
      file = existsSync(own) ? own : shell && existsSync(shell) ? shell : existsSync(join(dir, 'spa.html')) ? join(dir, 'spa.html') : join(dir, 'index.html')
    }
    // The page in the language chosen on the device (the `afh-lang` cookie; see
    // shared/page-language.ts, which the real server uses, for the first visit's rule too).
    if (language === 'sw' && file.endsWith('index.html') && existsSync(file.replace(/index\.html$/, 'index.sw.html'))) file = file.replace(/index\.html$/, 'index.sw.html')
    let entry = files.get(file)
    if (entry) return entry
    const body = readFileSync(file)
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }
    headers['cache-control'] = file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    const gzipped = /\.(html|js|css|svg|json|webmanifest|txt)$/.test(file) ? gzipSync(body) : null
    entry = { body, gzipped, headers }
    files.set(file, entry)
    return entry
  }
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([.][.][/\\])+/, '')
    const language = /(?:^|;\s*)afh-lang=sw(?:;|$)/.test(req.headers.cookie ?? '') ? 'sw' : 'en'
    const { body, gzipped, headers } = load(path, language)
    if (gzipped && /gzip/.test(req.headers['accept-encoding'] ?? '')) {
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' })
      res.end(gzipped)
    } else {
      res.writeHead(200, headers)
      res.end(body)
    }
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

// `node scripts/static-server.mjs dist-mock 4179`: serve a build until stopped.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir = 'dist', port = '4173'] = process.argv.slice(2)
  await serveStatic(resolve(dir), Number(port))
  console.log(`Serving ${dir} on http://127.0.0.1:${port}/`)
}
