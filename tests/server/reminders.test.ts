/**
 * The day-before reminders on the server: a pass at a given "now" queues one SMS to the family, one
 * to the attendant and one to the driver the calendar holds for the trip; passes run twice at once (two instances) and again later queue nothing more.
 * On PGlite, or on PostgreSQL with CONTRACT_DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import { insertDemo, truncateAll } from '../../server/seed'
import { bookingLines, bookings, calendarEvents, calendarResources, deceased, smsOutbox, users } from '../../server/db/schema'
import { remindersPass } from '../../server/reminders'
import { outboxSender, sendDueSms } from '../../server/sms'
import { emptyDatabaseDump } from './pglite-template.mjs'

const log = pino({ level: 'silent' })
let database: Database
let db: Db

beforeAll(async () => {
  database = await openDatabase(process.env.CONTRACT_DATABASE_URL ? { databaseUrl: process.env.CONTRACT_DATABASE_URL } : { loadDataDir: emptyDatabaseDump() })
  db = database.db
}, 60_000)
beforeEach(async () => {
  await truncateAll(db)
  await insertDemo(db)
}, 60_000)
afterAll(async () => {
  await database.close()
})

const user = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!

describe('day-before reminders', () => {
  it('queue one SMS to the family, one to the attendant and one to the driver, each in their language, once, however many passes and instances ask', async () => {
    const family = await user('family@funeral.test')
    const attendant = await user('attendant@funeral.test')
    await db.update(users).set({ phone: '0711 000 111', smsNotifications: true, language: 'sw' }).where(eq(users.id, attendant.id))
    await db.update(users).set({ phone: '0722 000 222', smsNotifications: true, language: null }).where(eq(users.id, family.id))
    // A driver on the calendar, linked to a staff account that reads Kiswahili.
    const driverAccount = (await db.select().from(users).where(eq(users.role, 'morgue_attendant'))).find((u) => u.id !== attendant.id)!
    await db.update(users).set({ phone: '0733 000 333', smsNotifications: true, language: 'sw' }).where(eq(users.id, driverAccount.id))
    const [driver] = await db.insert(calendarResources).values({ kind: 'driver', name: 'Otieno (driver)', userId: driverAccount.id }).returning()
    const [hearse] = await db.insert(calendarResources).values({ kind: 'hearse', name: 'Hearse KZZ 999Z' }).returning()
    const [d] = await db.insert(deceased).values({ clientId: family.id, firstName: 'Achieng', lastName: 'Odhiambo', dateOfDeath: '2099-03-01', placeOfDeath: 'Nairobi' }).returning()
    const [b] = await db.insert(bookings).values({ clientId: family.id, deceasedId: d!.id, status: 'confirmed', paymentStatus: 'paid', totalAmount: 1000, attendantId: attendant.id, venue: 'Kariokor Cemetery' }).returning()
    await db.insert(bookingLines).values([
      { bookingId: b!.id, serviceId: 1, serviceName: 'Burial', priceAtBooking: 500, scheduledDate: '2099-03-15T11:00:00' },
      { bookingId: b!.id, serviceId: 2, serviceName: 'Basic Funeral', priceAtBooking: 500, scheduledDate: '2099-03-15T09:00:00' },
    ])
    // The trip: 08:00-12:30 Nairobi on the day, the hearse and the driver.
    await db.insert(calendarEvents).values({ title: 'Burial: Achieng Odhiambo', bookingId: b!.id, startsAt: new Date('2099-03-15T05:00:00Z'), endsAt: new Date('2099-03-15T09:30:00Z'), resourceIds: [hearse!.id, driver!.id] })

    // 07:00 in Nairobi the day before: not yet.
    expect(await remindersPass(db, log, new Date('2099-03-14T04:00:00Z'))).toBe(0)
    // 09:00: two instances' passes at the same moment, then a later pass.
    const at = new Date('2099-03-14T06:00:00Z')
    const passes = await Promise.all([remindersPass(db, log, at), remindersPass(db, log, at)])
    expect(passes.reduce<number>((n, p) => n + (p ?? 0), 0)).toBe(3)
    expect(await remindersPass(db, log, new Date('2099-03-14T15:00:00Z'))).toBe(0)

    const rows = await db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'reminder')).orderBy(smsOutbox.id)
    expect(rows.map((r) => [r.userId, r.toPhone, r.bookingId])).toEqual(
      expect.arrayContaining([
        [family.id, '+254722000222', b!.id],
        [attendant.id, '+254711000111', b!.id],
        [driverAccount.id, '+254733000333', b!.id],
      ]),
    )
    expect(rows).toHaveLength(3)
    const to = (id: number) => rows.find((r) => r.userId === id)!.body
    expect(to(family.id)).toMatch(/a reminder for tomorrow, Sunday, 15 March\. Achieng Odhiambo: 09:00 Basic Funeral, 11:00 Burial at Kariokor Cemetery\./)
    expect(to(attendant.id)).toMatch(/kesho, .*una kazi ya Achieng Odhiambo: 09:00 Basic Funeral, 11:00 Burial, mahali: Kariokor Cemetery\./)
    expect(to(driverAccount.id)).toMatch(/kesho, .*una kazi ya Burial: Achieng Odhiambo, 08:00–12:30, na Hearse KZZ 999Z\./)
    // The SMS job sends them as any other.
    expect(await sendDueSms(db, log, outboxSender)).toBeGreaterThanOrEqual(3)
    expect((await db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'reminder'))).every((r) => r.status === 'sent')).toBe(true)
  })
})
