import { describe, expect, it } from 'vitest'
import { call, loginAs, useBackend } from './target'
import { MSG_CONTACT_PHONE } from '../../shared/contracts/contact'

useBackend()

describe('POST /contact: the landing page message reaches the home', () => {
  it('stores a valid message, trimmed, for the staff to read, and answers 201 with a message', async () => {
    const res = await call('POST', '/contact', { body: { name: ' Wanjiru ', email: 'Wanjiru@Example.co.ke', message: 'Please call me back.' } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Message sent', urgent: false })
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

  it('refuses a phone number nobody can call with its message, and stores nothing', async () => {
    const res = await call<{ message: string }>('POST', '/contact', { body: { name: 'A', email: 'a@example.co.ke', message: 'Hello', phone: 'call me' } })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe(MSG_CONTACT_PHONE)
    const admin = await loginAs('admin')
    expect((await call<{ messages: unknown[] }>('GET', '/contact', { token: admin })).json.messages).toHaveLength(0)
  })
})

interface Thread { id: number; title: string; urgent: boolean; contact_phone: string | null; unread: number }
interface Sms { to_phone: string; body: string; kind: string }

describe('Urgent words reach someone', () => {
  it('a death this morning and a collection today: marked urgent, leads the inbox, and every admin gets an SMS at once', async () => {
    const admin = await loginAs('admin')
    await call('POST', '/contact', { body: { name: 'Akinyi', email: 'akinyi@example.co.ke', message: 'What are your viewing times?' } })
    const res = await call('POST', '/contact', {
      body: { name: 'Kamau', email: 'kamau@example.co.ke', phone: '0712 345 678', message: 'My father died this morning at home in Ruaka. Can you collect him today?' },
    })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Message sent', urgent: true })
    await call('POST', '/contact', { body: { name: 'Otieno', email: 'otieno@example.co.ke', message: 'Do you sell caskets?' } })

    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    // Newer and unread, the question about caskets still comes after the urgent one.
    expect(inbox.map((t) => [t.title, t.urgent])).toEqual([['Kamau', true], ['Otieno', false], ['Akinyi', false]])
    expect(inbox[0]).toMatchObject({ contact_phone: '0712 345 678', unread: 1 })

    const sms = (await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'urgent')
    const admins = (await call<{ users: Array<{ id: number; phone: string | null }> }>('GET', '/users?role=admin', { token: admin })).json.users
    expect(admins.length).toBeGreaterThan(0)
    // Each admin's own phone, once (the demo's are all 07… numbers).
    expect(sms.map((m) => m.to_phone).sort()).toEqual(admins.map((a) => `+254${a.phone!.slice(1)}`).sort())
    for (const m of sms) {
      expect(m.body).toContain('URGENT message from Kamau (0712 345 678)')
      expect(m.body).toContain('My father died this morning')
    }
    const kept = (await call<{ messages: Array<Record<string, unknown>> }>('GET', '/contact', { token: admin })).json.messages
    expect(kept.find((m) => m.name === 'Kamau')).toMatchObject({ phone: '0712 345 678', urgent: true })

    // It leads the dashboard's "Needs attention" too.
    const stats = async () => (await call<{ urgent: Array<Record<string, unknown>> }>('GET', '/users/admin/statistics', { token: admin })).json.urgent
    expect(await stats()).toEqual([
      expect.objectContaining({ thread_id: inbox[0]!.id, name: 'Kamau', phone: '0712 345 678', email: 'kamau@example.co.ke', message: 'My father died this morning at home in Ruaka. Can you collect him today?' }),
    ])

    // Once someone of the home answers, it takes its place like any other conversation.
    const answer = await call('POST', `/messages/threads/${inbox[0]!.id}/messages`, { token: admin, body: { body: 'We are on our way. Peter will call you.' } })
    expect(answer.status).toBe(201)
    const after = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(after.find((t) => t.title === 'Kamau')).toMatchObject({ urgent: false })
    expect(after[0]!.title).not.toBe('Kamau')
    expect(await stats()).toEqual([])
  })

  it('hears it in Kiswahili too, and a calm question stays calm: no SMS', async () => {
    const admin = await loginAs('admin')
    const calm = await call('POST', '/contact', { body: { name: 'Wanjiru', email: 'wanjiru@example.co.ke', message: 'How much is embalming? My aunt died last year.' } })
    expect(calm.json).toEqual({ message: 'Message sent', urgent: false })
    expect((await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'urgent')).toHaveLength(0)
    const sw = await call('POST', '/contact', { body: { name: 'Achieng', email: 'achieng@example.co.ke', message: 'Mama amefariki leo asubuhi hospitalini. Tafadhali mje kuchukua mwili.' } })
    expect(sw.json).toEqual({ message: 'Message sent', urgent: true })
    expect((await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((m) => m.kind === 'urgent').length).toBeGreaterThan(0)
  })
})
