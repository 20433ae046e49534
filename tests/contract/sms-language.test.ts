/** The SMS a family receives is in their profile language: Kiswahili for 'sw', English otherwise. */
import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, useBackend } from './target'

useBackend()

interface Booking {
  id: number
  status: string
  deceased_first_name: string
  deceased_last_name: string
}
interface Sms {
  body: string
  kind: string
  booking_id: number | null
}

const HOME = 'Amani Funeral Home'

async function setting(language: 'en' | 'sw' | null) {
  const family = await loginAs('client')
  const admin = await loginAs('admin')
  if (language) {
    const saved = await call<{ user: { language: string } }>('PUT', '/auth/profile', { token: family, body: { language } })
    expect(saved.status).toBe(200)
    expect(saved.json.user.language).toBe(language)
  }
  const booking = (await call<{ bookings: Booking[] }>('GET', '/bookings/my', { token: family })).json.bookings.find((b) => b.status !== 'cancelled' && b.status !== 'in_progress')
  expect(booking).toBeDefined()
  const deceased = `${booking!.deceased_first_name} ${booking!.deceased_last_name}`
  return { family, admin, booking: booking!, deceased }
}

async function outbox(admin: string, kind: string): Promise<Sms[]> {
  const res = await call<{ messages: Sms[] }>('GET', '/sms-outbox', { token: admin })
  expect(res.status).toBe(200)
  return res.json.messages.filter((s) => s.kind === kind)
}

async function markInProgress(admin: string, booking: Booking) {
  expect((await call('PATCH', `/bookings/${booking.id}/status`, { token: admin, body: { status: 'in_progress' } })).status).toBe(200)
}

describe('SMS in the family’s language', () => {
  it('writes a status change in Kiswahili to a family whose profile language is Kiswahili', async () => {
    const { admin, booking, deceased } = await setting('sw')
    await markInProgress(admin, booking)
    expect((await outbox(admin, 'status')).map((s) => s.body)).toEqual([`${HOME}: nafasi ya ${deceased} sasa inaendelea.`])
  })

  it('writes a staff answer and a document review in Kiswahili too', async () => {
    const { family, admin, booking, deceased } = await setting('sw')
    const threadId = (await call<{ thread: { id: number } }>('POST', '/messages/threads', { token: family, body: { booking_id: booking.id } })).json.thread.id
    expect((await call('POST', `/messages/threads/${threadId}/messages`, { token: admin, body: { body: 'Tumepokea hati zako.' } })).status).toBe(201)
    expect((await outbox(admin, 'reply')).map((s) => s.body)).toEqual([`${HOME}: una ujumbe mpya kuhusu ${deceased}. Fungua programu kuusoma na kujibu.`])

    const familyId = (await call<{ user: { id: number } }>('GET', '/auth/me', { token: family })).json.user.id
    const documentId = await fixtures.addDocument({ booking_id: booking.id, uploaded_by: familyId, document_type: 'death_certificate', status: 'pending' })
    expect((await call('PATCH', `/documents/${documentId}/status`, { token: admin, body: { status: 'rejected', notes: 'Picha haionekani' } })).status).toBe(200)
    expect((await outbox(admin, 'document')).map((s) => s.body)).toEqual([`${HOME}: hati yako "Cheti cha kifo" ya ${deceased} imekataliwa. Sababu: Picha haionekani`])
  })

  it('keeps the exact English for a family who chose English', async () => {
    const { admin, booking, deceased } = await setting('en')
    await markInProgress(admin, booking)
    expect((await outbox(admin, 'status')).map((s) => s.body)).toEqual([`${HOME}: the booking for ${deceased} is now in progress.`])
  })

  it('keeps the exact English for a family who chose no language', async () => {
    const { admin, booking, deceased } = await setting(null)
    await markInProgress(admin, booking)
    expect((await outbox(admin, 'status')).map((s) => s.body)).toEqual([`${HOME}: the booking for ${deceased} is now in progress.`])
  })
})
