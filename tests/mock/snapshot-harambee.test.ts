import { describe, expect, it } from 'vitest'
import { db, restore, snapshot } from '../../mocks/db'
import { call, loginAs } from '../contract/target'

describe('the browser mock keeps harambee and messages across a reload', () => {
  it('a snapshot with a contribution link, a contribution, messages and SMS restores', async () => {
    const family = await loginAs('client')
    const bookings = (await call<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/bookings/my', { token: family })).json.bookings
    const booking = bookings.find((b) => b.payment_status === 'pending')!
    const link = await call<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: { message: 'Asante' } })
    expect(link.status).toBe(201)
    const threads = (await call<{ threads: Array<{ id: number }> }>('GET', '/messages/threads', { token: family })).json.threads
    await call('POST', `/messages/threads/${threads[0]!.id}/messages`, { token: family, body: { body: 'Hello' } })
    await call('POST', `/contributions/${link.json.link.token}/push`, { body: { name: 'Tom', phoneNumber: '0712345678', amount: 10 } })
    const saved = JSON.parse(JSON.stringify(snapshot()))
    expect(await restore(saved)).toBe(true)
    expect(db.contributionLink.findFirst((q) => q.where({ token: link.json.link.token }))).toBeDefined()
  })
})
