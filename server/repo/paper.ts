/** The paper trail's numbers and the payments a booking's papers list (SQL only). */
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { paperCounters, paperNumbers, payments } from '../db/schema'

/**
 * The number of a paper: the one it was given, else the next of its kind and year, taken in one
 * transaction under the counter row's lock, so two first downloads at once get one number between
 * them and no number is ever skipped.
 */
export async function numberFor(db: Db, kind: string, subjectId: number, year: number, format: (seq: number) => string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.insert(paperCounters).values({ kind, year, last: 0 }).onConflictDoNothing()
    await tx.execute(sql`SELECT last FROM paper_counters WHERE kind = ${kind} AND year = ${year} FOR UPDATE`)
    const [given] = await tx.select({ number: paperNumbers.number }).from(paperNumbers).where(sql`${paperNumbers.kind} = ${kind} AND ${paperNumbers.subjectId} = ${subjectId}`)
    if (given) return given.number
    const [counter] = await tx
      .update(paperCounters)
      .set({ last: sql`${paperCounters.last} + 1` })
      .where(sql`${paperCounters.kind} = ${kind} AND ${paperCounters.year} = ${year}`)
      .returning({ last: paperCounters.last })
    const number = format(counter?.last ?? 1)
    await tx.insert(paperNumbers).values({ kind, subjectId, number })
    return number
  })
}

/** A booking's payments (the family's and the relatives' contributions), oldest first. */
export function paymentsOfBooking(db: Db, bookingId: number) {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.paymentDate), asc(payments.id))
}
