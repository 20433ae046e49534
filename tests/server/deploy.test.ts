/**
 * The deployment files hold: Caddy accepts deploy/Caddyfile (and spreads requests over every
 * instance named in UPSTREAMS, probing /api/health), systemd accepts deploy/funeral-home.service.
 * Each check runs where its tool is installed (.ci/run installs Debian's caddy, and systemd, which
 * brings systemd-analyze, when missing) and is reported as skipped elsewhere.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const has = (tool: string, ...args: string[]) => {
  try {
    execFileSync(tool, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('the deployment files', () => {
  it.skipIf(!has('caddy', 'version'))('Caddy validates the Caddyfile, with one instance or several', () => {
    expect(execFileSync('caddy', ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toContain('Valid configuration')
    const adapted = execFileSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: { ...process.env, SITE_ADDRESS: 'funeral.example.co.ke', UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002' },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const proxy = JSON.stringify(JSON.parse(adapted))
    expect(proxy).toContain('"upstreams":[{"dial":"127.0.0.1:3001"},{"dial":"127.0.0.1:3002"}]')
    expect(proxy).toContain('"uri":"/api/health"')
    expect(proxy).toContain('"host":["funeral.example.co.ke"]')
  })

  it.skipIf(!has('systemd-analyze', '--version'))('systemd verifies the service unit, and would say so of a misspelt directive', () => {
    // systemd-analyze also checks that ExecStart's program exists: where Node is not Debian's
    // /usr/bin/node (a CI image's /usr/local/bin), the copy verified names this machine's.
    const unit = readFileSync('deploy/funeral-home.service', 'utf8')
    const here = existsSync('/usr/bin/node') ? unit : unit.replaceAll('/usr/bin/node ', `${process.execPath} `)
    const dir = mkdtempSync(join(tmpdir(), 'unit-'))
    // Exit 0 and nothing said (it writes its complaints to stderr, some with exit 0): no unknown directive, no bad value.
    const verify = (text: string) => {
      writeFileSync(join(dir, 'funeral-home.service'), text)
      const r = spawnSync('systemd-analyze', ['verify', join(dir, 'funeral-home.service')], { encoding: 'utf8' })
      return `${r.status} ${r.stdout}${r.stderr}`.trim()
    }
    try {
      expect(verify(here)).toBe('0')
      expect(verify(here.replace('Restart=on-failure', 'Restart=on-failure\nRestartt=always'))).toMatch(/Unknown key 'Restartt'/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
