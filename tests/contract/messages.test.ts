import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, useBackend } from './target'

useBackend()

interface Thread {
  id: number
  booking_id: number | null
  title: string
  family_name: string | null
  unread: number
  last_message: { body: string; author_name: string } | null
}
interface Message {
  id: number
  body: string
  author_name: string
  author_role: string
  mine: boolean
}
interface Booking {
  id: number
  attendant_id: number | null
  has_notifications: boolean
  deceased?: { first_name: string; last_name: string }
}
interface Sms {
  to_phone: string
  body: string
  kind: string
  status: string
  booking_id: number | null
}

async function familyThreads(token: string) {
  const res = await call<{ threads: Thread[] }>('GET', '/messages/threads', { token })
  expect(res.status).toBe(200)
  return res.json.threads
}

/** The demo family's first booking with an attendant (the seed assigns the demo attendant to some). */
async function setting() {
  const family = await loginAs('client')
  const admin = await loginAs('admin')
  const attendant = await loginAs('morgue_attendant')
  const mine = (await call<{ bookings: Booking[] }>('GET', '/bookings/my', { token: family })).json.bookings
  const assigned = (await call<{ bookings: Booking[] }>('GET', '/bookings/attendant', { token: attendant })).json.bookings
  return { family, admin, attendant, mine, assigned }
}

describe('Messages: one conversation per booking between the family and the home', () => {
  it('gives the family one thread per booking, each opening with the welcome message', async () => {
    const { family, mine } = await setting()
    const threads = await familyThreads(family)
    expect(threads.map((t) => t.booking_id).sort()).toEqual(mine.map((b) => b.id).sort())
    const detail = await call<{ messages: Message[] }>('GET', `/messages/threads/${threads[0]!.id}`, { token: family })
    expect(detail.status).toBe(200)
    expect(detail.json.messages[0]).toMatchObject({ author_role: 'system', body: 'Welcome to Amani Funeral Home messages. We are here to help you at every step.' })
  })

  it('carries a family message to the admin inbox, unread first, and the answer back with unread counts', async () => {
    const { family, admin, mine } = await setting()
    const booking = mine[0]!
    const opened = await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: booking.id } })
    expect(opened.status).toBe(200)
    const threadId = opened.json.thread.id

    const sent = await call<{ message: string; item: Message }>('POST', `/messages/threads/${threadId}/messages`, { token: family, body: { body: '  Can we view the body on Friday evening?  ' } })
    expect(sent.status).toBe(201)
    expect(sent.json.message).toBe('Message sent')
    expect(sent.json.item).toMatchObject({ body: 'Can we view the body on Friday evening?', mine: true, author_role: 'client', author_name: 'Mary Achieng' })

    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(inbox[0]).toMatchObject({ id: threadId, booking_id: booking.id, unread: 1, family_name: 'Mary Achieng' })
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: admin })).json.unread).toBe(1)

    // Reading marks it read for this admin; answering puts news on the family's side.
    const read = await call<{ messages: Message[] }>('GET', `/messages/threads/${threadId}`, { token: admin })
    expect(read.json.messages.at(-1)).toMatchObject({ mine: false, author_role: 'client' })
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: admin })).json.unread).toBe(0)
    const answer = await call<{ item: Message }>('POST', `/messages/threads/${threadId}/messages`, { token: admin, body: { body: 'Yes, from 5 pm to 7 pm.' } })
    expect(answer.status).toBe(201)
    expect(answer.json.item).toMatchObject({ author_role: 'admin', author_name: 'Grace Wanjiru', mine: true })

    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: family })).json.unread).toBe(1)
    const before = (await call<{ booking: Booking }>('GET', `/bookings/my`, { token: family }))
    expect((before.json as unknown as { bookings: Booking[] }).bookings.find((b) => b.id === booking.id)?.has_notifications).toBe(true)
    const familyView = await call<{ messages: Message[]; thread: Thread }>('GET', `/messages/threads/${threadId}`, { token: family })
    expect(familyView.json.messages.map((m) => m.body).slice(-2)).toEqual(['Can we view the body on Friday evening?', 'Yes, from 5 pm to 7 pm.'])
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: family })).json.unread).toBe(0)
    const after = (await call<{ bookings: Booking[] }>('GET', '/bookings/my', { token: family })).json.bookings
    expect(after.find((b) => b.id === booking.id)?.has_notifications).toBe(false)
  })

  it('queues one SMS to the family for a staff answer, and one when the home changes a booking status', async () => {
    const { family, admin, mine } = await setting()
    const booking = mine[0]!
    const threadId = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: booking.id } })).json.thread.id
    await call('POST', `/messages/threads/${threadId}/messages`, { token: admin, body: { body: 'We have your documents.' } })
    await call('POST', `/messages/threads/${threadId}/messages`, { token: admin, body: { body: 'And one more thing.' } })
    const outbox = await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })
    expect(outbox.status).toBe(200)
    const replies = outbox.json.messages.filter((s) => s.kind === 'reply')
    expect(replies).toHaveLength(1)
    expect(replies[0]).toMatchObject({ booking_id: booking.id, status: 'queued' })
    expect(replies[0]!.to_phone).toMatch(/^\+2547\d{8}$/)

    const next = mine.find((b) => b.id !== booking.id) ?? booking
    const changed = await call('PATCH', `/bookings/${next.id}/status`, { token: admin, body: { status: 'in_progress' } })
    expect(changed.status).toBe(200)
    const statusSms = (await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((s) => s.kind === 'status')
    expect(statusSms).toHaveLength(1)
    expect(statusSms[0]!.body).toContain('is now in progress')
  })

  it('sends no SMS to a family who turned SMS off in their profile', async () => {
    const { family, admin, mine } = await setting()
    const profile = await call<{ user: { sms_notifications: boolean } }>('PUT', '/auth/profile', { token: family, body: { sms_notifications: false } })
    expect(profile.status).toBe(200)
    expect(profile.json.user.sms_notifications).toBe(false)
    await call('PATCH', `/bookings/${mine[0]!.id}/status`, { token: admin, body: { status: 'in_progress' } })
    expect((await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages).toHaveLength(0)
  })

  it('refuses an empty or too long message with 422 and stores nothing', async () => {
    const { family, mine } = await setting()
    const threadId = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: mine[0]!.id } })).json.thread.id
    const empty = await call<{ message: string }>('POST', `/messages/threads/${threadId}/messages`, { token: family, body: { body: '   ' } })
    expect(empty.status).toBe(422)
    expect(empty.json.message).toContain('Please write a message before sending')
    const long = await call<{ message: string }>('POST', `/messages/threads/${threadId}/messages`, { token: family, body: { body: 'x'.repeat(2001) } })
    expect(long.status).toBe(422)
    expect(long.json.message).toContain('A message can be at most 2,000 characters')
    const ok = await call('POST', `/messages/threads/${threadId}/messages`, { token: family, body: { body: 'x'.repeat(2000) } })
    expect(ok.status).toBe(201)
    const detail = await call<{ messages: Message[] }>('GET', `/messages/threads/${threadId}`, { token: family })
    expect(detail.json.messages.filter((m) => m.author_role === 'client')).toHaveLength(1)
  })

  it('keeps threads to those who may see them: another family and an unassigned attendant get 404', async () => {
    const { family, attendant, mine, assigned } = await setting()
    const unassigned = mine.find((b) => !assigned.some((a) => a.id === b.id))
    const other = await call<{ token: string }>('POST', '/auth/register', { body: { name: 'Other Family', email: 'other.family@example.com', password: 'Other#2026', phone: '0712000111', address: 'Nairobi' } })
    expect(other.status).toBe(201)
    const stranger = (await call<{ token: string }>('POST', '/auth/login', { body: { email: 'other.family@example.com', password: 'Other#2026' } })).json.token
    const threadId = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: mine[0]!.id } })).json.thread.id
    expect((await call('GET', `/messages/threads/${threadId}`, { token: stranger })).status).toBe(404)
    expect((await call('POST', `/messages/threads/${threadId}/messages`, { token: stranger, body: { body: 'hi' } })).status).toBe(404)
    expect((await call('POST', '/messages/threads', { token: stranger, body: { booking_id: mine[0]!.id } })).status).toBe(404)
    expect(await familyThreads(stranger)).toEqual([])
    expect((await call('GET', '/messages/threads')).status).toBe(401)
    // The seed gives the demo family bookings the demo attendant is not assigned to.
    expect(unassigned).toBeDefined()
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: unassigned!.id } })).json.thread.id
    await call('POST', `/messages/threads/${t}/messages`, { token: family, body: { body: 'For the admins' } })
    expect((await call('GET', `/messages/threads/${t}`, { token: attendant })).status).toBe(404)
    expect((await call('POST', `/messages/threads/${t}/messages`, { token: attendant, body: { body: 'hi' } })).status).toBe(404)
    expect((await call('POST', '/messages/threads', { token: attendant, body: { booking_id: unassigned!.id } })).status).toBe(404)
    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: attendant })).json.threads
    expect(inbox.some((x) => x.id === t)).toBe(false)
    expect((await call('GET', '/sms-outbox', { token: family })).status).toBe(403)
  })

  it('lets the assigned attendant read and answer as themselves', async () => {
    const { family, attendant, assigned, mine } = await setting()
    const booking = assigned.find((a) => mine.some((b) => b.id === a.id))
    expect(booking).toBeDefined()
    const threadId = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: booking!.id } })).json.thread.id
    await call('POST', `/messages/threads/${threadId}/messages`, { token: family, body: { body: 'When is the viewing?' } })
    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: attendant })).json.threads
    expect(inbox.find((t) => t.id === threadId)).toMatchObject({ unread: 1 })
    const answer = await call<{ item: Message }>('POST', `/messages/threads/${threadId}/messages`, { token: attendant, body: { body: 'Friday at 4 pm.' } })
    expect(answer.json.item).toMatchObject({ author_role: 'morgue_attendant', author_name: 'Peter Otieno' })
  })

  it("puts the landing page's contact message into the admins' inbox as a thread without a booking", async () => {
    await call('POST', '/contact', { body: { name: 'Wanjiru', email: 'wanjiru@example.co.ke', message: 'Do you open on Sundays?' } })
    const admin = await loginAs('admin')
    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(inbox[0]).toMatchObject({ booking_id: null, title: 'Wanjiru', family_name: 'wanjiru@example.co.ke', unread: 1 })
    expect(inbox[0]!.last_message?.body).toBe('Do you open on Sundays?')
    const attendant = await loginAs('morgue_attendant')
    expect((await call('GET', `/messages/threads/${inbox[0]!.id}`, { token: attendant })).status).toBe(404)
  })

  it('lets an admin read and answer every conversation, including a booking no attendant of theirs holds', async () => {
    const { family, admin, attendant, mine, assigned } = await setting()
    const unassigned = mine.find((b) => !assigned.some((a) => a.id === b.id))!
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: unassigned.id } })).json.thread.id
    await call('POST', `/messages/threads/${t}/messages`, { token: family, body: { body: 'Who reads this?' } })
    const inbox = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(inbox.find((x) => x.id === t)).toMatchObject({ booking_id: unassigned.id, family_name: 'Mary Achieng', unread: 1 })
    // The admin opens a thread of any booking, even one they never wrote in.
    expect((await call<{ thread: Thread }>('POST', '/messages/threads', { token: admin, body: { booking_id: unassigned.id } })).json.thread.id).toBe(t)
    const answer = await call<{ item: Message }>('POST', `/messages/threads/${t}/messages`, { token: admin, body: { body: 'The admins do.' } })
    expect(answer.status).toBe(201)
    expect(answer.json.item).toMatchObject({ author_role: 'admin', author_name: 'Grace Wanjiru' })
    expect((await call('GET', `/messages/threads/${t}`, { token: attendant })).status).toBe(404)
  })

  it("lists the staff inbox unread first, then the most recent, and keeps each staff member's reading their own", async () => {
    const { family, admin, attendant, assigned, mine } = await setting()
    const [first, second] = assigned.filter((a) => mine.some((b) => b.id === a.id))
    expect(second).toBeDefined()
    const older = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: first!.id } })).json.thread.id
    const newer = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: second!.id } })).json.thread.id
    await call('POST', `/messages/threads/${older}/messages`, { token: family, body: { body: 'First question' } })
    await call('POST', `/messages/threads/${newer}/messages`, { token: family, body: { body: 'Second question' } })
    await call('POST', `/messages/threads/${newer}/messages`, { token: family, body: { body: 'And a third' } })
    const fresh = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(fresh.map((x) => [x.id, x.unread])).toEqual([[newer, 2], [older, 1]])
    expect(fresh[0]!.last_message).toMatchObject({ body: 'And a third', author_name: 'Mary Achieng' })

    // The admin reads the newer one: the older, still unread, comes first.
    await call('GET', `/messages/threads/${newer}`, { token: admin })
    const after = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads
    expect(after.map((x) => [x.id, x.unread])).toEqual([[older, 1], [newer, 0]])
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: admin })).json.unread).toBe(1)
    // The attendant has not read anything yet.
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: attendant })).json.unread).toBe(3)
  })

  it('keeps a message exactly as written: markup and links are stored as text, not interpreted or stripped', async () => {
    const { family, admin, mine } = await setting()
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: mine[0]!.id } })).json.thread.id
    const body = '<b>Bold?</b> <img src=x onerror="alert(1)"> See https://example.com/a?b=1&c=2'
    const sent = await call<{ item: Message }>('POST', `/messages/threads/${t}/messages`, { token: family, body: { body } })
    expect(sent.json.item.body).toBe(body)
    const read = await call<{ messages: Message[] }>('GET', `/messages/threads/${t}`, { token: admin })
    expect(read.json.messages.at(-1)!.body).toBe(body)
  })

  it('refuses a message with no body at all with 422', async () => {
    const { family, mine } = await setting()
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: mine[0]!.id } })).json.thread.id
    expect((await call('POST', `/messages/threads/${t}/messages`, { token: family, body: {} })).status).toBe(422)
  })

  it('opens a contact-form thread with the welcome message too', async () => {
    await call('POST', '/contact', { body: { name: 'Otieno', email: 'otieno@example.co.ke', message: 'Do you transport to Kisumu?' } })
    const admin = await loginAs('admin')
    const thread = (await call<{ threads: Thread[] }>('GET', '/messages/threads', { token: admin })).json.threads.find((t) => t.title === 'Otieno')!
    const detail = await call<{ messages: Message[] }>('GET', `/messages/threads/${thread.id}`, { token: admin })
    expect(detail.json.messages.map((m) => [m.author_role, m.body])).toEqual([
      ['system', 'Welcome to Amani Funeral Home messages. We are here to help you at every step.'],
      ['visitor', 'Do you transport to Kisumu?'],
    ])
    expect((await call<{ unread: number }>('GET', '/messages/unread', { token: admin })).json.unread).toBe(0)
  })

  it('keeps the welcome first in a thread opened from the booking page and after staff answers', async () => {
    const { family, admin, mine } = await setting()
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: admin, body: { booking_id: mine[0]!.id } })).json.thread.id
    await call('POST', `/messages/threads/${t}/messages`, { token: admin, body: { body: 'We have started.' } })
    const detail = await call<{ messages: Message[] }>('GET', `/messages/threads/${t}`, { token: family })
    expect(detail.json.messages[0]).toMatchObject({ author_role: 'system', author_name: 'Amani Funeral Home', body: 'Welcome to Amani Funeral Home messages. We are here to help you at every step.' })
    expect(detail.json.messages.filter((m) => m.author_role === 'system')).toHaveLength(1)
  })

  it('queues an SMS when a document is reviewed, and none of any kind for a family who turned SMS off', async () => {
    const { family, admin, mine } = await setting()
    const booking = mine[0]!
    const familyId = (await call<{ user: { id: number } }>('GET', '/auth/me', { token: family })).json.user.id
    const doc = await fixtures.addDocument({ booking_id: booking.id, uploaded_by: familyId, document_type: 'burial_permit', status: 'pending' })
    expect((await call('PATCH', `/documents/${doc}/status`, { token: admin, body: { status: 'approved' } })).status).toBe(200)
    const reviewed = (await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.filter((s) => s.kind === 'document')
    expect(reviewed).toHaveLength(1)
    expect(reviewed[0]!.body).toMatch(/^Amani Funeral Home: your document "Burial Permit" for .+ was approved\.$/)

    expect((await call('PUT', '/auth/profile', { token: family, body: { sms_notifications: false } })).status).toBe(200)
    const before = (await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages.length
    const other = await fixtures.addDocument({ booking_id: booking.id, uploaded_by: familyId, document_type: 'death_certificate', status: 'pending' })
    expect((await call('PATCH', `/documents/${other}/status`, { token: admin, body: { status: 'rejected', notes: 'Unreadable' } })).status).toBe(200)
    const t = (await call<{ thread: Thread }>('POST', '/messages/threads', { token: family, body: { booking_id: booking.id } })).json.thread.id
    expect((await call('POST', `/messages/threads/${t}/messages`, { token: admin, body: { body: 'Please upload it again.' } })).status).toBe(201)
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token: admin, body: { status: 'in_progress' } })).status).toBe(200)
    expect((await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })).json.messages).toHaveLength(before)
  })
})
