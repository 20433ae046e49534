#!/usr/bin/env node
/**
 * `npm run size`: build for a real API (`vite build`, no mock), then weigh what each kind of visit
 * downloads, in gzip bytes, against the team's budgets (the quality guide, QUALITY.md, kept beside the repository):
 *   - the first load of `/`: the entry, its modulepreloads and CSS (what index.html fetches)   <= 130 KB
 *   - opening /login or /register straight away: what their own HTML asks for (the entry and that   <= 160 KB
 *     screen's chunks; the session, needed only to send the form, loads alongside as it does on /)
 *   - the session + guards (auth actor, API client, zod), loaded when a screen needs them     <= 60 KB
 *   - the portal shell every portal shares (top bar, side menu, drawer)                          <= 60 KB
 *   - each portal: what opening it adds beyond the first load, the session and the shell         <= 60 KB
 *   - every single chunk loaded after the first load (screens, dialogs, charts)                  <= 60 KB
 *   - reported, not enforced: each lazy screen's visit cost (the screen plus the shared pieces it
 *     needs beyond the portal, e.g. Fluent's Card and Field the first time a form screen opens)
 * It fails when `/`, `/login`, `/register` or a portal is over budget, or when mock code (msw, @msw/data, seed) is in
 * the output. Bytes are deterministic, so this is a check, not a benchmark.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const out = 'dist'
const KB = 1024
const BUDGET = { first: 130 * KB, signIn: 160 * KB, portal: 60 * KB, screen: 60 * KB }

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const build = spawnSync(npx, ['vite', 'build', '--outDir', out, '--logLevel', 'warn', '--manifest'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8'))
// The chunks whose files the build keeps: an entry it put inline in its page (src/early-data.ts,
// in the family's shell) is weighed with that page's HTML, its file removed.
const builtChunks = Object.values(manifest).filter((c) => existsSync(join(out, c.file)))
const gz = new Map()
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(out, file)), { level: 9 }).length)
  return gz.get(file)
}
const kb = (n) => `${(n / KB).toFixed(1)} KB`

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const css of chunk.css ?? []) seen.add(css)
  for (const dep of chunk.imports ?? []) closure(dep, seen)
  return seen
}
const sum = (files) => [...files].reduce((s, f) => s + size(f), 0)
// The first-load budgets are of gzip JS (the quality guide: "entry + modulepreloads"); the
// stylesheets a page asks for are weighed on a row of their own, reported.
const js = (files) => new Set([...files].filter((f) => f.endsWith('.js')))
const css = (files) => new Set([...files].filter((f) => f.endsWith('.css')))
const minus = (a, ...bs) => new Set([...a].filter((f) => !bs.some((b) => b.has(f))))
const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix))
  if (!key) throw new Error(`No chunk for ${suffix} in the build manifest`)
  return key
}

// A page's first load: exactly what its HTML asks for (entry script, modulepreloads, stylesheets).
// index.html is the pre-rendered home page; /login and /register have HTML of their own
// (build/prerender-pages.ts) that preloads their screen instead of the home page's.
const htmlOf = (page) => readFileSync(join(out, page), 'utf8')
const filesOf = (page) => new Set([...htmlOf(page).matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))
const first = filesOf('index.html')
// The session (auth actor, API client; the toasts follow in a chunk of their own) comes with the guards every portal goes through.
const session = minus(closure(keyOf('src/app/guards.tsx')), first)

const rows = []
let failed = false
function row(what, bytes, budget, enforced, note = '') {
  const over = bytes > budget
  if (over && enforced) failed = true
  rows.push({ what, bytes, budget, status: over ? (enforced ? 'OVER' : 'over (reported)') : 'ok', note })
}

// Each pre-rendered page exists in English and Kiswahili (index.html, index.sw.html), each asking for
// its own words only: both are weighed.
row('first load of /', sum(js(first)), BUDGET.first, true, `${js(first).size} JS files`)
row('first load of / in Kiswahili', sum(js(filesOf('index.sw.html'))), BUDGET.first, true, `${js(filesOf('index.sw.html')).size} JS files`)
row('  its stylesheet (beside the JS)', sum(css(first)), 20 * KB, false, `JS + CSS: ${kb(sum(first))}`)
for (const [path, page] of [['/login', 'login/index'], ['/register', 'register/index']]) {
  for (const [language, suffix] of [['', '.html'], [' in Kiswahili', '.sw.html']]) {
    const files = js(filesOf(page + suffix))
    row(`first load of ${path}${language}`, sum(files), BUDGET.signIn, true, `${files.size} JS files its HTML asks for; the session follows, as on /`)
  }
}
// The language not in use is never downloaded: an English page asks for no Kiswahili words, and the
// other way round.
for (const [page, other] of [['index.html', 'sw'], ['index.sw.html', 'en'], ['login/index.html', 'sw'], ['login/index.sw.html', 'en'], ['contribute/index.html', 'sw'], ['contribute/index.sw.html', 'en']]) {
  const foreign = Object.keys(manifest).filter((k) => k.startsWith(`src/locales/${other}/`) && filesOf(page).has(manifest[k].file))
  if (foreign.length) {
    console.error(`${page} downloads words of the other language: ${foreign.join(', ')}`)
    failed = true
  }
}
// A relative opening a family's contribution link: its pre-rendered shell (contribute/index.html),
// which asks for that one screen and its words, and what the screen then loads. No portal code.
{
  const shellFiles = filesOf('contribute/index.html')
  const page = new Set([
    ...shellFiles,
    ...closure(keyOf('src/features/public/contribute/contribute-route.tsx')),
    ...closure(keyOf('src/features/public/contribute/contribute-page.tsx')),
    // Its words, in English (Kiswahili's weigh about the same).
    ...closure(keyOf('src/locales/en/site.po')),
    ...closure(keyOf('src/locales/en/contribute.po')),
  ])
  const portalCode = [...page].filter((f) => /portal|guards/.test(f))
  row('first load of /contribute/{token}', sum(js(page)), BUDGET.first, true, `${js(page).size} JS files (JS + CSS: ${kb(sum(page))})${portalCode.length ? `; PORTAL CODE: ${portalCode.join(', ')}` : ', no portal code'}`)
  if (portalCode.length) failed = true
}
row('the HTML of / (pre-rendered page and its styles)', gzipSync(htmlOf('index.html'), { level: 9 }).length, 20 * KB, false, 'paints before any script')
row('session + guards (auth actor, API client)', sum(session), BUDGET.portal, true, 'loaded when a screen needs them')

// The portal shell (top bar, side menu, drawer) and what every portal shares: counted once.
const PORTALS = ['client', 'morgue', 'admin']
const portalKeys = Object.fromEntries(PORTALS.map((p) => [p, keyOf(`src/app/portals/${p}-portal.tsx`)]))
const closures = PORTALS.map((p) => minus(closure(portalKeys[p]), first, session))
const shell = new Set([...closures[0]].filter((f) => closures.every((c) => c.has(f))))
row('portal shell (shared by the three portals)', sum(shell), BUDGET.portal, true, `${shell.size} files`)

for (const portal of PORTALS) {
  const key = portalKeys[portal]
  const portalFiles = minus(closure(key), first, session, shell)
  row(`${portal} portal`, sum(portalFiles), BUDGET.portal, true, `${portalFiles.size} files beyond /, session and shell`)
  for (const dyn of manifest[key].dynamicImports ?? []) {
    const screen = minus(closure(dyn), first, session, shell, closure(key))
    const name = dyn.replace(/^.*\//, '').replace(/\.tsx?$/, '')
    row(`  ${portal}: ${name}`, sum(screen), BUDGET.screen, false, 'visit cost: screen + what it needs beyond the portal')
    // What a screen loads later on its own (a dialog, a chart): each its own row, beyond the screen.
    for (const inner of manifest[dyn].dynamicImports ?? []) {
      const extra = minus(closure(inner), first, session, shell, closure(key), closure(dyn))
      if (extra.size === 0) continue
      const innerName = inner.replace(/^.*\//, '').replace(/\.tsx?$/, '')
      row(`    ${name} → ${innerName}`, sum(extra), BUDGET.screen, false, 'visit cost, loaded by the screen when needed')
    }
  }
}

// Every single chunk a portal may load (all but the first load's files): at most 60 KB each.
let biggest = { file: '', bytes: 0 }
for (const c of builtChunks) {
  if (!c.file.endsWith('.js') || first.has(c.file)) continue
  const bytes = size(c.file)
  if (bytes > biggest.bytes) biggest = { file: c.file, bytes }
  if (bytes > BUDGET.portal) row(`chunk ${c.file}`, bytes, BUDGET.portal, true, 'a single chunk')
}
row(`largest single chunk after the first load`, biggest.bytes, BUDGET.portal, true, biggest.file)

console.log('\nProduction bundle, gzip bytes per visit:')
console.log(`  ${'what'.padEnd(46)} ${'gzip'.padStart(9)} ${'budget'.padStart(9)}  status`)
for (const r of rows) console.log(`  ${r.what.padEnd(46)} ${kb(r.bytes).padStart(9)} ${kb(r.budget).padStart(9)}  ${r.status}${r.note ? `  (${r.note})` : ''}`)
const all = builtChunks.reduce((s, c) => s + size(c.file), 0)
console.log(`  all JS chunks together: ${kb(all)} gzip`)

// No mock code may ship: look for markers only the mock has.
const forbidden = ['mockServiceWorker', 'mock-sw.js', 'msw/browser', 'setupWorker', '@msw/data', 'afh-mock-db', 'funeral.test', 'Family#2026', 'MOCK_JWT_SECRET']
const offenders = []
// Every chunk, and every page (the family's shell carries a script inline).
const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))
for (const file of [...builtChunks.map((c) => c.file), ...pages]) {
  const text = readFileSync(join(out, file), 'utf8')
  for (const marker of forbidden) if (text.includes(marker)) offenders.push(`${file}: ${marker}`)
}
if (offenders.length) {
  console.error('\nMock code found in the production build:\n  ' + offenders.join('\n  '))
  process.exit(1)
}
console.log('  no msw / @msw/data / seed code in the production build: ok')

// V8's compile hint (build/compile-hints.ts) on every script a first screen runs (the home page's
// first load, the family's session, portal and dashboard), and not on a screen loaded later (the
// admin's dashboard): compiled as they stream in, on a background thread. The words (src/locales/)
// are data, with nothing to compile.
{
  // COMPILE_HINT of build/compile-hints.ts, spelled again: this script runs on plain Node, which reads no TypeScript.
  const HINT = '//# allFunctionsCalledOnLoad'
  const hinted = (file) => readFileSync(join(out, file), 'utf8').startsWith(HINT)
  const firstScreen = js(new Set([...first, ...session, ...closure(portalKeys.client), ...closure(keyOf('src/features/client/dashboard/client-dashboard-page.tsx'))]))
  const words = new Set(Object.keys(manifest).filter((k) => k.startsWith('src/locales/')).map((k) => manifest[k].file))
  const missing = [...firstScreen].filter((f) => !words.has(f) && !hinted(f))
  const later = manifest[keyOf('src/features/admin/dashboard/admin-dashboard-page.tsx')].file
  if (missing.length || hinted(later)) {
    console.error(`\nCompile hints: ${missing.length ? `missing on ${missing.join(', ')}` : ''}${hinted(later) ? ` and on ${later}, which no first screen runs` : ''}`)
    process.exit(1)
  }
  console.log(`  compile hint on the ${[...firstScreen].filter((f) => !words.has(f)).length} scripts of the first screens (/ and the family's dashboard), not on later screens: ok`)
}
if (failed) {
  console.error('\nA budget is broken (see OVER above).')
  process.exit(1)
}
