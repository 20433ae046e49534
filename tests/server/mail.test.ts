/**
 * E-mail over SMTP: forgot-password queues, the job writes and sends through nodemailer to a real
 * SMTP server on loopback (smtp-server), in the account's language, with a link from PUBLIC_URL that
 * works once; no table and no log line holds the token or the link. The job's clock is an argument:
 * retries are proved by calling a pass with a moved `now`, never by waiting.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { createApp } from '../../server/app'
import { readConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { mailOutbox, passwordResets, settings, users } from '../../server/db/schema'
import { storedSettings } from '../../server/routes/settings'
import { insertDemo, truncateAll } from '../../server/seed'
import { MAIL_MAX_ATTEMPTS, mailBackoffMs, mailTransportFor, RESET_SEND_WINDOW_MS, sendDueMail, smtpServerName, smtpTransport, type MailTransport } from '../../server/mail'
import { emptyDatabaseDump } from './pglite-template.mjs'

const EMAIL = 'family@funeral.test'
const PUBLIC_URL = 'https://funeral.example.co.ke'
const SMTP_USER = 'mailer'
const SMTP_PASSWORD = 'smtp-Pa55-word-never-logged'

interface Received {
  from: string
  to: string[]
  raw: string
}
let received: Received[] = []
/** How many of the next recipients the server refuses (a busy mailbox: 450, try again later). */
let refuseNext = 0
let smtp: SMTPServer
let smtpUrl = ''

let database: Database
let app: ReturnType<typeof createApp>
const logLines: string[] = []
const log = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  database = await openDatabase({ loadDataDir: emptyDatabaseDump() })
  app = createApp({ db: database.db, secret: randomBytes(32), log, dev: false, trustProxy: 0, publicUrl: PUBLIC_URL, mailTransport: 'smtp' })
}, 60_000)
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  await database.close()
})

let transport: MailTransport
beforeEach(async () => {
  await truncateAll(database.db)
  await insertDemo(database.db)
  received = []
  refuseNext = 0
  logLines.length = 0
  transport?.close?.()
  transport = smtpTransport(smtpUrl)
})

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.fetch(new Request(`http://localhost/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }))
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}
const forgot = async (headers: Record<string, string> = {}) => expect((await call('POST', '/auth/forgot-password', { email: EMAIL }, headers)).status).toBe(200)
const pass = (now = new Date(), options: { from?: string } = {}) => sendDueMail(database.db, log, transport, { publicUrl: PUBLIC_URL, ...options }, now)

/** The message's headers and its text, quoted-printable undone. */
function parse(raw: string) {
  const [head = '', ...rest] = raw.split(/\r\n\r\n/)
  const header = (name: string) => new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ')
  let text = rest.join('\r\n\r\n')
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding') ?? '')) text = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  return { subject: header('Subject'), to: header('To'), from: header('From'), text: text.trim() }
}
const linkIn = (text: string) => /(https:\/\/\S+)/.exec(text)?.[1] ?? ''
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

/** Every row of the two tables that hold reset state, as text. */
async function storedText(): Promise<string> {
  return JSON.stringify([await database.db.select().from(mailOutbox), await database.db.select().from(passwordResets)])
}

async function signInWith(password: string) {
  return (await call('POST', '/auth/login', { email: EMAIL, password })).status
}

describe('the reset e-mail over SMTP', () => {
  it('arrives in English from the home (Settings), with a PUBLIC_URL link that works once; no table and no log line holds the token or the link', async () => {
    await forgot()
    // Queued, not sent, not yet minted: nothing to find anywhere.
    const [queued] = await database.db.select().from(mailOutbox)
    expect(queued).toMatchObject({ kind: 'password_reset', toAddress: EMAIL, language: 'en', status: 'queued', attempts: 0 })
    expect((await database.db.select().from(passwordResets))[0]!.tokenHash).toBeNull()
    expect(received).toHaveLength(0)

    // The sender is the home, as Settings name it.
    const general = (await storedSettings(database.db)).general
    await database.db.insert(settings).values({ section: 'general', value: { ...general, facilityName: 'Amani Funeral Home, Kisumu', contactEmail: 'office@amani.example' } }).onConflictDoUpdate({ target: settings.section, set: { value: { ...general, facilityName: 'Amani Funeral Home, Kisumu', contactEmail: 'office@amani.example' } } })
    expect(await pass()).toBe(1)
    expect(received).toHaveLength(1)
    const message = parse(received[0]!.raw)
    expect(received[0]!.to).toEqual([EMAIL])
    expect(message.to).toBe(EMAIL)
    expect(received[0]!.from).toBe('office@amani.example')
    expect(message.from).toBe('"Amani Funeral Home, Kisumu" <office@amani.example>')
    expect(message.subject).toBe('Reset your password')
    expect(message.text).toMatch(/^Open this link within an hour to choose a new password: https:\/\/funeral\.example\.co\.ke\/reset-password\?token=[\w-]{40,}$/)
    const link = linkIn(message.text)
    const token = tokenOf(link)
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true)
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null })

    // Only the hash is kept; the log has neither the token nor the link, nor the SMTP password.
    const stored = await storedText()
    expect(stored).not.toContain(token)
    expect(stored).not.toContain('reset-password')
    expect(stored).toContain((await import('node:crypto')).createHash('sha256').update(token).digest('hex'))

    expect((await call('POST', '/auth/reset-password', { token, password: 'Fresh#Start2026' })).status).toBe(200)
    expect((await call('POST', '/auth/reset-password', { token, password: 'Other#Start2026' })).status).toBe(400)
    expect(await signInWith('Fresh#Start2026')).toBe(200)
    const logged = logLines.join('\n')
    expect(logLines.length).toBeGreaterThan(0)
    for (const secret of [token, link, SMTP_PASSWORD, EMAIL]) expect(logged).not.toContain(secret)
  })

  it("is in Kiswahili for an account that chose it, or asked from a Kiswahili browser before choosing; the account's choice wins", async () => {
    await forgot({ 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.5' })
    await pass()
    expect(parse(received[0]!.raw).subject).toBe('Badilisha nenosiri lako')

    await database.db.update(users).set({ language: 'sw' }).where(eq(users.email, EMAIL))
    await forgot()
    await pass()
    const sw = parse(received[1]!.raw)
    expect(sw.subject).toBe('Badilisha nenosiri lako')
    expect(sw.text).toMatch(/^Fungua kiungo hiki ndani ya saa moja ili uchague nenosiri jipya: https:\/\/funeral\.example\.co\.ke\/reset-password\?token=[\w-]+$/)
    expect((await call('POST', '/auth/reset-password', { token: tokenOf(linkIn(sw.text)), password: 'Mpya#Nenosiri2026' })).status).toBe(200)

    await database.db.update(users).set({ language: 'en' }).where(eq(users.email, EMAIL))
    await forgot({ 'Accept-Language': 'sw-KE' })
    await pass()
    expect(parse(received[2]!.raw).subject).toBe('Reset your password')
  })

  it('comes from MAIL_FROM when it is set', async () => {
    await forgot()
    await pass(new Date(), { from: 'Amani Records <no-reply@example.co.ke>' })
    expect(received[0]!.from).toBe('no-reply@example.co.ke')
    expect(parse(received[0]!.raw).from).toBe('Amani Records <no-reply@example.co.ke>')
  })

  it('is sent for nobody when the account does not exist (the same answer)', async () => {
    expect((await call('POST', '/auth/forgot-password', { email: 'nobody@funeral.test' })).json.message).toBe('If an account exists for that email, a reset link has been sent.')
    expect(await pass()).toBe(0)
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0)
  })
})

describe('the mail job', () => {
  it('retries a refused mail after its backoff with a new link, which alone works', async () => {
    refuseNext = 1
    await forgot()
    const t0 = new Date()
    expect(await pass(t0)).toBe(1)
    expect(received).toHaveLength(0)
    const [row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row!.lastError).toMatch(/450 Mailbox busy/)
    expect(row!.sendAfter.getTime()).toBe(t0.getTime() + mailBackoffMs(1))
    // A mail that was not sent leaves no working link.
    expect((await database.db.select().from(passwordResets))[0]!.tokenHash).toBeNull()
    // The log says a mail failed, not to whom (an SMTP answer may quote the address; it stays in the outbox for the admin).
    expect(logLines.join('\n')).toContain('e-mail failed; will retry')
    expect(logLines.join('\n')).not.toContain(EMAIL)

    // Not due before its backoff; due after it.
    expect(await pass(new Date(t0.getTime() + mailBackoffMs(1) - 1_000))).toBe(0)
    expect(await pass(new Date(t0.getTime() + mailBackoffMs(1)))).toBe(1)
    expect(received).toHaveLength(1)
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    const token = tokenOf(linkIn(parse(received[0]!.raw).text))
    expect(await storedText()).not.toContain(token)
    expect((await call('POST', '/auth/reset-password', { token, password: 'Fresh#Start2026' })).status).toBe(200)
  })

  it(`gives up after ${MAIL_MAX_ATTEMPTS} refusals, marks the mail failed for the admin, and never shows its link`, async () => {
    refuseNext = 1_000
    await forgot()
    let now = new Date()
    for (let i = 1; i <= MAIL_MAX_ATTEMPTS; i++) {
      expect(await pass(now)).toBe(1)
      now = new Date(now.getTime() + mailBackoffMs(i))
    }
    expect(await pass(new Date(now.getTime() + 24 * 3_600_000))).toBe(0)
    expect(received).toHaveLength(0)
    const [row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS })
    expect((await database.db.select().from(passwordResets))[0]!.tokenHash).toBeNull()

    const admin = (await call('POST', '/auth/login', { email: 'admin@funeral.test', password: 'Admin#2026' })).json.token as string
    const family = (await call('POST', '/auth/login', { email: EMAIL, password: 'Family#2026' })).json.token as string
    expect((await call('GET', '/mail-outbox', undefined, { Authorization: `Bearer ${family}` })).status).toBe(403)
    const view = await call('GET', '/mail-outbox', undefined, { Authorization: `Bearer ${admin}` })
    expect(view.status).toBe(200)
    expect(view.json.transport).toBe('smtp')
    expect(view.json.mails).toEqual([expect.objectContaining({ to: EMAIL, kind: 'password_reset', language: 'en', status: 'failed', attempts: MAIL_MAX_ATTEMPTS, last_error: expect.stringMatching(/450 Mailbox busy/) })])
    expect(JSON.stringify(view.json)).not.toContain('token')
  })

  it('drops a request the family already used, or one too old to send', async () => {
    await forgot()
    await forgot()
    // The family reset their password with the first link before the second mail went.
    const [first] = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id)
    await database.db.update(mailOutbox).set({ sendAfter: new Date(Date.now() + 3_600_000) }).where(eq(mailOutbox.id, first!.id + 1))
    await pass()
    const token = tokenOf(linkIn(parse(received[0]!.raw).text))
    expect((await call('POST', '/auth/reset-password', { token, password: 'Fresh#Start2026' })).status).toBe(200)
    await pass(new Date(Date.now() + 3_600_000))
    expect(received).toHaveLength(1)
    expect((await database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((r) => r.status)).toEqual(['sent', 'skipped'])

    await forgot()
    expect(await pass(new Date(Date.now() + RESET_SEND_WINDOW_MS + 60_000))).toBe(1)
    expect(received).toHaveLength(1)
    expect((await database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((r) => r.status)).toEqual(['sent', 'skipped', 'skipped'])
  })
})

describe('mail configuration', () => {
  it('writes mails to the log in development without SMTP_URL, keeps them queued in production, and uses SMTP when set', async () => {
    const lines: string[] = []
    const devLog = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) })
    const dev = mailTransportFor({ NODE_ENV: 'development' }, devLog)
    expect(dev?.name).toBe('log')
    expect(mailTransportFor({ NODE_ENV: 'production' }, devLog)).toBeNull()
    expect(mailTransportFor({ NODE_ENV: 'production', SMTP_URL: smtpUrl }, devLog)?.name).toBe('smtp')
    await forgot()
    await sendDueMail(database.db, devLog, dev!, { publicUrl: PUBLIC_URL })
    expect(lines.join('\n')).toMatch(/reset-password\?token=[\w-]+/)
  })

  it('checks SMTP_URL and MAIL_FROM at start, naming the variable and never echoing the password; shows the server without its credentials', () => {
    expect(readConfig({ SMTP_URL: 'smtps://user:pw@mail.example.co.ke:465', MAIL_FROM: 'Amani <no-reply@example.co.ke>' })).toMatchObject({ SMTP_URL: 'smtps://user:pw@mail.example.co.ke:465', MAIL_FROM: 'Amani <no-reply@example.co.ke>' })
    expect(() => readConfig({ SMTP_URL: 'https://user:secret-pw@mail.example.co.ke' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/)
    try {
      readConfig({ SMTP_URL: 'smtp//user:secret-pw@host' })
    } catch (error) {
      expect(String(error)).not.toContain('secret-pw')
    }
    expect(() => readConfig({ MAIL_FROM: 'no address' })).toThrow(/MAIL_FROM must be an e-mail address/)
    expect(() => readConfig({ MAIL_FROM: 'a@example.co.ke\r\nBcc: b@example.co.ke' })).toThrow(/MAIL_FROM/)
    expect(smtpServerName(smtpUrl)).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
  })
})
