/**
 * Nairobi's wall clock read without Intl (shared/dates.ts, src/lib/format.ts) must give what Intl's
 * Africa/Nairobi gives, on every kind of instant: around midnight, month and year ends, leap days,
 * decades ahead. Intl is the oracle here only; the app no longer loads it to write a date.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { compareIso, nairobiDay } from '../../shared/dates'
import { formatClock, formatDate, formatDateTime, formatDayTime } from '../../src/lib/format'
import { activateLocale } from '../../src/lib/i18n'

const zone = { timeZone: 'Africa/Nairobi' } as const
/** Intl's short months differ between ICU versions ('Sept'); the app writes three letters. */
const threeLetters = (text: string) => text.replace('Sept', 'Sep')

function instants(): number[] {
  const out: number[] = []
  for (const year of [1999, 2024, 2026, 2028, 2031, 2099]) {
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [[1, 0, 0], [1, 20, 59], [1, 21, 0], [15, 12, 34], [28, 23, 59]] as const) out.push(Date.UTC(year, month, day, hour, minute))
    }
  }
  out.push(Date.UTC(2028, 1, 29, 21, 30), Date.UTC(2026, 11, 31, 21, 0), Date.UTC(2026, 11, 31, 20, 59, 59))
  return out
}

describe("Nairobi's wall clock without Intl", () => {
  it("gives Intl's Nairobi calendar day for every instant", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    for (const at of instants()) expect(nairobiDay(new Date(at)), new Date(at).toISOString()).toBe(intl.format(at))
  })

  afterAll(() => activateLocale('en'))
  for (const [locale, tag] of [['en', 'en-KE'], ['sw', 'sw-KE']] as const) {
    it(`writes dates and times as Intl's ${tag} does, in 24 hours`, async () => {
      await activateLocale(locale)
      const date = new Intl.DateTimeFormat(tag, { ...zone, day: 'numeric', month: 'short', year: 'numeric' })
      const dateTime = new Intl.DateTimeFormat(tag, { ...zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      const dayTime = new Intl.DateTimeFormat(tag, { ...zone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      const clock = new Intl.DateTimeFormat(tag, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      for (const at of instants()) {
        const iso = new Date(at).toISOString()
        expect(formatDate(iso), iso).toBe(threeLetters(date.format(at)))
        expect(formatDateTime(iso), iso).toBe(threeLetters(dateTime.format(at)))
        expect(formatDayTime(iso), iso).toBe(threeLetters(dayTime.format(at)))
        expect(formatClock(at), iso).toBe(clock.format(at))
      }
    })
  }
})

describe('compareIso: ISO strings of one form ordered as text, as localeCompare ordered them', () => {
  it('orders timestamps and days as time runs, whatever the locale', () => {
    const stamps = instants().map((t) => new Date(t).toISOString())
    const shuffled = [...stamps].reverse()
    expect(shuffled.sort(compareIso)).toEqual([...stamps].sort((a, b) => Date.parse(a) - Date.parse(b)))
    const days = stamps.map((s) => s.slice(0, 10))
    expect([...days].sort(compareIso)).toEqual([...days].sort((a, b) => a.localeCompare(b)))
  })

  it('answers 0 for the same instant and a sign for two others', () => {
    expect(compareIso('2026-11-29T09:00:00.000Z', '2026-11-29T09:00:00.000Z')).toBe(0)
    expect(compareIso('2026-11-29', '2026-11-30')).toBeLessThan(0)
    expect(compareIso('2026-12-01T00:00', '2026-11-30T23:59')).toBeGreaterThan(0)
  })
})
