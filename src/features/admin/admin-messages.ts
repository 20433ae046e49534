/**
 * The words of the admin Dashboard, Users and Settings screens (SPEC.md section 8 where it has them).
 * The toasts of the users and dashboard flows live with their machines (machines/admin).
 */
export const adminMessages = {
  users: {
    confirmDelete: 'Are you sure you want to delete this user?',
    searchHint: 'Name, email or phone, across all users.',
  },
  settings: {
    localNote: 'Settings are kept by the server: every admin sees and changes the same ones. The contact details are the ones the public site shows.',
  },
} as const

/** '+12%', '-3%' or 'No change' (SPEC.md section 9). */
export function trendText(trend: number): string {
  if (!Number.isFinite(trend) || trend === 0) return 'No change'
  const rounded = Math.round(trend * 10) / 10
  return `${rounded > 0 ? '+' : ''}${rounded}%`
}

/** 'n items' or 'None' (SPEC.md section 9). */
export function pendingText(n: number): string {
  if (n <= 0) return 'None'
  return n === 1 ? '1 item' : `${n} items`
}

/** "5 minutes ago", relative to `now` (ms). */
export function relativeTime(iso: string, now: number): string {
  const then = new Date(iso).getTime()
  if (!Number.isFinite(then)) return ''
  const seconds = Math.round((then - now) / 1000)
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  const abs = Math.abs(seconds)
  if (abs < 60) return 'just now'
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute')
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour')
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day')
  if (abs < 86400 * 365) return rtf.format(Math.round(seconds / (86400 * 30)), 'month')
  return rtf.format(Math.round(seconds / (86400 * 365)), 'year')
}
