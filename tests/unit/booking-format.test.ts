import { describe, expect, it } from 'vitest'
import { addDays, nairobiDay } from '../../shared/dates'
import { formatDate, formatDateTime, formatKsh, formatNumber } from '../../src/lib/format'
import { deceasedSchema, scheduleSchema, BOOKING_MESSAGES } from '../../machines/booking/booking-schemas'

describe('nairobiDay', () => {
  it("is Nairobi's calendar day, not UTC's: 22:30 UTC is already tomorrow in Nairobi", () => {
    expect(nairobiDay(new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-10')
    expect(nairobiDay(new Date('2026-03-09T20:59:59Z'))).toBe('2026-03-09')
    expect(nairobiDay(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01')
  })

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })

  it('lets the schemas accept "today" right after Nairobi midnight, when UTC is still on yesterday', () => {
    const today = nairobiDay(new Date('2026-03-09T21:30:00Z')) // 00:30 in Nairobi on the 10th
    expect(deceasedSchema(today).shape.dateOfDeath.safeParse('2026-03-10').success).toBe(true)
    expect(scheduleSchema(today).shape.date.safeParse('2026-03-10').success).toBe(true)
    expect(scheduleSchema(today).shape.date.safeParse('2026-03-09').error?.issues[0]?.message).toBe(BOOKING_MESSAGES.serviceDatePast)
    expect(deceasedSchema(today).shape.dateOfDeath.safeParse('2026-03-11').error?.issues[0]?.message).toBe(BOOKING_MESSAGES.dateOfDeathFuture)
  })

  it('reports a missing date once, with the required message', () => {
    const issues = scheduleSchema('2026-03-10').safeParse({ date: '', time: '', venue: '', specialRequests: '' }).error?.issues ?? []
    expect(issues.map((i) => i.message)).toEqual(['Service date is required', 'Service time is required'])
  })

  it('keeps the service time within the opening hours, 08:00 to 17:00', () => {
    const at = (time: string) => scheduleSchema('2026-03-10').safeParse({ date: '2026-03-11', time, venue: '', specialRequests: '' }).error?.issues.map((i) => i.message) ?? []
    expect(at('08:00')).toEqual([])
    expect(at('17:00')).toEqual([])
    expect(at('07:59')).toEqual(['Service time must be between 08:00 and 17:00, our opening hours'])
    expect(at('21:30')).toEqual(['Service time must be between 08:00 and 17:00, our opening hours'])
  })
})

describe('formatting', () => {
  it("writes amounts as 'KSH 5,000'", () => {
    expect(formatKsh(5000)).toBe('KSH 5,000')
    expect(formatKsh(0)).toBe('KSH 0')
    expect(formatKsh(1234567)).toBe('KSH 1,234,567')
    expect(formatKsh(99.5)).toBe('KSH 99.5')
  })

  it('writes whole amounts exactly as Intl does in both languages, without making a formatter', () => {
    const values = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 123456, 1000000, 1234567, -1, -999, -1000, -2500, -1234567, 2 ** 53 - 1, -(2 ** 53 - 1)]
    for (let i = 0; i < 200; i++) values.push(Math.floor((i * 7919) ** 1.7))
    for (const locale of ['en-KE', 'sw-KE']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
      for (const n of values) expect([locale, formatNumber(n)]).toEqual([locale, intl.format(n)])
    }
    // Only whole numbers take the short way; fractions, huge and odd values are Intl's.
    expect(formatKsh(1234.567)).toBe('KSH 1,234.57')
    expect(formatNumber(2 ** 60)).toBe(new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(2 ** 60))
  })

  it('shows a bare date as that Nairobi day and a zone-less date-time as Nairobi wall-clock time', () => {
    expect(formatDate('2026-03-10')).toBe('10 Mar 2026')
    expect(formatDateTime('2026-03-10T14:30:00')).toBe('10 Mar 2026, 14:30')
    // An instant late on the 9th in UTC is the 10th in Nairobi.
    expect(formatDate('2026-03-09T22:00:00.000Z')).toBe('10 Mar 2026')
    expect(formatDateTime('2026-03-09T22:00:00.000Z')).toBe('10 Mar 2026, 01:00')
  })

  it('shows unreadable or missing dates without crashing', () => {
    expect(formatDate('not a date')).toBe('not a date')
    expect(formatDate(null)).toBe('')
    expect(formatDateTime(undefined)).toBe('')
  })
})
