#!/usr/bin/env node
/**
 * The catalogues are current: extracting the messages from the code again changes nothing. A
 * message added to the code without `npm run i18n:extract` (and so without its Kiswahili) fails
 * here, and the test in tests/unit/translations.test.ts fails on any message left untranslated.
 * The catalogues are put back as they were, whatever the result.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'

const dir = 'src/locales'
const saved = mkdtempSync(join(tmpdir(), 'locales-'))
cpSync(dir, saved, { recursive: true })
const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.po')).map(String)
let stale = []
try {
  const run = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['lingui', 'extract', '--clean'], { encoding: 'utf8' })
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr)
    process.exit(1)
  }
  stale = files.filter((f) => readFileSync(join(dir, f), 'utf8') !== readFileSync(join(saved, f), 'utf8'))
} finally {
  cpSync(saved, dir, { recursive: true })
  rmSync(saved, { recursive: true, force: true })
}
if (stale.length) {
  console.error(`The catalogues do not match the code: run \`npm run i18n:extract\`, translate the new messages in src/locales/sw, and commit.\n  ${stale.join('\n  ')}`)
  process.exit(1)
}
console.log(`catalogues current: ${files.length} files`)
