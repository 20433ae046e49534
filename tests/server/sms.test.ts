import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { openDatabase, type Database } from '../../server/db/client'
import { insertDemo, truncateAll } from '../../server/seed'
import { chatMessages, messageReads, messageThreads, smsOutbox, users } from '../../server/db/schema'
import { outboxSender, queueSms, sendDueSms, smsPhone, smsSenderFromConfig, SMS_MAX_ATTEMPTS, type SmsSender } from '../../server/sms'
import { emptyDatabaseDump } from './pglite-template.mjs'

const log = pino({ level: 'silent' })
let database: Database

beforeAll(async () => {
  database = await openDatabase({ loadDataDir: emptyDatabaseDump() })
}, 60_000)
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await truncateAll(database.db)
  await insertDemo(database.db)
})

async function family() {
  const [u] = await database.db.select().from(users).where(eq(users.email, 'family@funeral.test'))
  return u!
}
const rows = () => database.db.select().from(smsOutbox).orderBy(smsOutbox.id)

describe('SMS: queued by the action, sent by the job', () => {
  it('normalises a Kenyan mobile number and refuses anything else', () => {
    expect(smsPhone('0712 345 678')).toBe('+254712345678')
    expect(smsPhone('+254112345678')).toBe('+254112345678')
    expect(smsPhone('020 123456')).toBeNull()
    expect(smsPhone(null)).toBeNull()
  })

  it('keeps the SMS in the outbox when no provider is configured, marked sent by "outbox"', async () => {
    const f = await family()
    expect(await queueSms(database.db, log, { userId: f.id, kind: 'status', body: 'Hello' })).toBe(true)
    expect(await sendDueSms(database.db, log, outboxSender)).toBe(1)
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'sent', provider: 'outbox', attempts: 1, body: 'Hello' })
    expect(row!.sentAt).not.toBeNull()
  })

  it('queues nothing for a family who turned SMS off', async () => {
    const f = await family()
    await database.db.update(users).set({ smsNotifications: false }).where(eq(users.id, f.id))
    expect(await queueSms(database.db, log, { userId: f.id, kind: 'status', body: 'Hello' })).toBe(false)
    expect(await rows()).toHaveLength(0)
  })

  it('waits for a delayed SMS, and skips an answer the family read in the meantime', async () => {
    const f = await family()
    const [thread] = await database.db.insert(messageThreads).values({}).returning()
    const [message] = await database.db.insert(chatMessages).values({ threadId: thread!.id, authorName: 'Grace', authorRole: 'admin', body: 'Yes' }).returning()
    await queueSms(database.db, log, { userId: f.id, kind: 'reply', body: 'New message', messageId: message!.id, delayMs: 5 * 60_000 })
    expect(await sendDueSms(database.db, log, outboxSender)).toBe(0)
    await database.db.update(smsOutbox).set({ sendAfter: sql`now() - interval '1 second'` })
    await database.db.insert(messageReads).values({ threadId: thread!.id, userId: f.id, lastReadId: message!.id })
    expect(await sendDueSms(database.db, log, outboxSender)).toBe(1)
    expect((await rows())[0]).toMatchObject({ status: 'skipped' })
  })

  it('retries a failed send later and gives up after the last attempt, without throwing', async () => {
    const f = await family()
    const failing: SmsSender = { name: 'africastalking', send: async () => Promise.reject(new Error('gateway down')) }
    await queueSms(database.db, log, { userId: f.id, kind: 'status', body: 'Hello' })
    for (let i = 1; i <= SMS_MAX_ATTEMPTS; i++) {
      expect(await sendDueSms(database.db, log, failing)).toBe(1)
      const [row] = await rows()
      expect(row).toMatchObject({ attempts: i, lastError: 'gateway down', status: i < SMS_MAX_ATTEMPTS ? 'queued' : 'failed' })
      // Not due again until its backoff passes: move it by hand.
      expect(await sendDueSms(database.db, log, failing)).toBe(0)
      await database.db.update(smsOutbox).set({ sendAfter: sql`now() - interval '1 second'` })
    }
    expect(await sendDueSms(database.db, log, failing)).toBe(0)
  })

  it('never fails the action that asked for an SMS: a row the database refuses is logged and dropped', async () => {
    const f = await family()
    // PostgreSQL refuses a NUL character in text: the insert fails, queueSms answers false.
    await expect(queueSms(database.db, log, { userId: f.id, kind: 'status', body: 'Hello\u0000' })).resolves.toBe(false)
    await expect(queueSms(database.db, log, { userId: -1, kind: 'status', body: 'Nobody' })).resolves.toBe(false)
    expect(await rows()).toHaveLength(0)
  })
})

describe('SMS without a provider: the code a tester needs, in development only', () => {
  /** A logger whose lines are kept, as the server's start would print them. */
  function capturingLog() {
    const lines: string[] = []
    return { lines, log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) }
  }
  const agreementCode = async () => {
    const f = await family()
    expect(await queueSms(database.db, log, { userId: f.id, kind: 'agreement-code', body: 'Your code to sign the agreement: 482913' })).toBe(true)
    return f
  }

  it('development writes the SMS to the log: the last digits of the number and the text with the code', async () => {
    const f = await agreementCode()
    const { lines, log: devLog } = capturingLog()
    const sender = await smsSenderFromConfig({ NODE_ENV: 'development' }, devLog)
    expect(sender.name).toBe('outbox')
    expect(await sendDueSms(database.db, devLog, sender)).toBe(1)
    const line = lines.map((l) => JSON.parse(l) as { to: string; text: string; msg: string }).find((l) => l.text?.includes('482913'))
    expect(line?.to).toBe(`…${smsPhone(f.phone)!.slice(-3)}`)
    expect(lines.join('')).not.toContain(smsPhone(f.phone)!)
    expect((await rows())[0]).toMatchObject({ status: 'sent', provider: 'outbox' })
  })

  it('production writes nothing of it to the log: the code stays in the outbox, masked for the admin', async () => {
    await agreementCode()
    const { lines, log: prodLog } = capturingLog()
    const sender = await smsSenderFromConfig({ NODE_ENV: 'production' }, prodLog)
    expect(await sendDueSms(database.db, prodLog, sender)).toBe(1)
    expect(lines.join('')).not.toContain('482913')
    expect((await rows())[0]).toMatchObject({ status: 'sent', provider: 'outbox' })
  })
})
