/** Financial figures and the admin dashboard's statistics, computed from the database. */
import { contributionCustomer } from '../../shared/contracts/contributions'
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, sum } from 'drizzle-orm'
import type { Db } from '../db/client'
import { activities, bookingLines, bookings, documents, payments, users } from '../db/schema'
import { trend, windowStart } from '../../shared/rules'
import { XLSX_MIME, buildReportFile } from '../../shared/report'
import type { ReportLanguage, ReportType, Timeframe } from '../../shared/contracts/payments'

const DAY = 24 * 60 * 60 * 1000

async function revenueBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.status, 'completed'), gte(payments.paymentDate, from), lte(payments.paymentDate, to)))
  return Number(row?.total ?? 0)
}

export async function summarise(db: Db, timeframe: Timeframe, now = new Date()) {
  const from = windowStart(timeframe, now.getTime())
  const [paid] = await db
    .select({ total: sum(payments.amount), n: count() })
    .from(payments)
    .where(and(eq(payments.status, 'completed'), gte(payments.paymentDate, from), lte(payments.paymentDate, now)))
  const [booked] = await db
    .select({
      n: count(),
      pending: sql<number>`count(*) filter (where ${bookings.paymentStatus} in ('pending', 'partial') and ${bookings.status} <> 'cancelled')`.mapWith(Number),
    })
    .from(bookings)
    .where(and(gte(bookings.createdAt, from), lte(bookings.createdAt, now)))
  const totalRevenue = Number(paid?.total ?? 0)
  const completedPayments = paid?.n ?? 0
  return {
    totalRevenue,
    totalBookings: booked?.n ?? 0,
    avgTransactionValue: completedPayments ? Math.round(totalRevenue / completedPayments) : 0,
    pendingPayments: booked?.pending ?? 0,
    completedPayments,
  }
}

export async function transactions(db: Db, timeframe: Timeframe, now = new Date()) {
  const rows = await db
    .select({ p: payments, customer: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.clientId))
    .where(and(gte(payments.paymentDate, windowStart(timeframe, now.getTime())), lte(payments.paymentDate, now)))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
  const bookingIds = [...new Set(rows.map((r) => r.p.bookingId))]
  const lines = bookingIds.length ? await db.select().from(bookingLines).where(inArray(bookingLines.bookingId, bookingIds)).orderBy(bookingLines.id) : []
  return rows.map(({ p, customer }) => {
    const services = lines.filter((l) => l.bookingId === p.bookingId).map((l) => l.serviceName).join(', ')
    return {
      id: p.id,
      date: p.paymentDate.toISOString(),
      description: `Booking #${p.bookingId}${services ? ` – ${services}` : ''}`,
      paymentMethod: p.paymentMethod === 'mpesa' ? 'M-Pesa' : 'Other',
      // A relative's contribution names the relative: the family did not pay it.
      customer: p.contributorName ? contributionCustomer(p.contributorName) : (customer ?? 'Former client'),
      amount: p.amount,
      status: p.status,
      receipt: p.transactionId,
    }
  })
}

/** Per service: lines booked in the window (not cancelled) and their value. */
export async function serviceBreakdown(db: Db, timeframe: Timeframe, now = new Date()) {
  const rows = await db
    .select({ service: bookingLines.serviceName, bookings: sql<number>`sum(${bookingLines.quantity})`.mapWith(Number), revenue: sql<number>`sum(${bookingLines.priceAtBooking} * ${bookingLines.quantity})`.mapWith(Number) })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(and(gte(bookings.createdAt, windowStart(timeframe, now.getTime())), lte(bookings.createdAt, now), sql`${bookings.status} <> 'cancelled'`))
    .groupBy(bookingLines.serviceName)
  return rows.sort((a, b) => b.revenue - a.revenue || a.service.localeCompare(b.service))
}

export { XLSX_MIME }

/** A real .xlsx (shared/report.ts), as the mock's. */
export async function buildReport(db: Db, timeframe: Timeframe, type: ReportType, language: ReportLanguage = 'en'): Promise<Uint8Array> {
  const bytes = await buildReportFile({ timeframe, type, language, summary: await summarise(db, timeframe), payments: () => transactions(db, timeframe), services: () => serviceBreakdown(db, timeframe) })
  return new Uint8Array(bytes)
}

export async function adminStatistics(db: Db, now = new Date()) {
  const cur = new Date(now.getTime() - 30 * DAY)
  const prev = new Date(now.getTime() - 60 * DAY)
  const countBetween = async (table: typeof users | typeof bookings, from: Date, to: Date) => {
    const [row] = await db.select({ n: count() }).from(table).where(and(gte(table.createdAt, from), lt(table.createdAt, to)))
    return row?.n ?? 0
  }
  const [[u], [active], [pendingDocs], monthlyRevenue, previousRevenue, usersNow, usersBefore, bookingsNow, bookingsBefore, recent] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(bookings)
      .where(or(eq(bookings.status, 'pending'), eq(bookings.status, 'confirmed'), eq(bookings.status, 'in_progress'))),
    db.select({ n: count() }).from(documents).where(eq(documents.status, 'pending')),
    revenueBetween(db, cur, now),
    revenueBetween(db, prev, cur),
    countBetween(users, cur, now),
    countBetween(users, prev, cur),
    countBetween(bookings, cur, now),
    countBetween(bookings, prev, cur),
    db.select().from(activities).orderBy(desc(activities.time), desc(activities.id)).limit(10),
  ])
  return {
    stats: {
      totalUsers: u?.n ?? 0,
      activeBookings: active?.n ?? 0,
      monthlyRevenue,
      pendingApprovals: pendingDocs?.n ?? 0,
      usersTrend: trend(usersNow, usersBefore),
      bookingsTrend: trend(bookingsNow, bookingsBefore),
      revenueTrend: trend(monthlyRevenue, previousRevenue),
    },
    recentActivities: recent.map((a) => ({ id: a.id, type: a.type, message: a.message, time: a.time.toISOString() })),
  }
}
