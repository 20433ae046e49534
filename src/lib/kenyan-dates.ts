/**
 * Dates and times as typed and read in Kenya (DD/MM/YYYY, 24 h), whatever the phone's locale: a
 * browser's own date and time boxes follow the phone (mm/dd/yyyy, "10:30 PM" on many). The forms
 * keep ISO values ('YYYY-MM-DD', 'HH:MM'), so their rules and messages are unchanged.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD' when the text is a real day typed as D/M/YYYY (with /, -, . or spaces), or already ISO; else null. */
export function parseKenyanDate(text: string): string | null {
  const t = text.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)
  const kenyan = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(t)
  const [y, m, d] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : kenyan ? [Number(kenyan[3]), Number(kenyan[2]), Number(kenyan[1])] : [0, 0, 0]
  if (!y) return null
  const day = new Date(Date.UTC(y, m - 1, d))
  // 31/02 or 13/13 is no day at all.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null
  return `${y}-${pad(m)}-${pad(d)}`
}

/** 'DD/MM/YYYY' for an ISO day; anything else as given. */
export function kenyanDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso
}

/** 'HH:MM' (24 h) when the text is a time of day typed as H:MM, HH.MM or HHMM; else null. */
export function parseKenyanTime(text: string): string | null {
  const m = /^(\d{1,2})[:.\s]?(\d{2})$/.exec(text.trim())
  if (!m) return null
  const h = Number(m[1])
  const min = Number(m[2])
  return h < 24 && min < 60 ? `${pad(h)}:${pad(min)}` : null
}
