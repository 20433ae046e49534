import { describe, expect, it } from 'vitest'
import { call, loginAs, useBackend } from './target'

useBackend()

describe('POST /contact: the landing page message reaches the home', () => {
  it('stores a valid message, trimmed, for the staff to read, and answers 201 with a message', async () => {
    const res = await call('POST', '/contact', { body: { name: ' Wanjiru ', email: 'Wanjiru@Example.co.ke', message: 'Please call me back.' } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Message sent' })
    const admin = await loginAs('admin')
    const inbox = await call<{ messages: Array<Record<string, unknown>> }>('GET', '/contact', { token: admin })
    expect(inbox.json.messages).toHaveLength(1)
    expect(inbox.json.messages[0]).toMatchObject({ name: 'Wanjiru', email: 'wanjiru@example.co.ke', message: 'Please call me back.' })
  })

  it('refuses an empty message or a bad e-mail with 422 and stores nothing', async () => {
    const res = await call('POST', '/contact', { body: { name: 'A', email: 'not-an-email', message: '' } })
    expect(res.status).toBe(422)
    const admin = await loginAs('admin')
    expect((await call<{ messages: unknown[] }>('GET', '/contact', { token: admin })).json.messages).toHaveLength(0)
  })

  it('lets only an admin read the inbox, newest first', async () => {
    await call('POST', '/contact', { body: { name: 'Otieno', email: 'otieno@example.co.ke', message: 'Hello' } })
    await call('POST', '/contact', { body: { name: 'Akinyi', email: 'akinyi@example.co.ke', message: 'Viewing times?' } })
    const family = await loginAs('client')
    expect((await call('GET', '/contact', { token: family })).status).toBe(403)
    expect((await call('GET', '/contact')).status).toBe(401)
    const admin = await loginAs('admin')
    const res = await call<{ messages: Array<{ name: string }> }>('GET', '/contact', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.messages.map((m) => m.name)).toEqual(['Akinyi', 'Otieno'])
  })
})
