import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'

/**
 * The words of the admin Dashboard, Users and Settings screens (SPEC.md section 8 where it has them),
 * as Lingui descriptors shown with `t(...)`. The toasts of the users and dashboard flows live with
 * their machines (machines/admin).
 */
export const adminMessages = {
  users: {
    confirmDelete: msg`Are you sure you want to delete this user?`,
    searchHint: msg`Name, email or phone, across all users.`,
  },
  settings: {
    localNote: msg`Settings are kept by the server: every admin sees and changes the same ones. The contact details are the ones the public site shows.`,
  },
} as const

/** '+12%' or '-3%' (SPEC.md section 9); null for no change, which is said in words. */
export function trendPercent(trend: number): string | null {
  if (!Number.isFinite(trend) || trend === 0) return null
  const rounded = Math.round(trend * 10) / 10
  return `${rounded > 0 ? '+' : ''}${rounded}%`
}

/** 'n items' or 'None' (SPEC.md section 9). */
export function pendingText(n: number): MessageDescriptor {
  if (n <= 0) return msg`None`
  return msg`${plural(n, { one: '# item', other: '# items' })}`
}

/**
 * "5 minutes ago", relative to `now` (ms), in `locale` (an Intl locale: en-KE or sw-KE); under a
 * minute it is `justNow`, in the screen's language.
 */
export function relativeTime(iso: string, now: number, locale: string, justNow: string): string {
  const then = new Date(iso).getTime()
  if (!Number.isFinite(then)) return ''
  const seconds = Math.round((then - now) / 1000)
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const abs = Math.abs(seconds)
  if (abs < 60) return justNow
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute')
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour')
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day')
  if (abs < 86400 * 365) return rtf.format(Math.round(seconds / (86400 * 30)), 'month')
  return rtf.format(Math.round(seconds / (86400 * 365)), 'year')
}
