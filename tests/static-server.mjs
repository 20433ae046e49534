/**
 * A static host as a real one would be: gzip for text, a long cache for hashed assets, the SPA
 * fallback to index.html. Used by `npm run perf` and `npm run lighthouse`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
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
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([.][.][/\\])+/, '')
    let file = join(dir, path)
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
    const body = readFileSync(file)
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }
    headers['cache-control'] = file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    if (/gzip/.test(req.headers['accept-encoding'] ?? '') && /\.(html|js|css|svg|json|webmanifest|txt)$/.test(file)) {
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' })
      res.end(gzipSync(body))
    } else {
      res.writeHead(200, headers)
      res.end(body)
    }
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}
