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
  it('a pass at 09:00 the day before queues one SMS to the family and one to the attendant; a second pass none', async () => {
    const family = db.user.findFirst((q) => q.where({ email: demo('client').email }))!
    const attendant = db.user.findFirst((q) => q.where({ email: demo('morgue_attendant').email }))!
    for (const u of [family, attendant]) await db.user.update((q) => q.where({ id: u.id }), { data: (r) => void Object.assign(r, { phone: '0711 000 111', sms_notifications: true }) })
    const booking = db.booking.findFirst((q) => q.where({ client_id: family.id }))!
    await db.booking.update((q) => q.where({ id: booking.id }), {
      data: (b) => void Object.assign(b, { status: 'confirmed', attendant_id: attendant.id, lines: b.lines.map((l, i) => ({ ...l, scheduled_date: `2099-03-15T${i === 0 ? '10' : '12'}:00:00` })) }),
    })
    const pass = async (now: string) => (await call<{ queued: number }>('POST', `/__mock/reminders?now=${now}`)).json.queued
    expect(await pass('2099-03-14T04:00:00Z')).toBe(0)
    expect(await pass('2099-03-14T06:00:00Z')).toBe(2)
    expect(await pass('2099-03-14T12:00:00Z')).toBe(0)
    const sms = (await call<{ messages: Array<{ kind: string; booking_id: number | null; body: string }> }>('GET', '/sms-outbox', { token: await loginAs('admin') })).json.messages.filter((m) => m.kind === 'reminder')
    expect(sms).toHaveLength(2)
    expect(sms.every((m) => m.booking_id === booking.id && /tomorrow|kesho/.test(m.body))).toBe(true)
  })
})
