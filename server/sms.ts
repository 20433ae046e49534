/**
 * SMS to families. An action that calls for an SMS only queues a row of sms_outbox (in its own
 * request, never waiting for the network, never failing the action); a job claims due rows with
 * SELECT … FOR UPDATE SKIP LOCKED (as the M-Pesa reconciliation does, so several instances never
 * send one SMS twice), sends them and retries failures with a growing delay.
 *
 * The sender is Africa's Talking (its official Node package) when AT_USERNAME and AT_API_KEY are
 * set; otherwise the "outbox" sender keeps each SMS in the table, marked sent by no provider, for the
 * admin to read (the "Messages sent" view). Phone numbers and texts never go to the log, except in
 * development without a provider: there each SMS is also written to the log (the number's last
 * digits and the text), as e-mail is, so a tester can read a sign-in or agreement code without
 * opening the database; the admin's view masks codes.
 */
import type { Logger } from 'pino'
import { describeError } from './http'
import type { Db } from './db/client'
import type { BookingRow } from './repo/bookings'
import { adminIds, claimDueSms, deceasedName, hasRead, insertSms, markSmsSent, markSmsSkipped, markSmsTryFailed, smsRecipient } from './repo/sms-outbox'
import type { Deps } from './types'
import { storedSettings } from './domain/settings'
import { normaliseKenyanPhone } from '../shared/contracts/payments'
import { SMS_SKIPPED_READ_FIRST, SMS_TEXTS, smsLanguage, type SmsLanguage, type SmsTexts } from '../shared/contracts/messages'
import { repeatEvery } from './repeat'

export interface SmsSender {
  /** 'africastalking' or 'outbox'. */
  readonly name: string
  send(to: string, body: string): Promise<void>
}

/** Keeps the SMS in the outbox only (no provider configured). */
export const outboxSender: SmsSender = { name: 'outbox', send: async () => {} }

/** Africa's Talking through its official package, loaded only when configured. */
export async function africasTalkingSender(options: { username: string; apiKey: string; from?: string }): Promise<SmsSender> {
  const { default: AfricasTalking } = await import('africastalking')
  const client = AfricasTalking({ username: options.username, apiKey: options.apiKey })
  return {
    name: 'africastalking',
    async send(to, body) {
      const answer = (await client.SMS.send({ to: [to], message: body, ...(options.from ? { from: options.from } : {}) })) as {
        SMSMessageData?: { Recipients?: Array<{ status?: string; statusCode?: number }> }
      }
      const recipient = answer.SMSMessageData?.Recipients?.[0]
      // 100-102: processed, sent, queued. Anything else is a failure worth a retry.
      if (!recipient || (recipient.statusCode !== undefined && (recipient.statusCode < 100 || recipient.statusCode > 102))) {
        throw new Error(`Africa's Talking refused the SMS (${recipient?.status ?? 'no recipient'})`)
      }
    },
  }
}

/**
 * Development only: the outbox, and one log line per SMS (the developer's phone). Only the number's
 * last three digits: the log is shared more widely than the database.
 */
export function logSender(log: Logger): SmsSender {
  return {
    name: 'outbox',
    async send(to, body) {
      log.info({ to: `…${to.slice(-3)}`, text: body }, 'SMS (development only: written here, not sent; set AT_USERNAME and AT_API_KEY to send)')
    },
  }
}

/**
 * Africa's Talking when both its username and key are configured (config.ts checks they come
 * together); else the outbox, and in development the log too. Never the log in production: codes
 * in a production log would hand accounts and signatures to whoever reads it.
 */
export async function smsSenderFromConfig(
  config: { AT_USERNAME?: string | undefined; AT_API_KEY?: string | undefined; AT_SENDER_ID?: string | undefined; NODE_ENV: string },
  log: Logger,
): Promise<SmsSender> {
  if (config.AT_USERNAME && config.AT_API_KEY) return africasTalkingSender({ username: config.AT_USERNAME, apiKey: config.AT_API_KEY, from: config.AT_SENDER_ID || undefined })
  return config.NODE_ENV === 'production' ? outboxSender : logSender(log)
}

/** +2547XXXXXXXX, the form SMS gateways take; null when the profile's phone is not a Kenyan mobile. */
export function smsPhone(raw: string | null | undefined): string | null {
  const n = raw ? normaliseKenyanPhone(raw) : null
  return n ? `+${n}` : null
}

export interface QueueSms {
  userId: number
  kind: 'reply' | 'status' | 'document' | 'contribution' | 'sign-in' | 'agreement-code' | 'condolence' | 'urgent' | 'reminder'
  /** The text, or the text in the user's profile language (English when they chose none). */
  body: string | ((language: SmsLanguage) => string)
  bookingId?: number | null
  messageId?: number | null
  delayMs?: number
  /** Queued at most once with this key (a reminder's person, booking and day). */
  dedupeKey?: string
}

/**
 * Queues an SMS to a user, unless they turned SMS off or have no mobile number. Never throws: an SMS
 * is a courtesy and must not fail the action that called for it.
 */
export async function queueSms(db: Db, log: Logger, sms: QueueSms): Promise<boolean> {
  try {
    const user = await smsRecipient(db, sms.userId)
    const to = user?.on ? smsPhone(user.phone) : null
    if (!to) return false
    const body = typeof sms.body === 'string' ? sms.body : sms.body(smsLanguage(user?.language))
    return await queueSmsTo(db, log, to, { ...sms, body })
  } catch (error) {
    log.warn({ err: describeError(error), kind: sms.kind }, 'could not queue an SMS')
    return false
  }
}

/** Queues an SMS to a number (a contributor has no account); never throws. */
export async function queueSmsTo(db: Db, log: Logger, phone: string, sms: Omit<QueueSms, 'userId' | 'body'> & { userId?: number | null; body: string }): Promise<boolean> {
  const to = smsPhone(phone)
  if (!to) return false
  try {
    return await insertSms(db, { toPhone: to, body: sms.body, kind: sms.kind, bookingId: sms.bookingId ?? null, messageId: sms.messageId ?? null, userId: sms.userId ?? null, delayMs: sms.delayMs ?? 0, dedupeKey: sms.dedupeKey ?? null })
  } catch (error) {
    log.warn({ err: describeError(error), kind: sms.kind }, 'could not queue an SMS')
    return false
  }
}

export const SMS_MAX_ATTEMPTS = 5
export const smsBackoffMs = (attempt: number) => Math.min(60 * 60_000, 60_000 * 3 ** (attempt - 1))

/** One pass of the sender: claims due SMS, skips answers already read, sends the rest. Returns how many it handled. */
export async function sendDueSms(db: Db, log: Logger, sender: SmsSender, batch = 20): Promise<number> {
  const claimed = await claimDueSms(db, batch)
  for (const row of claimed) {
    if (row.kind === 'reply' && row.messageId !== null && row.userId !== null && (await hasRead(db, row.userId, row.messageId))) {
      await markSmsSkipped(db, row.id, SMS_SKIPPED_READ_FIRST)
      continue
    }
    const attempts = row.attempts + 1
    try {
      await sender.send(row.toPhone, row.body)
      await markSmsSent(db, row.id, sender.name, attempts)
    } catch (error) {
      const reason = (describeError(error)).slice(0, 300)
      const failed = attempts >= SMS_MAX_ATTEMPTS
      await markSmsTryFailed(db, row.id, { failed, provider: sender.name, attempts, reason, retryInMs: smsBackoffMs(attempts) })
      log.warn({ sms: row.id, kind: row.kind, attempts, reason }, failed ? 'SMS failed for good' : 'SMS failed; will retry')
    }
  }
  return claimed.length
}

/** Runs sendDueSms every pollMs until stopped. */
export function startSmsSender(db: Db, log: Logger, sender: SmsSender, pollMs = 15_000): { stop(): Promise<void> } {
  return repeatEvery(pollMs, () => sendDueSms(db, log, sender), log, 'SMS pass failed')
}

/**
 * Queues an SMS to a booking's family, worded with the home's name and the deceased's, in the
 * family's language (text picks from the texts of that language); never throws.
 */
export async function smsFamily(
  deps: Pick<Deps, 'db' | 'log'>,
  booking: Pick<BookingRow, 'id' | 'clientId' | 'deceasedId'>,
  text: (texts: SmsTexts, home: string, deceasedName: string) => string,
  kind: QueueSms['kind'],
  /** A staff answer's SMS: which message, and how long the family has to read it first. */
  extra: Pick<QueueSms, 'messageId' | 'delayMs'> = {},
): Promise<void> {
  try {
    const home = (await storedSettings(deps.db)).general.facilityName
    const name = (await deceasedName(deps.db, booking.deceasedId)) ?? `booking #${booking.id}`
    await queueSms(deps.db, deps.log, { ...extra, userId: booking.clientId, kind, bookingId: booking.id, body: (language) => text(SMS_TEXTS[language], home, name) })
  } catch (error) {
    deps.log.warn({ err: describeError(error), kind }, 'could not queue an SMS')
  }
}

/** Queues an SMS to every administrator (each in their language, unless they turned SMS off); never throws. */
export async function smsAdmins(deps: Pick<Deps, 'db' | 'log'>, kind: QueueSms['kind'], text: (language: SmsLanguage, home: string) => string): Promise<void> {
  try {
    const home = (await storedSettings(deps.db)).general.facilityName
    for (const userId of await adminIds(deps.db)) await queueSms(deps.db, deps.log, { userId, kind, body: (language) => text(language, home) })
  } catch (error) {
    deps.log.warn({ err: describeError(error), kind }, 'could not queue an SMS')
  }
}
