#!/usr/bin/env node
/**
 * The manual cites only files the repository holds. For every README.md (the root's and the
 * folders') and every docs/**.md:
 *   - a backticked span that reads as a repository path (its first folder is one of the
 *     repository's own top-level folders or files, e.g. `server/config.ts`, `tests/e2e/run.mjs`)
 *     must exist (from the root, or from the document's own folder); with a wildcard or placeholder (`src/locales/{en,sw}/*.po`, `server/routes/<area>.ts`)
 *     the part before it must;
 *   - a backticked file name alone (`live-machines.ts`) must be the name of some file in the repository;
 *   - a relative Markdown link (`[x](docs/server.md#limits)`) must point at a file that exists.
 * And the README names every variable `server/config.ts` reads and every script of package.json.
 * Paths the app or the server make at run time (`data/…`, `dist/`, `/api/…`) are not repository paths
 * and are not checked. Exits 1 listing each stale citation as file:line.
 *
 * Usage: node scripts/check-docs.mjs [more.md …]    (README.md, docs/ and those)
 *        node scripts/check-docs.mjs --only a.md …  (those alone)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
/** Made by builds, installs and runs: never cited as the repository's own. */
const generated = new Set(['node_modules', '.git', 'dist', 'dist-mock', 'dist-server', 'data', 'coverage', 'test-results'])

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (generated.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else out.push(path)
  }
  return out
}

const files = walk(root)
const basenames = new Set(files.map((f) => f.slice(f.lastIndexOf('/') + 1)))
const topLevel = new Set(readdirSync(root).filter((name) => !generated.has(name)))
const args = process.argv.slice(2)
const only = args.includes('--only')
const named = args.filter((a) => a !== '--only').map((f) => resolve(f))
const docs = only
  ? named
  : [...files.filter((f) => f.endsWith('/README.md')), ...files.filter((f) => f.startsWith(join(root, 'docs') + '/') && f.endsWith('.md')), ...named]

/** Source-like file names worth looking up alone; `.js`/`.html` names are mostly other packages' or built files. */
const SOURCE_FILE = /^[\w.-]+\.(ts|tsx|mts|mjs|cjs|md|json|css|po|sql|yml|yaml)$/
const WILDCARD = /[*{<…[]/

/** The problem with one backticked span, or null when it is not a path or the path exists. */
function checkSpan(doc, span) {
  let text = span.trim().replace(/^\.\//, '')
  if (!text || /\s/.test(text) || text.includes('://') || text.startsWith('/') || text.startsWith('-')) return null
  text = text.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '')
  if (!text.includes('/')) {
    if (WILDCARD.test(text) || !SOURCE_FILE.test(text)) return null
    if (topLevel.has(text) || basenames.has(text)) return null
    return `no file named ${text} in the repository`
  }
  const first = text.split('/')[0]
  if (!topLevel.has(first)) return null
  const cut = text.search(WILDCARD)
  const path = cut === -1 ? text : text.slice(0, text.lastIndexOf('/', cut) + 1)
  // From the repository's root, or from the document's own folder (machines/README.md names `shared/failure.ts`).
  if (path && !existsSync(join(root, path)) && !existsSync(join(dirname(doc), path))) return `${text} does not exist`
  return null
}

/** The problem with one Markdown link target, relative to the document that holds it. */
function checkLink(doc, target) {
  if (/^[a-z]+:/i.test(target) || target.startsWith('#') || target.startsWith('/')) return null
  const path = decodeURIComponent(target.replace(/#.*$/, '').replace(/\s+".*"$/, ''))
  if (!path) return null
  const full = resolve(dirname(doc), path)
  if (!existsSync(full)) return `link to ${target}: ${relative(root, full)} does not exist`
  if (target.includes('#') && statSync(full).isFile() && full.endsWith('.md')) {
    const anchor = target.slice(target.indexOf('#') + 1)
    if (!anchorsOf(full).has(anchor)) return `link to ${target}: no heading #${anchor} in ${relative(root, full)}`
  }
  return null
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
function anchorsOf(file) {
  const anchors = new Set()
  let fenced = false
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (!heading) continue
    let slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const base = slug
    for (let n = 1; anchors.has(slug); n++) slug = `${base}-${n}`
    anchors.add(slug)
  }
  return anchors
}

const problems = []
for (const doc of docs) {
  if (!existsSync(doc)) {
    problems.push(`${relative(root, doc)}: no such file`)
    continue
  }
  let fenced = false
  readFileSync(doc, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trimStart().startsWith('```')) {
        fenced = !fenced
        return
      }
      if (fenced) return
      const where = `${relative(root, doc)}:${i + 1}`
      for (const m of line.matchAll(/`([^`]+)`/g)) {
        const problem = checkSpan(doc, m[1])
        if (problem) problems.push(`${where}: ${problem}`)
      }
      for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        const problem = checkLink(doc, m[1])
        if (problem) problems.push(`${where}: ${problem}`)
      }
    })
}

/** The README's tables stay complete: every variable server/config.ts reads, every npm script. */
function readmeCompleteness() {
  if (only) return
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const configFile = join(root, 'server', 'config.ts')
  if (!existsSync(configFile)) {
    problems.push('server/config.ts is gone: point the configuration check in scripts/check-docs.mjs at where the variables are read now')
  } else {
    const schema = /ConfigSchema\s*=\s*z\.object\(\{([\s\S]*?)\n\}\)/.exec(readFileSync(configFile, 'utf8'))
    const names = schema ? [...schema[1].matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]) : []
    if (names.length === 0) problems.push('server/config.ts: no ConfigSchema variables found; update scripts/check-docs.mjs')
    for (const name of names) {
      if (!readme.includes(`\`${name}\``)) problems.push(`README.md: the configuration variable ${name} (server/config.ts) is not in the table`)
    }
  }
  const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {})
  for (const name of scripts) {
    const run = new RegExp(`npm (run )?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`)
    if (!run.test(readme)) problems.push(`README.md: the script "${name}" (package.json) is not in the README`)
  }
}
readmeCompleteness()

if (problems.length) {
  console.error(`check-docs: ${problems.length} problem(s): citations of what the repository does not hold, or README tables left incomplete:`)
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log(`check-docs: ${docs.length} documents, every cited path exists${only ? '' : '; the README names every variable and script'}`)
