/**
 * One shape for bad input on both backends: 422 `{ message, errors: { field: message } }`. The
 * message names the field whenever zod's own wording would not ("deceased_id: Invalid input"
 * rather than a bare "Invalid input"); a schema's own message ("First name is required") is kept.
 */
import en from 'zod/v4/locales/en.js'
import { z } from 'zod/mini'
import { BOOKING_SORTS, MSG_BOOKING_SORT } from './booking-search'

const englishErrors = en().localeError

type Issue = z.core.$ZodIssue

/** True when the issue's message is zod's default wording (no schema-specific message). */
function isDefaultMessage(issue: Issue): boolean {
  try {
    const fallback = englishErrors(issue as never)
    const text = typeof fallback === 'string' ? fallback : fallback?.message
    return text === issue.message
  } catch {
    return false
  }
}

export function describeIssues(issues: readonly Issue[]): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const named = (issue: Issue) => {
    const path = issue.path.map(String).join('.')
    return path && (issue.code === 'invalid_type' || isDefaultMessage(issue)) ? `${path}: ${issue.message}` : issue.message
  }
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    if (!(key in errors)) errors[key] = issue.message
  }
  const first = issues[0]
  return { message: first ? named(first) : 'Invalid request', errors }
}

/**
 * Optional paging of a list (`?page=&limit=`): both absent = the whole list, as the app reads it
 * today; either present = one page and `pagination: { total, pages, page, limit }`.
 */
const PAGE = z.coerce.number().check(z.int('page must be a whole number'), z.gte(1, 'page must be at least 1'), z.lte(1_000_000, 'page is too large'))
const LIMIT = z.coerce.number().check(z.int('limit must be a whole number'), z.gte(1, 'limit must be between 1 and 100'), z.lte(100, 'limit must be between 1 and 100'))
export const PageQuery = z.object({
  page: z.optional(PAGE),
  limit: z.optional(LIMIT),
})
/**
 * A list that is always paged (documents, users): page 1 and `limit` a page unless asked. A page
 * past 1,000,000 (say 99999999999999999999) is a 422, never an offset the database cannot hold.
 */
export const listQuery = (limit = 10) => z.object({ page: z._default(PAGE, 1), limit: z._default(LIMIT, limit) })
export const ListQuery = listQuery()
export type PageQuery = z.infer<typeof PageQuery>
/**
 * The admin's GET /bookings: one page (page, limit), a status, words to find in the deceased's or
 * the family's name (search, as /users and /documents take it) and the order (sort); without page and limit the whole list, as before.
 */
export const BookingsQuery = z.extend(PageQuery, {
  status: z.optional(z.string()),
  search: z.optional(z.string().check(z.maxLength(200, 'search is too long'))),
  sort: z.optional(z.enum(BOOKING_SORTS, MSG_BOOKING_SORT)),
})
export type BookingsQuery = z.infer<typeof BookingsQuery>
/** The page asked for, or null for the whole list. */
export function pageOf(q: PageQuery): { page: number; limit: number } | null {
  if (q.page === undefined && q.limit === undefined) return null
  return { page: q.page ?? 1, limit: q.limit ?? 20 }
}

/**
 * An id as the API takes it in a path: digits only, at most nine (a database integer), above 0;
 * null for anything else (the caller answers 404, as for an id that does not exist).
 */
export function pathIdOf(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/** An id from a JSON body (a number or a numeric string) as a positive database integer, or null. */
export function toIntId(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null
}
