/** The demo data both backends seed, tested once, directly (the mock's and the server's seeds only store these rows). */
import { describe, expect, it } from 'vitest'
import { DAY, demoData } from '../../../shared/demo/data'
import { samplePdf, samplePng, sampleDocumentFile } from '../../../shared/demo/files'
import { DEMO_ACCOUNTS, SEED_USER_PASSWORD } from '../../../shared/demo-accounts'
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../shared/contracts/bookings'

const NOW = new Date('2026-06-15T07:30:00.000Z')
const data = demoData({ now: NOW })

describe('demo data', () => {
  it('lists the demo accounts first, with ids 1, 2, 3 in their listed order (the journeys rely on it)', () => {
    DEMO_ACCOUNTS.forEach((a, i) => {
      expect(data.users[i]).toMatchObject({ id: i + 1, email: a.email, name: a.name, role: a.role, password: a.password })
    })
  })

  it('gives every other account the published SEED_USER_PASSWORD', () => {
    for (const u of data.users.slice(DEMO_ACCOUNTS.length)) expect(u.password, u.email).toBe(SEED_USER_PASSWORD)
  })

  it('numbers each table 1, 2, 3, ... and every reference points at a row that exists', () => {
    for (const [table, rows] of Object.entries(data)) expect(rows.map((r: { id: number }) => r.id), table).toEqual(rows.map((_: unknown, i: number) => i + 1))
    const users = new Map(data.users.map((u) => [u.id, u]))
    const bookings = new Set(data.bookings.map((b) => b.id))
    const services = new Set(data.services.map((s) => s.id))
    for (const d of data.deceased) expect(users.get(d.client_id)?.role).toBe('client')
    for (const b of data.bookings) {
      expect(data.deceased.find((d) => d.id === b.deceased_id)?.client_id).toBe(b.client_id)
      if (b.attendant_id !== null) expect(users.get(b.attendant_id)?.role).not.toBe('client')
      b.lines.forEach((l, k) => {
        expect(l.id).toBe(b.id * 100 + k + 1)
        expect(services.has(l.service_id)).toBe(true)
      })
      expect(b.total_amount).toBe(b.lines.reduce((s, l) => s + l.price_at_booking * l.quantity, 0))
    }
    for (const x of [...data.documents, ...data.payments, ...data.morgueCare, ...data.custodyEvents]) expect(bookings.has(x.booking_id)).toBe(true)
    for (const a of data.activities) if (a.user_id !== null) expect(users.has(a.user_id)).toBe(true)
  })

  it('is rich: ~34 users, ~60 bookings over 14 months in every status, 12 months of payments, documents in every state', () => {
    expect(data.users.length).toBeGreaterThanOrEqual(28)
    expect(data.users.filter((u) => u.role === 'morgue_attendant').length).toBeGreaterThanOrEqual(4)
    expect(data.bookings.length).toBeGreaterThanOrEqual(58)
    for (const s of BOOKING_STATUSES) expect(data.bookings.some((b) => b.status === s), s).toBe(true)
    for (const s of PAYMENT_STATUSES) expect(data.bookings.some((b) => b.payment_status === s), s).toBe(true)
    const oldest = Math.min(...data.bookings.map((b) => Date.parse(b.created_at)))
    expect(NOW.getTime() - oldest).toBeGreaterThan(13 * 30 * DAY)
    expect(NOW.getTime() - oldest).toBeLessThan(15 * 31 * DAY)
    const months = new Set(data.payments.filter((p) => p.status === 'completed').map((p) => p.payment_date.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(11)
    for (const s of ['pending', 'approved', 'rejected']) expect(data.documents.some((d) => d.status === s), s).toBe(true)
  })

  it('every paid, partly paid or refunded booking has its completed payments to match', () => {
    for (const b of data.bookings) {
      const paid = data.payments.filter((p) => p.booking_id === b.id && p.status === 'completed').reduce((s, p) => s + p.amount, 0)
      if (b.payment_status === 'paid' || b.payment_status === 'refunded') expect(paid, `booking ${b.id}`).toBe(b.total_amount)
      if (b.payment_status === 'partial') expect(paid, `booking ${b.id}`).toBeGreaterThan(0)
      if (b.payment_status === 'pending') expect(paid, `booking ${b.id}`).toBe(0)
    }
  })

  it('gives the demo family its four bookings, one in each state a family meets', () => {
    const mary = data.users.find((u) => u.email === 'family@funeral.test')
    const own = data.bookings.filter((b) => b.client_id === mary?.id)
    expect(own.map((b) => [b.status, b.payment_status])).toEqual([
      ['completed', 'paid'],
      ['in_progress', 'paid'],
      ['confirmed', 'partial'],
      ['pending', 'pending'],
    ])
    expect(own.some((b) => b.has_notifications)).toBe(true)
  })

  it("leaves the demo attendant open bookings of the demo family only, two in the cold room with the start of their chain of custody", () => {
    const peter = data.users.find((u) => u.email === 'attendant@funeral.test')
    const open = data.bookings.filter((b) => b.attendant_id === peter?.id && ['pending', 'confirmed', 'in_progress'].includes(b.status))
    expect(open.map((b) => b.client_id)).toEqual([3, 3])
    // The completed ones' care ended with a release after their booked days of storage (closeFinishedCare).
    const finished = new Set(data.bookings.filter((b) => b.status === 'completed').map((b) => b.id))
    for (const m of data.morgueCare.filter((m) => finished.has(m.booking_id))) {
      const b = data.bookings.find((x) => x.id === m.booking_id)!
      const days = b.lines.find((l) => data.services.find((s) => s.id === l.service_id)?.per_day)?.quantity ?? 1
      expect(Date.parse(m.released_at ?? '') - Date.parse(m.received_at)).toBe(Math.max(1, days) * 24 * 3600 * 1000 - 3600 * 1000)
    }
    expect(data.morgueCare.filter((m) => !finished.has(m.booking_id)).map((m) => m.tasks)).toEqual([
      ['received', 'washed', 'embalmed'],
      ['received', 'washed'],
    ])
    expect(data.custodyEvents.map((e) => [e.kind, e.location])).toEqual([
      ['received', 'Mortuary receiving room'],
      ['moved_to_storage', 'Cold room, bay 7'],
      ['received', 'Mortuary receiving room'],
      ['moved_to_storage', 'Cold room, bay 3'],
    ])
  })

  it('puts nothing that has happened after now', () => {
    const at = [...data.payments.map((p) => p.payment_date), ...data.documents.map((d) => d.created_at), ...data.activities.map((a) => a.time), ...data.bookings.map((b) => b.created_at)]
    for (const iso of at) expect(Date.parse(iso)).toBeLessThanOrEqual(NOW.getTime())
  })

  it('is the same on every run, and moves with now: a week later, every date is a week later', () => {
    expect(demoData({ now: NOW })).toEqual(data)
    const later = demoData({ now: new Date(NOW.getTime() + 7 * DAY) })
    expect(later.bookings.map((b) => Date.parse(b.created_at) - 7 * DAY)).toEqual(data.bookings.map((b) => Date.parse(b.created_at)))
    expect(later.payments.map((p) => [p.amount, p.transaction_id])).toEqual(data.payments.map((p) => [p.amount, p.transaction_id]))
  })

  it('keeps what a user sees: names, phones, amounts and receipts (a change of the PRNG order shows here)', () => {
    expect(data.users.slice(7, 10).map((u) => [u.name, u.phone, u.created_at])).toEqual([
      ['John Mwangi', '0745339417', '2025-06-10T07:30:00.000Z'],
      ['Esther Wambui', '0741165484', '2025-06-21T23:30:00.000Z'],
      ['Samuel Ochieng', '0725023030', '2025-07-03T23:30:00.000Z'],
    ])
    expect(data.bookings.reduce((s, b) => s + b.total_amount, 0)).toBe(425800)
    expect(data.payments.filter((p) => p.status === 'completed').reduce((s, p) => s + p.amount, 0)).toBe(348650)
    expect(data.payments.filter((p) => p.transaction_id).slice(0, 3).map((p) => p.transaction_id)).toEqual(['SKA154RGDW', 'S8RLPL8971', 'S8MX6J5NV5'])
  })
})

describe('demo documents’ files', () => {
  it('a seeded PDF is a one-page PDF with its title; anything else is the sample PNG', () => {
    const pdf = sampleDocumentFile('application/pdf', 'Death certificate')
    expect(pdf.mime).toBe('application/pdf')
    expect(pdf.bytes).toEqual(samplePdf('Death certificate'))
    const text = new TextDecoder().decode(pdf.bytes)
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text).toContain('(Death certificate) Tj')
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    const png = sampleDocumentFile('image/png', 'Burial permit')
    expect(png.mime).toBe('image/png')
    expect([...png.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.bytes).toEqual(samplePng())
  })
})
