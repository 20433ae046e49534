/** The password-reset e-mail (the server's dev outbox in development, until a mail service is set) in the account's language. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { devOutbox, users } from '../../server/db/schema'
import { insertDemo, truncateAll } from '../../server/db/seed'

let database: Database
let app: ReturnType<typeof createApp>
const EMAIL = 'family@funeral.test'

beforeAll(async () => {
  database = await openDatabase({})
  app = createApp({ db: database.db, secret: randomBytes(32), log: pino({ level: 'silent' }), dev: true, trustProxy: false, publicUrl: 'https://funeral.example.co.ke' })
}, 60_000)
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await truncateAll(database.db)
  await insertDemo(database.db)
})

async function forgot(headers: Record<string, string> = {}) {
  const res = await app.fetch(new Request('http://localhost/api/auth/forgot-password', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ email: EMAIL }) }))
  expect(res.status).toBe(200)
  const [mail] = await database.db.select().from(devOutbox).where(eq(devOutbox.to, EMAIL)).orderBy(desc(devOutbox.id)).limit(1)
  return mail!
}

describe('the reset e-mail', () => {
  it('is English for an account with no language chosen (SPEC.md)', async () => {
    const mail = await forgot()
    expect(mail.subject).toBe('Reset your password')
    expect(mail.body).toMatch(/^Open this link within an hour to choose a new password: https:\/\/funeral\.example\.co\.ke\/reset-password\?token=[\w-]+$/)
  })

  it("is Kiswahili for an account that chose it, or asked from a Kiswahili browser before choosing; the account's choice wins", async () => {
    expect((await forgot({ 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.5' })).subject).toBe('Badilisha nenosiri lako')
    await database.db.update(users).set({ language: 'sw' }).where(eq(users.email, EMAIL))
    const mail = await forgot()
    expect(mail.subject).toBe('Badilisha nenosiri lako')
    expect(mail.body).toMatch(/^Fungua kiungo hiki ndani ya saa moja ili uchague nenosiri jipya: https:\/\/funeral\.example\.co\.ke\/reset-password\?token=[\w-]+$/)
    await database.db.update(users).set({ language: 'en' }).where(eq(users.email, EMAIL))
    expect((await forgot({ 'Accept-Language': 'sw-KE' })).subject).toBe('Reset your password')
  })
})
