/**
 * Nairobi's offset from UTC. Kenya keeps East Africa Time all year (no daylight saving since the
 * 1940s), so Nairobi's wall clock is UTC's moved by three hours: reading it needs no time-zone
 * data. A phone's first Intl date formatter loads that data, 60–110 ms of a slowed phone's main
 * thread while a portal first draws (tests/unit/nairobi-time.test.ts holds this to Intl's answer).
 */
export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000

/** The instant's Nairobi wall clock, read with the UTC getters (getUTCHours() is Nairobi's hour). */
export function nairobiWallClock(at: Date | number): Date {
  return new Date((typeof at === 'number' ? at : at.getTime()) + NAIROBI_OFFSET_MS)
}

/**
 * The calendar day of an instant in Africa/Nairobi, 'YYYY-MM-DD' (today by default). ISO date
 * strings compare correctly as text. The app, the mock and the tests all take the day from here.
 */
export function nairobiDay(at: Date = new Date()): string {
  return nairobiWallClock(at).toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' shifted by whole days (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number)
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days))
  return date.toISOString().slice(0, 10)
}

/**
 * Orders ISO 8601 strings of one form ('YYYY-MM-DD', or full timestamps), as a sort's comparator:
 * such strings sort as plain text. Not `localeCompare`: its first call builds a collator for the
 * phone's locale, about 90 ms of a slowed phone's main thread while the family's dashboard draws.
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
