#!/usr/bin/env node
/**
 * `npm run size`: build for a real API (`vite build`, no mock) and print the gzip size of the entry
 * chunk and of each portal chunk; fail if any msw / @msw/data / seed code is in the output.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const out = 'dist'
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const build = spawnSync(npx, ['vite', 'build', '--outDir', out, '--logLevel', 'warn'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const assets = join(out, 'assets')
const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'))
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const html = readFileSync(join(out, 'index.html'), 'utf8')
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1]
// What a first visit to / downloads before anything else: the entry, its preloads and the CSS.
const firstLoad = files.filter((f) => html.includes(`/assets/${f}`))

const rows = files
  .map((f) => {
    const buf = readFileSync(join(assets, f))
    return { file: f, raw: statSync(join(assets, f)).size, gzip: gzipSync(buf, { level: 9 }).length }
  })
  .sort((a, b) => b.gzip - a.gzip)

const label = (f) =>
  f === entry ? 'ENTRY' : /client-portal/.test(f) ? 'client portal' : /morgue-portal/.test(f) ? 'morgue portal' : /admin-portal/.test(f) ? 'admin portal' : ''
console.log('\nProduction bundle (gzip):')
for (const r of rows) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}${label(r.file) ? `   <- ${label(r.file)}` : ''}`)
const total = rows.reduce((s, r) => s + r.gzip, 0)
const entryRow = rows.find((r) => r.file === entry)
const first = rows.filter((r) => firstLoad.includes(r.file)).reduce((s, r) => s + r.gzip, 0)
console.log(`  entry chunk: ${entryRow ? kb(entryRow.gzip) : '?'} gzip; first load of / (entry + preloads + css): ${kb(first)} gzip; all chunks: ${kb(total)} gzip`)

// No mock code may ship: look for markers only the mock has.
const forbidden = ['mockServiceWorker', 'msw/browser', 'setupWorker', '@msw/data', 'afh-mock-db', 'funeral.test', 'Family#2026', 'MOCK_JWT_SECRET']
const offenders = []
for (const f of files) {
  const text = readFileSync(join(assets, f), 'utf8')
  for (const marker of forbidden) if (text.includes(marker)) offenders.push(`${f}: ${marker}`)
}
if (offenders.length) {
  console.error('\nMock code found in the production build:\n  ' + offenders.join('\n  '))
  process.exit(1)
}
console.log('  no msw / @msw/data / seed code in the production build: ok')
