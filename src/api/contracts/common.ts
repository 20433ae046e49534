import { z } from 'zod'

/** Ids arrive as numbers or strings depending on the server; the app always uses strings. */
export const Id = z.union([z.number(), z.string()]).transform((v) => String(v))

/** Money may come as a number or a numeric string (e.g. Postgres numeric). */
export const Money = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v)
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'Not a number' })
    return z.NEVER
  }
  return n
})

/** Every error body of /api carries a message. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.unknown()).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A list answer: accepts a bare array, `{ [key]: [...] }` or `{ data: [...] }` so the app is not
 * brittle about the envelope; always yields the array.
 */
export function listOf<T extends z.ZodType>(key: string, item: T) {
  const arr = z.array(item)
  return z.union([
    arr,
    z.object({ [key]: arr }).transform((o) => o[key] as z.infer<typeof arr>),
    z.object({ data: arr }).transform((o) => o.data),
  ])
}

export const Pagination = z.object({
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  limit: z.number().int().positive().optional(),
})
export type Pagination = z.infer<typeof Pagination>
