/**
 * A whole number grouped by threes with commas, exactly as Intl writes it in Kenyan English and
 * Kenyan Kiswahili (a unit test compares the two), or null for anything else (a fraction, an
 * unsafe integer), which goes to Intl. The first Intl.NumberFormat a page makes loads ICU's number
 * data: about 120 ms of main thread at 4x CPU slowdown, inside the hydration of the home page and
 * of the contribution page, which show only whole shillings.
 */
export function wholeNumber(n: number): string | null {
  if (!Number.isSafeInteger(n)) return null
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits
}
