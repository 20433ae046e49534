/**
 * The deployment README's "Deploying" describes, started on loopback for a test or a benchmark:
 * two production instances (`node server/serve.mjs`, NODE_ENV=production, as the systemd unit runs
 * them) on one PostgreSQL, sharing one DATA_DIR for the documents (the disk store; PostgreSQL needs
 * no DATA_DIR lock) and one M-Pesa simulator, behind Debian's caddy with deploy/Caddyfile (TLS from
 * Caddy's internal authority, HTTP/2, compression, both instances health-checked on /api/health).
 *
 * Production, not the demo: the database is emptied, its first administrator is made as
 * `npm run admin:create` makes one (a one-time password), and everything else goes through the
 * proxy as a funeral home would do it: the administrator changes that password and fills the
 * catalogue, families register. Used by tests/behind-caddy.mjs and scripts/soak.mjs.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes, X509Certificate } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http2 from 'node:http2'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CADDY = process.env.CADDY ?? '/usr/bin/caddy'
// The server's own modules (the simulator, the database, the first administrator) are TypeScript.
register()

/** The database to use, or null with the reason (the caller skips, saying so). */
export function deployDatabaseUrl(...names) {
  for (const name of names) if (process.env[name]) return process.env[name]
  return null
}

export const caddyMissing = () => (existsSync(CADDY) ? null : `${CADDY} is not installed (Debian: apt-get install caddy)`)

/** dist/ and dist-server/ as `npm run build` makes them, built once when missing (reused otherwise, as a deployment would). */
export function ensureBuilt(say = console.log) {
  const app = existsSync(join(ROOT, 'dist/spa.html')) || existsSync(join(ROOT, 'dist/index.html'))
  const server = existsSync(join(ROOT, 'dist-server/main.mjs'))
  if (app && server) {
    say(`using the existing build (dist-server/ of ${statSync(join(ROOT, 'dist-server/main.mjs')).mtime.toISOString()}; \`npm run build\` makes a new one)`)
    return
  }
  if (!app) {
    say('dist/ is missing: vite build…')
    const env = { ...process.env }
    delete env.VITE_API_URL
    const r = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env })
    if (r.status !== 0) throw new Error('vite build failed')
  }
  if (!server) {
    const r = spawnSync(process.execPath, ['server/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('the server bundle failed to build')
  }
}

/** A child in a process group of its own (serve.mjs starts the server as its child): the whole group is stopped together. */
function startProcess(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  return { child, out: () => out, exited }
}

async function stopProcess(p, graceMs = 15_000) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return
  try {
    process.kill(-p.child.pid, 'SIGTERM')
  } catch {
    return
  }
  const late = setTimeout(() => {
    try {
      process.kill(-p.child.pid, 'SIGKILL')
    } catch {
      /* gone */
    }
  }, graceMs)
  await p.exited
  clearTimeout(late)
}

async function until(what, check, timeoutMs, proc) {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: the process exited (${proc.child.exitCode}):\n${proc.out().slice(-3000)}`)
    try {
      if (await check()) return
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s${proc ? `:\n${proc.out().slice(-3000)}` : ''}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * deploy/Caddyfile with only what a loopback run needs on top: its global block becomes one with
 * the admin endpoint off, Caddy's own ports, and no attempt to trust its root in the system store;
 * the site gets `tls internal` (no Let's Encrypt on loopback) and, for the tests only, a header
 * naming the instance that answered. Everything else (encode, reverse_proxy with its health
 * checks and policy, the body limit, the log) is the deployed file's own.
 */
export function loopbackCaddyfile({ httpsPort, httpPort }) {
  const deployed = readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8')
  const globalBlock = /^\{\n[\s\S]*?\n\}\n/m
  if (!globalBlock.test(deployed)) throw new Error('deploy/Caddyfile: no global options block to replace')
  const site = /^(\{\$SITE_ADDRESS:localhost\} \{\n)/m
  if (!site.test(deployed)) throw new Error('deploy/Caddyfile: no site block `{$SITE_ADDRESS:localhost} {`')
  const upstreamHeader = /(\n\t\theader_up X-Request-Id[^\n]*\n)/
  if (!upstreamHeader.test(deployed)) throw new Error('deploy/Caddyfile: no header_up X-Request-Id line in reverse_proxy')
  return deployed
    .replace(globalBlock, `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n`)
    .replace(site, '$1\ttls internal\n\n')
    .replace(upstreamHeader, '$1\t\theader_down X-Upstream {http.reverse_proxy.upstream.hostport}\n')
}

/** RSS in MB of a process and its children (serve.mjs and the server it starts), from /proc. */
export function rssMb(pid) {
  let kb = 0
  const walk = (p) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0)
      for (const c of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) walk(Number(c))
    } catch {
      /* gone */
    }
  }
  walk(pid)
  return kb / 1024
}

/**
 * An HTTP/2 client of the proxy, trusting Caddy's root (as a family's browser trusts a real
 * certificate), optionally from its own loopback address (127.0.0.x: each family its own, as the
 * rate limits count per address). `request` answers { status, headers, body (Buffer), json() }.
 */
export function h2Client(origin, ca, localAddress) {
  const session = http2.connect(origin, { ca, servername: 'localhost', ...(localAddress ? { localAddress } : {}) })
  session.on('error', () => {})
  const request = (method, path, { token, json, body, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const h = { ':method': method, ':path': `/api${path}`, ...headers }
      if (token) h.authorization = `Bearer ${token}`
      let payload = body
      if (json !== undefined) {
        h['content-type'] = 'application/json'
        payload = Buffer.from(JSON.stringify(json))
      }
      const req = session.request(h)
      const chunks = []
      let head = {}
      req.on('response', (hs) => (head = hs))
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const buf = Buffer.concat(chunks)
        resolve({
          status: Number(head[':status']),
          headers: head,
          body: buf,
          json: () => {
            try {
              return JSON.parse(buf.toString('utf8'))
            } catch {
              return {}
            }
          },
        })
      })
      req.on('error', reject)
      // Cancelled (the timeout below) or reset without an error: never left hanging. After 'end' this rejects nothing.
      req.on('close', () => reject(new Error(`${method} ${path}: the stream closed before its answer ended`)))
      req.setTimeout(60_000, () => req.close(http2.constants.NGHTTP2_CANCEL))
      if (payload) req.end(payload)
      else req.end()
    })
  // Node's close() returns without calling back on a session already closed or destroyed (a refused
  // connection while Caddy starts destroys it): waiting for that callback hung the run for good.
  const close = () =>
    new Promise((r) => {
      if (session.closed || session.destroyed) return r()
      session.close(r)
      setTimeout(() => {
        session.destroy()
        r()
      }, 5_000).unref()
    })
  return { request, close }
}

/** A multipart body (what a browser sends for a file input), as bytes and its content type. */
export async function multipart(fields, file) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new File([file.bytes], file.name, { type: file.type }))
  const r = new Request('http://localhost/', { method: 'POST', body: form })
  return { body: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type') } }
}

/** The services a new funeral home enters in its catalogue first (DEFAULT_PRICING's lines). */
export const CATALOGUE = [
  { name: 'Basic Funeral', price: 5000, category: 'funeral', description: 'Viewing, hearse and a simple service' },
  { name: 'Cremation', price: 3000, category: 'cremation', description: 'Cremation with the ashes returned to the family' },
]

/** The Chromium flag that trusts a certificate signed by `cert`, by its key (see caddyInFront). */
const chromiumTrustFlag = (cert) =>
  `--ignore-certificate-errors-spki-list=${createHash('sha256').update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })).digest('base64')}`

/**
 * Debian's caddy with the loopback Caddyfile in front of `upstreams` (host:port each), in `work`
 * (its certificates and state). Resolves once it answers /api/health over HTTP/2: its origin
 * (https://localhost:httpsPort), its root and intermediate certificates, and its process.
 */
export async function startCaddy({ work, httpsPort, httpPort, upstreams }) {
  const caddyHome = join(work, 'caddy')
  const caddyfile = join(work, 'Caddyfile')
  writeFileSync(caddyfile, loopbackCaddyfile({ httpsPort, httpPort }))
  const caddy = startProcess(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    PATH: process.env.PATH,
    HOME: caddyHome,
    XDG_DATA_HOME: join(caddyHome, 'data'),
    XDG_CONFIG_HOME: join(caddyHome, 'config'),
    SITE_ADDRESS: `localhost:${httpsPort}`,
    UPSTREAMS: upstreams.join(' '),
  })
  const origin = `https://localhost:${httpsPort}`
  try {
    const rootFile = join(caddyHome, 'data/caddy/pki/authorities/local/root.crt')
    await until('caddy', () => existsSync(rootFile), 30_000, caddy)
    const ca = readFileSync(rootFile)
    await until(
      'caddy serving /api/health',
      async () => {
        const c = h2Client(origin, ca)
        try {
          return (await c.request('GET', '/health')).status === 200
        } finally {
          await c.close()
        }
      },
      30_000,
      caddy,
    )
    // The certificate its site's own is signed by (sent with it): what a browser can be told to trust by key.
    const intermediate = readFileSync(join(caddyHome, 'data/caddy/pki/authorities/local/intermediate.crt'))
    return { origin, ca, intermediate, caddy, stop: () => stopProcess(caddy) }
  } catch (error) {
    await stopProcess(caddy)
    throw error
  }
}

/**
 * Caddy in front of one running server (`serverBase`, http://host:port), for the benchmarks: its
 * origin, the Chromium flag that trusts its authority by key as a family's browser trusts a real
 * certificate (unlike --ignore-certificate-errors, its pages are then cached), and a stop() that
 * ends Caddy and removes its folder (the server is the caller's).
 */
export async function caddyInFront(serverBase, { httpsPort, httpPort }) {
  const work = mkdtempSync(join(tmpdir(), 'afh-caddy-'))
  try {
    const caddy = await startCaddy({ work, httpsPort, httpPort, upstreams: [new URL(serverBase).host] })
    return {
      origin: caddy.origin,
      trustFlag: chromiumTrustFlag(caddy.intermediate),
      stop: async () => {
        await caddy.stop()
        rmSync(work, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true })
    throw error
  }
}

/**
 * Starts it all. Ports: { https, http, instances: [a, b], simulator }. Answers the proxy's origin,
 * Caddy's root certificate, the administrator's signed-in token, the processes and a stop() that
 * ends everything started (also what a failed start left running).
 */
export async function startDeployment({ databaseUrl, ports, say = console.log, simulatorAnswerMs = 300, instanceEnv = {} }) {
  const started = []
  const work = mkdtempSync(join(tmpdir(), 'afh-deploy-'))
  let simulator = null
  let database = null
  // Interrupted (Ctrl-C, a runner's timeout): the instances and Caddy are in process groups of their own, so stop them here.
  const interrupted = (signal) => void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  const stop = async () => {
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    await Promise.all(started.map((p) => stopProcess(p)))
    await simulator?.close()
    await database?.close()
    rmSync(work, { recursive: true, force: true })
  }
  try {
    ensureBuilt(say)
    // Empty the database, then its first administrator (what `npm run admin:create` calls).
    const { openDatabase } = await import('../server/db/client.ts')
    const { truncateAll, insertFirstAdmin } = await import('../server/seed.ts')
    database = await openDatabase({ databaseUrl })
    await truncateAll(database.db)
    const admin = await insertFirstAdmin(database.db, 'manager@funeral-home.test', 'Home Manager')

    const { startDarajaSimulator } = await import('../server/daraja/simulator.ts')
    simulator = await startDarajaSimulator({ port: ports.simulator, answerAfterMs: simulatorAnswerMs })
    const origin = `https://localhost:${ports.https}`
    const dataDir = join(work, 'data')
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      DARAJA_SIMULATOR: '1',
      DARAJA_SIMULATOR_URL: simulator.url,
      DARAJA_SIMULATOR_CALLBACK_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      ...instanceEnv,
    }
    for (const name of ['SMTP_URL', 'VITE_API_URL', 'SEED_DEMO']) delete env[name]
    const instances = ports.instances.map((port) => {
      const p = startProcess(process.execPath, ['server/serve.mjs'], { ...env, PORT: String(port) })
      started.push(p)
      return { port, ...p }
    })
    await Promise.all(instances.map((i) => until(`the instance on ${i.port}`, async () => (await fetch(`http://127.0.0.1:${i.port}/api/health`)).ok, 120_000, i)))

    const { ca, caddy } = await startCaddy({ work, httpsPort: ports.https, httpPort: ports.http, upstreams: instances.map((i) => `127.0.0.1:${i.port}`) })
    started.push(caddy)

    // The administrator's first sign-in, through the proxy: a new password, then the catalogue.
    const client = h2Client(origin, ca)
    try {
      const first = (await client.request('POST', '/auth/login', { json: { email: admin.email, password: admin.password } })).json()
      if (!first.token || !first.user?.must_change_password) throw new Error(`the administrator's first sign-in: ${JSON.stringify(first)}`)
      const password = `Manager#${randomBytes(6).toString('hex')}`
      const changed = await client.request('PUT', '/auth/change-password', { token: first.token, json: { currentPassword: admin.password, newPassword: password } })
      if (changed.status !== 200) throw new Error(`change-password: ${changed.status} ${changed.body}`)
      const login = (await client.request('POST', '/auth/login', { json: { email: admin.email, password } })).json()
      if (!login.token) throw new Error(`the administrator's sign-in: ${JSON.stringify(login)}`)
      for (const service of CATALOGUE) {
        const r = await client.request('POST', '/services', { token: login.token, json: service })
        if (r.status !== 201 && r.status !== 200) throw new Error(`POST /services: ${r.status} ${r.body}`)
      }
      return { origin, ca, adminToken: login.token, dataDir, instances, caddy, simulator, database, stop }
    } finally {
      await client.close()
    }
  } catch (error) {
    await stop()
    throw error
  }
}
