import { describe, expect, it } from 'vitest'
import { db } from '../../mocks/db'
import { call, loginAs, useMockBackend } from './helpers'

useMockBackend()

describe('POST /contact: the landing page message reaches the home', () => {
  it('stores a valid message in the outbox and answers 201 with a message', async () => {
    const res = await call('POST', '/contact', { body: { name: ' Wanjiru ', email: 'Wanjiru@Example.co.ke', message: 'Please call me back.' } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Message sent' })
    const stored = db.contactMessage.findMany()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ name: 'Wanjiru', email: 'wanjiru@example.co.ke', message: 'Please call me back.' })
  })

  it('refuses an empty message or a bad e-mail with 422 and stores nothing', async () => {
    const res = await call('POST', '/contact', { body: { name: 'A', email: 'not-an-email', message: '' } })
    expect(res.status).toBe(422)
    expect(db.contactMessage.findMany()).toHaveLength(0)
  })

  it('lets only an admin read the outbox', async () => {
    await call('POST', '/contact', { body: { name: 'Otieno', email: 'otieno@example.co.ke', message: 'Hello' } })
    const family = await loginAs('client')
    expect((await call('GET', '/contact', { token: family })).status).toBe(403)
    const admin = await loginAs('admin')
    const res = await call<{ messages: Array<{ name: string }> }>('GET', '/contact', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.messages.map((m) => m.name)).toEqual(['Otieno'])
  })
})
