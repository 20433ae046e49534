/**
 * The admin's booking search, as the mock applies it (the server's SQL in server/repo/bookings.ts
 * says the same): the words, trimmed and case aside, found anywhere in "First Last" of the deceased
 * (or "Booking #id" when there is none) followed by the family's name.
 */
export function bookingMatches(b: { id: number | string; deceased_first_name: string; deceased_last_name: string; client_name: string }, search: string): boolean {
  const words = search.trim().toLowerCase()
  if (!words) return true
  const deceased = `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`
  return `${deceased} ${b.client_name}`.toLowerCase().includes(words)
}
