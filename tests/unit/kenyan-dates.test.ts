import { describe, expect, it } from 'vitest'
import { kenyanDate, parseKenyanDate, parseKenyanTime } from '../../src/lib/kenyan-dates'

describe('dates and times typed the Kenyan way', () => {
  it('reads DD/MM/YYYY (and ISO), refuses a day that does not exist or the US order', () => {
    expect(parseKenyanDate('05/03/2026')).toBe('2026-03-05')
    expect(parseKenyanDate(' 5-3-2026 ')).toBe('2026-03-05')
    expect(parseKenyanDate('2026-03-05')).toBe('2026-03-05')
    expect(parseKenyanDate('31/02/2026')).toBeNull()
    expect(parseKenyanDate('03/25/2026')).toBeNull()
    expect(parseKenyanDate('05/03')).toBeNull()
    expect(kenyanDate('2026-03-05')).toBe('05/03/2026')
    expect(kenyanDate('')).toBe('')
  })

  it('reads a 24-hour time, never AM/PM', () => {
    expect(parseKenyanTime('9:05')).toBe('09:05')
    expect(parseKenyanTime('1730')).toBe('17:30')
    expect(parseKenyanTime('17.30')).toBe('17:30')
    expect(parseKenyanTime('24:00')).toBeNull()
    expect(parseKenyanTime('10:30 PM')).toBeNull()
  })
})
