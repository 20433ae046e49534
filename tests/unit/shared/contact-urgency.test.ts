import { describe, expect, it } from 'vitest'
import { contactMessageOf, isUrgentMessage, urgentMessageSms } from '../../../shared/contact-urgency'
import { isCallablePhone } from '../../../shared/contracts/contact'
import { threadOrder, threadSummary } from '../../../shared/messages'

describe('which website messages cannot wait', () => {
  it.each([
    'My father died this morning… can you collect him today?',
    'Our grandmother passed away an hour ago at Kenyatta hospital',
    'Please come and take the body today, we are in Kitengela',
    'URGENT: we need a hearse',
    'Mama amefariki leo asubuhi. Tafadhali mje kuchukua mwili.',
    'Baba ameaga dunia usiku huu',
    'Ni dharura, tupigieni',
    'DIED—THIS MORNING!',
  ])('urgent: %s', (text) => expect(isUrgentMessage(text)).toBe(true))

  it.each([
    'Do you open on Sundays?',
    'How much is embalming? My aunt died last year.',
    'I know you do cremations, what does it cost?',
    'Is the chapel available next month for a memorial?',
    'Habari, bei ya jeneza ni ngapi?',
    '',
  ])('not urgent: %s', (text) => expect(isUrgentMessage(text)).toBe(false))

  it('keeps the phone only when one was given, and the e-mail as sign-in would', () => {
    expect(contactMessageOf({ name: ' Kamau ', email: 'Kamau@Example.co.ke', message: ' Died today ', phone: ' ' })).toEqual({
      name: 'Kamau',
      email: 'kamau@example.co.ke',
      message: 'Died today',
      phone: null,
      urgent: true,
    })
    expect(contactMessageOf({ name: 'A', email: 'a@b.ke', message: 'Hi', phone: '+44 20 7946 0958' }).phone).toBe('+44 20 7946 0958')
  })

  it('takes any number someone can dial, here or abroad, and nothing else', () => {
    for (const ok of ['0712345678', '+254 712 345 678', '(020) 123-4567', '+44 20 7946 0958']) expect(isCallablePhone(ok)).toBe(true)
    for (const bad of ['call me', '12345', '0712abc678', '+254 712 345 678 999 999']) expect(isCallablePhone(bad)).toBe(false)
  })

  it("the admins' SMS says who, how to reach them and what they wrote, in one SMS page, in English or Kiswahili", () => {
    const m = { name: 'Kamau', phone: '0712345678', email: 'k@x.ke', message: 'My father died this morning at home in Ruaka. Can you collect him today? We are waiting.' }
    const en = urgentMessageSms('en', 'Amani Funeral Home', m)
    expect(en).toMatch(/^Amani Funeral Home: URGENT message from Kamau \(0712345678\): "My father died this morning/)
    expect(en.length).toBeLessThanOrEqual(160)
    expect(urgentMessageSms('sw', 'Amani', { ...m, phone: null })).toContain('UJUMBE WA DHARURA kutoka kwa Kamau (k@x.ke)')
  })

  it('an urgent thread leads the inbox until someone of the home has answered', () => {
    const base = { booking_id: null, deceased: null, client_name: null, contact_name: 'Kamau', contact_email: 'k@x.ke', contact_phone: '0712345678', unread: 1, last: null }
    const urgent = threadSummary({ ...base, id: 1, urgent_flag: true, answered: false, updated_at: '2026-03-10T08:00:00.000Z' })
    const answered = threadSummary({ ...base, id: 2, urgent_flag: true, answered: true, updated_at: '2026-03-10T09:00:00.000Z' })
    const newer = threadSummary({ ...base, id: 3, urgent_flag: false, updated_at: '2026-03-10T10:00:00.000Z' })
    expect([urgent.urgent, answered.urgent, newer.urgent]).toEqual([true, false, false])
    expect([newer, answered, urgent].sort(threadOrder).map((t) => t.id)).toEqual([1, 3, 2])
    expect(urgent.contact_phone).toBe('0712345678')
  })
})
