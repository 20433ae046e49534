/** The service agreements families signed (SQL only): one row per revision, changed only by its void. */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serviceAgreements } from '../db/schema'
import type { AgreementRecord } from '../../shared/paper/agreement'

type Row = typeof serviceAgreements.$inferSelect
export type AgreementRow = Row

export const toRecord = (r: Row): AgreementRecord => ({
  id: r.id,
  booking_id: r.bookingId,
  revision: r.revision,
  signer_id: r.signerId,
  signed_name: r.signedName,
  signed_at: r.signedAt.toISOString(),
  ip: r.ip,
  user_agent: r.userAgent,
  document_sha256: r.documentSha256,
  sha256: r.sha256,
  voided_at: r.voidedAt?.toISOString() ?? null,
  voided_by: r.voidedBy,
  void_reason: r.voidReason,
})

export const agreementsOf = (db: Db, bookingId: number) => db.select().from(serviceAgreements).where(eq(serviceAgreements.bookingId, bookingId)).orderBy(asc(serviceAgreements.revision))

/** Keeps a signed revision; undefined when another signing of this booking got there first (the unique indexes). */
export async function insertAgreement(db: Db, row: typeof serviceAgreements.$inferInsert): Promise<Row | undefined> {
  const [inserted] = await db.insert(serviceAgreements).values(row).onConflictDoNothing().returning()
  return inserted
}

/** Voids the revision in force (once: a second void finds none). */
export async function voidAgreement(db: Db, id: number, by: number, reason: string, now: Date): Promise<boolean> {
  const done = await db
    .update(serviceAgreements)
    .set({ voidedAt: now, voidedBy: by, voidReason: reason })
    .where(and(eq(serviceAgreements.id, id), isNull(serviceAgreements.voidedAt)))
    .returning({ id: serviceAgreements.id })
  return done.length > 0
}
