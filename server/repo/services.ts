/** The service catalogue and its price table. */
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { preparedOn } from '../db/prepared'
import { bookingLines, services } from '../db/schema'
import type { PricingKey } from '../../shared/contracts/services'
import { pricingOf } from '../../shared/contracts/services-rules'

export type ServiceRow = typeof services.$inferSelect

export function toWireService(s: ServiceRow) {
  return { id: s.id, name: s.name, description: s.description, price: s.price, category: s.category, per_day: s.perDay, name_sw: s.nameSw, description_sw: s.descriptionSw, created_at: s.createdAt.toISOString(), pricing_key: s.pricingKey }
}

const allServices = (db: Db) => db.select().from(services).orderBy(asc(services.id)).prepare('services_all')

/** The catalogue, read by every visitor: a prepared statement. */
export const listServices = (db: Db): Promise<ServiceRow[]> => (preparedOn(db, 'services_all', allServices) ?? allServices(db)).execute()

export async function findService(db: Db, id: number): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id))
  return row
}

export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(sql`lower(trim(${services.name})) = ${name.trim().toLowerCase()}`)
  return rows.some((r) => r.id !== exceptId)
}

export async function createService(db: Db, input: { name: string; description: string; price: number; category: string | null; perDay?: boolean; nameSw?: string | null; descriptionSw?: string | null }): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(input).returning()
  if (!row) throw new Error('insert returned nothing')
  return row
}

export async function updateService(db: Db, id: number, change: Partial<Pick<ServiceRow, 'name' | 'description' | 'price' | 'category' | 'perDay' | 'nameSw' | 'descriptionSw'>>): Promise<ServiceRow | undefined> {
  if (Object.keys(change).length === 0) return findService(db, id)
  const [row] = await db.update(services).set(change).where(eq(services.id, id)).returning()
  return row
}

export async function serviceInUse(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: bookingLines.id }).from(bookingLines).where(eq(bookingLines.serviceId, id)).limit(1)
  return rows.length > 0
}

export async function deleteService(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id })
  return rows.length > 0
}

/** Sets lines of the price table, all in one transaction. */
export async function setPrices(db: Db, prices: ReadonlyArray<readonly [pricingKey: string, price: number]>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [pricingKey, price] of prices) await tx.update(services).set({ price }).where(eq(services.pricingKey, pricingKey))
  })
}

/** The price table: each line's service's price. */
export async function currentPricing(db: Db): Promise<Record<PricingKey, number>> {
  return pricingOf((await db.select({ pricing_key: services.pricingKey, price: services.price }).from(services)))
}
