/**
 * The deployment files hold: Caddy accepts deploy/Caddyfile (and spreads requests over every
 * instance named in UPSTREAMS, probing /api/health), systemd accepts deploy/funeral-home.service.
 * Each check runs where its tool is installed (CI installs Debian's caddy; systemd-analyze comes with
 * systemd) and is reported as skipped elsewhere.
 */
import { execFileSync } from 'node:child_process'
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

  it.skipIf(!has('systemd-analyze', '--version'))('systemd verifies the service unit', () => {
    // Exit 0 and nothing said: no unknown directive, no bad value.
    const out = execFileSync('systemd-analyze', ['verify', 'deploy/funeral-home.service'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    expect(out.trim()).toBe('')
  })
})
