/** Financial figures and the admin dashboard's statistics, computed from the database. */
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, sum } from 'drizzle-orm'
import type { Db } from '../db/client'
import { activities, bookingLines, bookings, documents, morgueCare, payments, users } from '../db/schema'
import { reportWindow, trend } from '../../shared/rules'
import { XLSX_MIME, buildReportFile, chargesOf, serviceRows, summaryOf, transactionRows } from '../../shared/report'
import type { ReportLanguage, ReportPeriod, ReportType } from '../../shared/contracts/payments'
import { settledOutside } from '../../shared/urgency'

const DAY = 24 * 60 * 60 * 1000

async function revenueBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.status, 'completed'), gte(payments.paymentDate, from), lte(payments.paymentDate, to)))
  return Number(row?.total ?? 0)
}

/** The figures of a period: its completed payments and its bookings, read here, summed by shared/report.ts. */
export async function summarise(db: Db, timeframe: ReportPeriod, now = new Date()) {
  const { from, to } = reportWindow(timeframe, now.getTime())
  const [completed, booked] = await Promise.all([
    db
      .select({ amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.status, 'completed'), gte(payments.paymentDate, from), lte(payments.paymentDate, to))),
    db
      .select({
        createdAt: bookings.createdAt,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        totalAmount: bookings.totalAmount,
        // Every completed payment of the booking, a relative's contribution among them (a sum is a bigint: text from node-postgres).
        amountPaid: sql<string | number>`COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.booking_id = bookings.id AND p.status = 'completed'), 0)`,
        // What the invoice charges today: the fixed lines, and storage at its daily rate for the days in care (from the care record).
        fixedLines: sql<string | number>`COALESCE((SELECT SUM(l.price_at_booking * l.quantity) FROM booking_lines l LEFT JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = bookings.id AND NOT COALESCE(sv.per_day, false)), 0)`,
        dailyRate: sql<string | number | null>`(SELECT l.price_at_booking FROM booking_lines l JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = bookings.id AND sv.per_day ORDER BY l.id LIMIT 1)`,
        receivedAt: morgueCare.receivedAt,
        releasedAt: morgueCare.releasedAt,
        // The office's last word on the payment status, and the payments before its latest "paid": what it took outside the app.
        lastMarked: sql<string | null>`(SELECT a."to" FROM booking_audit a WHERE a.booking_id = bookings.id AND a.field = 'payment_status' ORDER BY a.at DESC, a.id DESC LIMIT 1)`,
        paidWhenMarked: sql<string | number | null>`(SELECT COALESCE(SUM(p.amount), 0) FROM payments p WHERE p.booking_id = bookings.id AND p.status = 'completed'
          AND p.payment_date <= (SELECT MAX(a.at) FROM booking_audit a WHERE a.booking_id = bookings.id AND a.field = 'payment_status' AND a."to" = 'paid'))`,
      })
      .from(bookings)
      .leftJoin(morgueCare, eq(morgueCare.bookingId, bookings.id))
      .where(and(gte(bookings.createdAt, from), lte(bookings.createdAt, to))),
  ])
  return summaryOf(
    completed,
    booked.map((b) => ({
      createdAt: b.createdAt,
      status: b.status,
      paymentStatus: b.paymentStatus,
      totalAmount: Number(b.totalAmount),
      amountPaid: Number(b.amountPaid),
      chargesToDate: chargesOf({ fixed: Number(b.fixedLines), dailyRate: b.dailyRate === null ? null : Number(b.dailyRate), receivedAt: b.receivedAt ?? b.createdAt, releasedAt: b.releasedAt, now }),
      settledOutside: settledOutside(
        { payment_status: b.paymentStatus, total_amount: Number(b.totalAmount), amount_paid: Number(b.amountPaid), audit: b.lastMarked === null ? [] : [{ field: 'payment_status', to: b.lastMarked }] },
        b.paidWhenMarked === null ? null : Number(b.paidWhenMarked),
      ),
    })),
    now,
  )
}

export async function transactions(db: Db, timeframe: ReportPeriod, now = new Date()) {
  const { from, to } = reportWindow(timeframe, now.getTime())
  const rows = await db
    .select({ p: payments, customer: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.clientId))
    .where(and(gte(payments.paymentDate, from), lte(payments.paymentDate, to)))
  const bookingIds = [...new Set(rows.map((r) => r.p.bookingId))]
  const lines = bookingIds.length ? await db.select().from(bookingLines).where(inArray(bookingLines.bookingId, bookingIds)).orderBy(bookingLines.id) : []
  return transactionRows(
    rows.map(({ p, customer }) => ({
      id: p.id,
      bookingId: p.bookingId,
      date: p.paymentDate.toISOString(),
      method: p.paymentMethod,
      status: p.status,
      amount: p.amount,
      receipt: p.transactionId,
      contributorName: p.contributorName,
      clientName: customer,
    })),
    (bookingId) => lines.filter((l) => l.bookingId === bookingId).map((l) => l.serviceName),
  )
}

/** Per service: lines booked in the window (not cancelled) and their value. */
export async function serviceBreakdown(db: Db, timeframe: ReportPeriod, now = new Date()) {
  const { from, to } = reportWindow(timeframe, now.getTime())
  const lines = await db
    .select({ service: bookingLines.serviceName, quantity: bookingLines.quantity, price: bookingLines.priceAtBooking })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(and(gte(bookings.createdAt, from), lte(bookings.createdAt, to), sql`${bookings.status} <> 'cancelled'`))
  return serviceRows(lines)
}

export { XLSX_MIME }

/** A real .xlsx (shared/report.ts), as the mock's. */
export async function buildReport(db: Db, timeframe: ReportPeriod, type: ReportType, language: ReportLanguage = 'en'): Promise<Uint8Array> {
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
