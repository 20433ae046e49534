/**
 * The mock's side of the day-before reminders (the server's job: tests/server/reminders.test.ts):
 * the mock has no jobs, so Demo tools' POST /__mock/reminders runs a pass at a given "now"; each
 * person is reminded once however often it runs, and the SMS shows in the outbox.
 */
import { describe, expect, it } from 'vitest'
import { db } from '../../mocks/db'
import { call, demo, loginAs, useMockBackend } from './helpers'

useMockBackend()

describe('day-before reminders (mock)', () => {
  it('a pass at 09:00 the day before queues one SMS to the family, one to the attendant and one to the driver of the trip; a second pass none', async () => {
    const family = db.user.findFirst((q) => q.where({ email: demo('client').email }))!
    const attendant = db.user.findFirst((q) => q.where({ email: demo('morgue_attendant').email }))!
    for (const u of [family, attendant]) await db.user.update((q) => q.where({ id: u.id }), { data: (r) => void Object.assign(r, { phone: '0711 000 111', sms_notifications: true }) })
    const booking = db.booking.findFirst((q) => q.where({ client_id: family.id }))!
    await db.booking.update((q) => q.where({ id: booking.id }), {
      data: (b) => void Object.assign(b, { status: 'confirmed', attendant_id: attendant.id, lines: b.lines.map((l, i) => ({ ...l, scheduled_date: `2099-03-15T${i === 0 ? '10' : '12'}:00:00` })) }),
    })
    // The trip holds a hearse and a driver linked to a staff account reading Kiswahili.
    const driverAccount = db.user.findMany((q) => q.where({ role: 'morgue_attendant' })).find((u) => u.id !== attendant.id)!
    await db.user.update((q) => q.where({ id: driverAccount.id }), { data: (r) => void Object.assign(r, { phone: '0733 000 333', sms_notifications: true, language: 'sw' }) })
    const at = new Date().toISOString()
    await db.calendarResource.create({ id: 9201, kind: 'driver', name: 'Otieno (driver)', capacity: null, user_id: driverAccount.id, created_at: at })
    await db.calendarResource.create({ id: 9202, kind: 'hearse', name: 'Hearse KZZ 999Z', capacity: null, created_at: at })
    await db.calendarEvent.create({ id: 9203, title: 'Burial trip', booking_id: booking.id, starts_at: '2099-03-15T05:00:00.000Z', ends_at: '2099-03-15T09:30:00.000Z', resource_ids: [9202, 9201], override_reason: null, created_by: null, created_at: at })
    const pass = async (now: string) => (await call<{ queued: number }>('POST', `/__mock/reminders?now=${now}`)).json.queued
    expect(await pass('2099-03-14T04:00:00Z')).toBe(0)
    expect(await pass('2099-03-14T06:00:00Z')).toBe(3)
    expect(await pass('2099-03-14T12:00:00Z')).toBe(0)
    const sms = (await call<{ messages: Array<{ kind: string; booking_id: number | null; body: string }> }>('GET', '/sms-outbox', { token: await loginAs('admin') })).json.messages.filter((m) => m.kind === 'reminder')
    expect(sms).toHaveLength(3)
    expect(sms.every((m) => m.booking_id === booking.id && /tomorrow|kesho/.test(m.body))).toBe(true)
    expect(sms.map((m) => m.body)).toContainEqual(expect.stringMatching(/kesho, .*una kazi ya Burial trip, 08:00–12:30, na Hearse KZZ 999Z\./))
  })
})
