/**
 * E-mail. An action that calls for a mail only queues a row of mail_outbox saying which mail to
 * write (never its text); a job claims due rows with SELECT … FOR UPDATE SKIP LOCKED (as the SMS
 * sender does, so several instances never send one mail twice), writes and sends them, and retries
 * failures with a growing delay, giving up after MAIL_MAX_ATTEMPTS.
 *
 * A password-reset link's token is minted by the job at the moment it sends: only its SHA-256 goes
 * to password_resets, the link itself only into the message. A retry mints a new token, which ends
 * the previous one, and a mail that could not be sent leaves no working link behind.
 *
 * The transport is SMTP (nodemailer, SMTP_URL). In development without SMTP_URL each mail is written
 * to the log instead (the developer's inbox); in production without it the mails wait in the
 * outbox, unsent, and the server says so at start and in the admin's "Messages sent".
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import nodemailer from 'nodemailer'
import type { Db } from './db/client'
import { armResetRequest, claimDueMail, disarmResetRequest, insertResetRequest, markMailSent, markMailSkipped, markMailTryFailed, type MailRow } from './repo/mail-outbox'
import { storedSettings } from './domain/settings'
import { repeatEvery } from './repeat'
import { RESET_LINK_TTL_MS } from '../shared/contracts/auth-rules'

export type MailLanguage = 'en' | 'sw'

/**
 * The reset e-mail in the account's language. The server cannot read the app's catalogues: both
 * texts live here.
 */
export const RESET_EMAIL = {
  en: { subject: 'Reset your password', body: (link: string) => `Open this link within an hour to choose a new password: ${link}` },
  sw: { subject: 'Badilisha nenosiri lako', body: (link: string) => `Fungua kiungo hiki ndani ya saa moja ili uchague nenosiri jipya: ${link}` },
} as const

/** A reset link works this long from the moment its mail is sent (shared/contracts/auth-rules.ts: the mock's links too). */
export { RESET_LINK_TTL_MS }
/** A reset request not sent within this time (no SMTP server, or it kept refusing) is dropped: an old link would only surprise. */
export const RESET_SEND_WINDOW_MS = 24 * 60 * 60 * 1000
export const MAIL_MAX_ATTEMPTS = 5
/** 1, 3, 9, 27 minutes between tries, then at most an hour. */
export const mailBackoffMs = (attempt: number) => Math.min(60 * 60_000, 60_000 * 3 ** (attempt - 1))
/** Rows a pass took are pushed out this long, so another instance does not take them meanwhile. */
const CLAIM_MS = 10 * 60_000

export interface OutgoingMail {
  from: string | { name: string; address: string }
  to: string
  subject: string
  text: string
}

export interface MailTransport {
  /** 'smtp', or 'log' (development without SMTP_URL). */
  readonly name: 'smtp' | 'log'
  send(mail: OutgoingMail): Promise<void>
  close?(): void
}

/** SMTP through nodemailer. The URL carries the credentials: it is never logged (see smtpServerName). */
export function smtpTransport(url: string): MailTransport {
  // Shorter than nodemailer's minutes-long defaults: a pass should not hang on a dead server; the job retries.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 })
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail)
    },
    close: () => transporter.close(),
  }
}

/** Development only: the mail, link included, goes to the log instead of an SMTP server. */
export function logTransport(log: Logger): MailTransport {
  return {
    name: 'log',
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'e-mail (development only: written here, not sent; set SMTP_URL to send)')
    },
  }
}

/** The SMTP server as the start line and the admin may see it: scheme, host and port, never the credentials. */
export function smtpServerName(url: string): string {
  const u = new URL(url)
  return `${u.protocol}//${u.host}`
}

/**
 * The transport for this configuration: SMTP when SMTP_URL is set; the log in development; none in
 * production (the mails stay queued until SMTP_URL is set: writing reset links to a production log
 * would hand accounts to whoever reads it, and dropping them would lose them silently).
 */
export function mailTransportFor(config: { SMTP_URL?: string; NODE_ENV: string }, log: Logger): MailTransport | null {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL)
  return config.NODE_ENV === 'production' ? null : logTransport(log)
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * Queues the reset e-mail for a user: a password_resets row with no token yet, and the outbox row
 * that will mint it. Returns at once; the job sends.
 */
export async function queuePasswordReset(db: Db, user: { id: number; email: string }, language: MailLanguage, now = new Date()): Promise<void> {
  await insertResetRequest(db, user, language, now, new Date(now.getTime() + RESET_SEND_WINDOW_MS))
}

type OutboxRow = MailRow
interface Written {
  mail: Omit<OutgoingMail, 'from'>
  /** Strings that must not reach the outbox's last error (the token, the link). */
  secrets: string[]
  /** Ends the link of a mail that was not sent. */
  withdraw(): Promise<void>
}

/** Writes a reset mail: mints its token, keeps only the hash. A string when there is nothing to send (and why). */
async function writeResetMail(db: Db, row: OutboxRow, publicUrl: string, now: Date): Promise<Written | string> {
  if (row.passwordResetId === null) return 'No reset request'
  const token = randomBytes(32).toString('base64url')
  const resetId = await armResetRequest(db, row.passwordResetId, sha256(token), now, new Date(now.getTime() + RESET_LINK_TTL_MS))
  if (resetId === undefined) return 'The password was reset another way, the account is gone, or the request is too old'
  const link = `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${token}`
  const texts = RESET_EMAIL[row.language]
  return {
    mail: { to: row.toAddress, subject: texts.subject, text: texts.body(link) },
    secrets: [link, token],
    withdraw: () => disarmResetRequest(db, resetId),
  }
}

export interface MailOptions {
  /** PUBLIC_URL: every link starts with it. */
  publicUrl: string
  /** MAIL_FROM; else the home's name and contact e-mail from Settings. */
  from?: string
  batch?: number
}

/** One pass of the sender at `now`: claims due mails, writes and sends them. Returns how many it handled. */
export async function sendDueMail(db: Db, log: Logger, transport: MailTransport, options: MailOptions, now = new Date()): Promise<number> {
  const claimed = await claimDueMail(db, now, options.batch ?? 20, new Date(now.getTime() + CLAIM_MS))
  if (!claimed.length) return 0
  const general = (await storedSettings(db)).general
  const from = options.from ?? { name: general.facilityName, address: general.contactEmail }
  for (const row of claimed) {
    const attempts = row.attempts + 1
    let written: Written | string | null = null
    try {
      written = await writeResetMail(db, row, options.publicUrl, now)
      if (typeof written === 'string') {
        await markMailSkipped(db, row.id, written)
        continue
      }
      await transport.send({ from, ...written.mail })
      await markMailSent(db, row.id, transport.name, attempts, now)
    } catch (error) {
      let reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')
      if (written && typeof written !== 'string') {
        for (const secret of written.secrets) reason = reason.split(secret).join('…')
        await written.withdraw().catch(() => {})
      }
      const failed = attempts >= MAIL_MAX_ATTEMPTS
      await markMailTryFailed(db, row.id, { failed, transport: transport.name, attempts, reason: reason.slice(0, 300), retryAt: new Date(now.getTime() + mailBackoffMs(attempts)) })
      // The reason stays in the outbox for the admin: an SMTP answer may quote the recipient's address.
      const { code, responseCode } = error as { code?: string; responseCode?: number }
      log.warn({ mail: row.id, kind: row.kind, attempts, code, responseCode }, failed ? 'e-mail failed for good' : 'e-mail failed; will retry')
    }
  }
  return claimed.length
}

/** Runs sendDueMail every pollMs until stopped. */
export function startMailSender(db: Db, log: Logger, transport: MailTransport, options: MailOptions, pollMs = 5_000): { stop(): Promise<void> } {
  const job = repeatEvery(pollMs, () => sendDueMail(db, log, transport, options), log, 'e-mail pass failed', 1_000)
  return {
    async stop() {
      await job.stop()
      transport.close?.()
    },
  }
}
