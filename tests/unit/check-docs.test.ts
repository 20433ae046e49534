import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Runs scripts/check-docs.mjs on one Markdown text alone; `README` in a link is the repository's, relative to the text. */
function check(markdown: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'check-docs-')), 'doc.md')
  writeFileSync(file, markdown.replaceAll('](README', `](${relative(dirname(file), join(process.cwd(), 'README.md'))}`))
  const run = spawnSync(process.execPath, ['scripts/check-docs.mjs', '--only', file], { encoding: 'utf8' })
  return { status: run.status, output: run.stdout + run.stderr }
}

describe('scripts/check-docs.mjs', () => {
  it('passes a document whose cited paths and links exist, and reads no fenced block', () => {
    const run = check(
      [
        'See `server/config.ts`, `src/locales/{en,sw}/*.po`, `translations.test.ts`, `/api/health` and `data/pglite`.',
        'The [configuration](README#configuration).',
        '```',
        '`server/nowhere.ts`',
        '```',
      ].join('\n'),
    )
    expect(run.output).toContain('every cited path exists')
    expect(run.status).toBe(0)
  })

  it('names, with its line, each cited file or link target the repository does not hold', () => {
    const run = check(
      [
        'First line.',
        'The rules live in `src/api/contracts/bookings.ts` and `gone-away.ts`.',
        '[x](missing.md) and [y](README#no-such-heading)',
      ].join('\n'),
    )
    expect(run.status).toBe(1)
    expect(run.output).toContain('doc.md:2: src/api/contracts/bookings.ts does not exist')
    expect(run.output).toContain('doc.md:2: no file named gone-away.ts')
    expect(run.output).toContain('doc.md:3: link to missing.md')
    expect(run.output).toContain('no heading #no-such-heading')
  })
})
