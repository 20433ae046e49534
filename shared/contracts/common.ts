import { z } from 'zod/mini'

/** Ids arrive as numbers or strings depending on the server; the app always uses strings. */
export const Id = z.pipe(z.union([z.number(), z.string()]), z.transform((v) => String(v)))

/** Money may come as a number or a numeric string (e.g. Postgres numeric). */
export const Money = z.pipe(z.union([z.number(), z.string()]), z.transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v)
  if (!Number.isFinite(n)) {
    ctx.issues.push({ code: 'custom', message: 'Not a number', input: v })
    return z.NEVER
  }
  return n
}))

/** Every error body of /api carries a message. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.unknown())),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A list answer: accepts a bare array, `{ [key]: [...] }` or `{ data: [...] }` so the app is not
 * brittle about the envelope; always yields the array.
 */
export function listOf<T extends z.ZodMiniType>(key: string, item: T) {
  const arr = z.array(item)
  return z.union([
    arr,
    z.pipe(z.object({ [key]: arr }), z.transform((o) => o[key] as z.infer<typeof arr>)),
    z.pipe(z.object({ data: arr }), z.transform((o) => o.data)),
  ])
}

export const Pagination = z.object({
  total: z.number().check(z.int(), z.nonnegative()),
  pages: z.number().check(z.int(), z.nonnegative()),
  page: z.optional(z.number().check(z.int(), z.positive())),
  limit: z.optional(z.number().check(z.int(), z.positive())),
})
export type Pagination = z.infer<typeof Pagination>

/** A value the server may leave out or send as null: always null when absent. */
export const orNull = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.nullish(schema), z.transform((v) => v ?? null))
/** A list the server may leave out or send as null: always an array. */
export const orEmpty = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(z.nullish(z.array(item)), z.transform((v) => v ?? []))
/** A text the server may leave out or send as null: always a string. */
export const orEmptyText = z.pipe(z.nullish(z.string()), z.transform((v) => v ?? ''))

/** A request body that is not JSON (400), on both backends. */
export const MSG_MALFORMED_JSON = 'Malformed JSON in request body'
/** What a request that hit a bug is answered (500), never with its stack. */
export const MSG_SERVER_ERROR = 'Something went wrong on the server. Please try again.'
