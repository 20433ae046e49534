import { describe, expect, it } from 'vitest'
import { listsThread, mayReadThread, newsAuthors, threadOrder, threadSummary, wireChatMessage } from '../../../shared/messages'

const booking = { client_id: 7, attendant_id: 5 }

describe('who reads a thread', () => {
  it("a booking's thread: whoever may see the booking; a contact-form thread: admins only", () => {
    expect(mayReadThread({ id: 7, role: 'client' }, { booking_id: 3 }, booking)).toBe(true)
    expect(mayReadThread({ id: 8, role: 'client' }, { booking_id: 3 }, booking)).toBe(false)
    expect(mayReadThread({ id: 5, role: 'morgue_attendant' }, { booking_id: 3 }, booking)).toBe(true)
    expect(mayReadThread({ id: 5, role: 'morgue_attendant' }, { booking_id: null }, undefined)).toBe(false)
    expect(mayReadThread({ id: 1, role: 'admin' }, { booking_id: null }, undefined)).toBe(true)
    expect(mayReadThread({ id: 1, role: 'admin' }, { booking_id: 3 }, undefined)).toBe(false)
  })

  it("news is the other side's writing, never the welcome; staff lists hold only threads someone wrote in", () => {
    expect(newsAuthors('client')).toEqual(['morgue_attendant', 'admin'])
    expect(newsAuthors('admin')).toEqual(['client', 'visitor'])
    expect(newsAuthors('morgue_attendant')).toEqual(['client', 'visitor'])
    expect(listsThread('client', false)).toBe(true)
    expect(listsThread('admin', false)).toBe(false)
  })
})

describe('the wire shapes', () => {
  const base = { id: 2, unread: 0, last: null, updated_at: '2026-03-10T08:00:00.000Z', contact_name: null, contact_email: null, client_name: null }
  it("titles a booking's thread with the deceased and names the family; a contact thread with the visitor", () => {
    expect(threadSummary({ ...base, booking_id: 3, deceased: { first_name: 'John', last_name: 'Kamau' }, client_name: 'Mary' })).toMatchObject({ title: 'John Kamau', family_name: 'Mary' })
    expect(threadSummary({ ...base, booking_id: null, deceased: null, contact_name: 'Otieno', contact_email: 'o@x.ke' })).toMatchObject({ title: 'Otieno', family_name: 'o@x.ke' })
    expect(threadSummary({ ...base, booking_id: 3, deceased: null })).toMatchObject({ title: '', family_name: null })
  })

  it('marks the reader\'s own messages, and lists unread threads first, then the most recent', () => {
    const m = { id: 1, body: 'Hi', author_name: 'Mary', author_role: 'client' as const, author_id: 7, created_at: 'x' }
    expect(wireChatMessage(m, 7)).toEqual({ id: 1, body: 'Hi', author_name: 'Mary', author_role: 'client', mine: true, created_at: 'x' })
    expect(wireChatMessage(m, 1).mine).toBe(false)
    const threads = [
      { id: 1, unread: 0, updated_at: '2026-03-10' },
      { id: 2, unread: 1, updated_at: '2026-03-01' },
      { id: 3, unread: 0, updated_at: '2026-03-11' },
    ]
    expect([...threads].sort(threadOrder).map((t) => t.id)).toEqual([2, 3, 1])
  })
})
