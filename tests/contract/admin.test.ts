/** The admin's screens: users, statistics, the financial summary, transactions and the .xlsx report. */
import { describe, expect, it } from 'vitest'
import readXlsxFile from 'read-excel-file/node'
import { call, login, loginAs, nairobiDay, seed as db, useBackend } from './target'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { PaymentSummary, TransactionList } from '../../shared/contracts/payments'
import { AdminStatisticsResponse } from '../../shared/contracts/admin'
import { BookingList, BookingPage, type Booking } from '../../shared/contracts/bookings'
import { MSG_BOOKING_SORT, compareBookings, type BookingSort } from '../../shared/booking-search'
import { amountDueNow, serviceAt } from '../../shared/urgency'
import { officeAgenda } from '../../shared/office-agenda'

useBackend()

describe('financial summary, transactions and report', () => {
  it('summary and transactions agree with the seeded payments', async () => {
    const admin = await loginAs('admin')
    const DAY = 86_400_000
    // Each booking's balance as its invoice has it (storage for the days in care so far, less all paid), from the API's own answer.
    const answered = BookingList.parse((await call('GET', '/bookings', { token: admin })).json)
    const dueNow = new Map(answered.map((b) => [Number(b.id), amountDueNow(b)]))
    // The seed holds a body in care longer than its booked days: a report on the booked total would be caught here.
    expect(answered.some((b) => amountDueNow(b) !== amountDueNow({ ...b, charges_to_date: null }))).toBe(true)
    for (const [timeframe, days] of [['week', 7], ['month', 30], ['quarter', 90], ['half_year', 182], ['year', 365]] as const) {
      const from = new Date(Date.now() - days * DAY).toISOString()
      const completed = db.payment.findMany((q) => q.where({ status: 'completed', payment_date: (d) => d >= from }))
      const revenue = completed.reduce((s, p) => s + p.amount, 0)
      const summary = PaymentSummary.parse((await call('GET', `/payments/summary?timeframe=${timeframe}`, { token: admin })).json)
      expect(summary.totalRevenue).toBe(revenue)
      expect(summary.avgTransactionValue).toBe(completed.length ? Math.round(revenue / completed.length) : 0)
      const made = db.booking.findMany((q) => q.where({ created_at: (d) => d >= from }))
      expect(summary.totalBookings).toBe(made.length)
      // What the families of the period still owe: each balance (a relative's contribution paid counts), summed.
      const owing = made.map((b) => dueNow.get(b.id) ?? NaN).filter((due) => due > 0)
      expect(summary.pendingPayments).toBe(owing.length)
      expect(summary.outstandingBalance).toBe(owing.reduce((s, due) => s + due, 0))
      // The same balances by age, in Nairobi days since the booking was made: 0-30, 31-60, 61-90, over 90.
      const todayStart = Date.parse(`${nairobiDay()}T00:00:00Z`)
      const ageOf = (created: string) => Math.round((todayStart - Date.parse(`${new Date(Date.parse(created) + 3 * 3600_000).toISOString().slice(0, 10)}T00:00:00Z`)) / DAY)
      const ageing = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 }
      for (const b of made) {
        const due = dueNow.get(b.id) ?? NaN
        const age = ageOf(b.created_at)
        if (due > 0) ageing[age <= 30 ? 'days0to30' : age <= 60 ? 'days31to60' : age <= 90 ? 'days61to90' : 'over90'] += due
      }
      expect(summary.ageing, timeframe).toEqual(ageing)
      const tx = TransactionList.parse((await call('GET', `/payments/transactions?timeframe=${timeframe}`, { token: admin })).json)
      expect(tx.filter((t) => t.status === 'completed').reduce((s, t) => s + t.amount, 0)).toBe(revenue)
      // Each row carries its M-Pesa receipt, as the payment records it.
      for (const t of tx) expect(t.receipt ?? null, `transaction ${t.id}`).toBe(db.payment.findFirst((q) => q.where({ id: Number(t.id) }))?.transaction_id ?? null)
      if (timeframe === 'year') {
        // The buckets add up to what is owed (each edge is held by the rule's unit test, on a set clock).
        expect(Object.values(summary.ageing).reduce((x, y) => x + y, 0)).toBe(summary.outstandingBalance)
        expect(revenue).toBeGreaterThan(0)
        expect(summary.outstandingBalance).toBeGreaterThan(0)
        expect(summary.outstandingBalance).not.toBe(summary.pendingPayments * summary.avgTransactionValue)
        expect(summary.totalBookings).toBeGreaterThanOrEqual(35)
      }
    }
    // Calendar months and years (Nairobi's calendar): the current one up to now, the one before whole.
    const today = nairobiDay()
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
    const monthStart = (y: number, m: number) => new Date(`${new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)}T00:00:00+03:00`).toISOString()
    const calendar = { this_month: [monthStart(year, month), '9999'], last_month: [monthStart(year, month - 1), monthStart(year, month)], this_year: [monthStart(year, 1), '9999'], last_year: [monthStart(year - 1, 1), monthStart(year, 1)] }
    for (const [timeframe, [from, to]] of Object.entries(calendar)) {
      const inside = (d: string) => d >= from! && d < to!
      const revenue = db.payment.findMany((q) => q.where({ status: 'completed', payment_date: inside })).reduce((s, p) => s + p.amount, 0)
      const summary = PaymentSummary.parse((await call('GET', `/payments/summary?timeframe=${timeframe}`, { token: admin })).json)
      expect(summary.totalRevenue, timeframe).toBe(revenue)
      expect(summary.totalBookings, timeframe).toBe(db.booking.findMany((q) => q.where({ created_at: inside })).length)
    }
    // A chosen range: Nairobi days, both included, from the first day's midnight to the last day's end.
    const dayOf = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
    const [rangeFrom, rangeTo] = [dayOf(-60), dayOf(-20)]
    const nairobiMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString()
    const inRange = (d: string) => d >= nairobiMidnight(rangeFrom) && d < nairobiMidnight(dayOf(-19))
    const rangeRevenue = db.payment.findMany((q) => q.where({ status: 'completed', payment_date: inRange })).reduce((s, p) => s + p.amount, 0)
    const ranged = PaymentSummary.parse((await call('GET', `/payments/summary?from=${rangeFrom}&to=${rangeTo}`, { token: admin })).json)
    expect(ranged.totalRevenue).toBe(rangeRevenue)
    expect(ranged.totalBookings).toBe(db.booking.findMany((q) => q.where({ created_at: inRange })).length)
    expect(ranged.totalBookings).toBeGreaterThan(0)
    const rangedTx = TransactionList.parse((await call('GET', `/payments/transactions?from=${rangeFrom}&to=${rangeTo}`, { token: admin })).json)
    expect(rangedTx.filter((t) => t.status === 'completed').reduce((s, t) => s + t.amount, 0)).toBe(rangeRevenue)
    // One day is a range too; a range backwards, half a range or a day that does not exist is refused.
    expect((await call('GET', `/payments/summary?from=${rangeTo}&to=${rangeTo}`, { token: admin })).status).toBe(200)
    for (const q of [`from=${rangeTo}&to=${rangeFrom}`, `from=${rangeFrom}`, 'from=2026-02-30&to=2026-03-01', 'from=today&to=2026-03-01']) {
      const refused = await call<{ message: string }>('GET', `/payments/summary?${q}`, { token: admin })
      expect([q, refused.status]).toEqual([q, 422])
    }
    const week = PaymentSummary.parse((await call('GET', '/payments/summary?timeframe=week', { token: admin })).json)
    expect(week.totalRevenue).toBeGreaterThan(0)
    expect((await call('GET', '/payments/summary?timeframe=decade', { token: admin })).status).toBe(422)
    expect((await call('GET', '/payments/summary?timeframe=week', { token: await loginAs('client') })).status).toBe(403)
  })

  it('report is a real xlsx with a Summary sheet and detail sheets', async () => {
    const admin = await loginAs('admin')
    const res = await call('GET', '/payments/report?timeframe=year&type=all', { token: admin })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="financial-report-last-12-months.xlsx"')
    const buffer = Buffer.from(res.bytes)
    expect(buffer.subarray(0, 2).toString()).toBe('PK')
    const sheets = await readXlsxFile(buffer)
    // The Summary sheet names the period as the page and the file name do.
    expect(sheets[0]?.data.find((r) => r[0] === 'Timeframe')?.[1]).toBe('Last 12 months')
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Payments', 'Services'])
    const summary = sheets[0]?.data ?? []
    expect(summary.length).toBeGreaterThan(3)
    const revenueRow = summary.find((r) => r[0] === 'Total revenue')
    const year = PaymentSummary.parse((await call('GET', '/payments/summary?timeframe=year', { token: admin })).json)
    expect(revenueRow?.[1]).toBe(year.totalRevenue)
    expect(summary.find((r) => r[0] === 'Outstanding balances')?.[1]).toBe(year.outstandingBalance)
    expect(['Owed, 0-30 days', 'Owed, 31-60 days', 'Owed, 61-90 days', 'Owed, over 90 days'].map((label) => summary.find((r) => r[0] === label)?.[1])).toEqual([
      year.ageing.days0to30,
      year.ageing.days31to60,
      year.ageing.days61to90,
      year.ageing.over90,
    ])
    // Times are real dates, as Nairobi's clock shows them (+03:00): the file made a moment ago, each payment's date.
    const generated = summary.find((r) => r[0] === 'Generated (Nairobi time)')?.[1]
    expect(generated).toBeInstanceOf(Date)
    expect(Math.abs((generated as unknown as Date).getTime() - (Date.now() + 3 * 3600_000))).toBeLessThan(5 * 60_000)
    const firstPayment = sheets[1]?.data[1]
    // The payment's time as this backend keeps it (each backend seeds the demo at its own moment).
    const listed = TransactionList.parse((await call('GET', '/payments/transactions?timeframe=year', { token: admin })).json).find((t) => String(t.id) === String(firstPayment?.[0]))
    expect(firstPayment?.[1]).toBeInstanceOf(Date)
    expect(Math.abs((firstPayment?.[1] as unknown as Date).getTime() - (Date.parse(listed!.date) + 3 * 3600_000))).toBeLessThan(60_000)
    expect((sheets[1]?.data.length ?? 0)).toBeGreaterThan(10)
    expect(sheets[1]?.data[0]?.at(-1)).toBe('Receipt')
    const completedRow = sheets[1]?.data.find((r) => r[6] === 'completed')
    expect(completedRow?.[7]).toBe(db.payment.findFirst((q) => q.where({ id: Number(completedRow?.[0]) }))?.transaction_id)

    // A chosen range names itself on the Summary sheet and in the file name.
    const ranged = await call('GET', '/payments/report?from=2026-10-01&to=2026-10-15&type=services', { token: admin })
    expect(ranged.headers.get('content-disposition')).toBe('attachment; filename="financial-report-2026-10-01-to-2026-10-15.xlsx"')
    expect((await readXlsxFile(Buffer.from(ranged.bytes)))[0]?.data.find((r) => r[0] === 'Timeframe')?.[1]).toBe('2026-10-01 to 2026-10-15')

    const servicesOnly = await call('GET', '/payments/report?timeframe=week&type=services', { token: admin })
    const s2 = await readXlsxFile(Buffer.from(servicesOnly.bytes))
    expect(s2.map((s) => s.sheet)).toEqual(['Summary', 'Services'])
    expect((await call('GET', '/payments/report?timeframe=year&type=everything', { token: admin })).status).toBe(422)
    expect((await call('GET', '/payments/report?timeframe=year&type=all', { token: await loginAs('client') })).status).toBe(403)
  })

  it("report in the admin's language: Kiswahili headings, sheet names and file name for lang=sw (or a Kiswahili browser); English otherwise", async () => {
    const admin = await loginAs('admin')
    const sw = await call('GET', '/payments/report?timeframe=year&type=all&lang=sw', { token: admin })
    expect(sw.status).toBe(200)
    expect(sw.headers.get('content-disposition')).toBe('attachment; filename="ripoti-ya-fedha-miezi-12-iliyopita.xlsx"')
    const sheets = await readXlsxFile(Buffer.from(sw.bytes))
    expect(sheets.map((s) => s.sheet)).toEqual(['Muhtasari', 'Malipo', 'Huduma'])
    expect(sheets[0]?.data.find((r) => r[0] === 'Kipindi')?.[1]).toBe('Miezi 12 iliyopita')
    expect(sheets[1]?.data[0]).toEqual(['Nambari', 'Tarehe (saa za Nairobi)', 'Maelezo', 'Njia', 'Mteja', 'Kiasi (KSH)', 'Hali', 'Risiti'])
    expect(sheets[2]?.data[0]).toEqual(['Huduma', 'Mara ilizowekewa nafasi', 'Thamani ya nafasi zilizowekwa (KSH)'])
    // A payment's status and method as the Kiswahili screens say them, never the stored English.
    const statuses = new Set(sheets[1]?.data.slice(1).map((r) => r[6]))
    expect(statuses.size).toBeGreaterThan(0)
    for (const status of statuses) expect(['Imekamilika', 'Inasubiri', 'Inashughulikiwa', 'Imeshindwa', 'Imeghairiwa', 'Imerejeshwa']).toContain(status)
    expect(sheets[1]?.data.slice(1).map((r) => r[3])).not.toContain('Other')

    const browser = await call('GET', '/payments/report?timeframe=week&type=services', { token: admin, headers: { 'Accept-Language': 'sw-KE,sw;q=0.9' } })
    expect(browser.headers.get('content-disposition')).toBe('attachment; filename="ripoti-ya-fedha-siku-7-zilizopita.xlsx"')
    const chosen = await call('GET', '/payments/report?timeframe=week&type=services&lang=en', { token: admin, headers: { 'Accept-Language': 'sw-KE' } })
    expect(chosen.headers.get('content-disposition')).toBe('attachment; filename="financial-report-last-7-days.xlsx"')
    const other = await call('GET', '/payments/report?timeframe=week&type=services&lang=fr', { token: admin })
    expect(other.headers.get('content-disposition')).toBe('attachment; filename="financial-report-last-7-days.xlsx"')
  })
})

describe('users and admin statistics', () => {
  it('lists users with paging and role filter', async () => {
    const admin = await loginAs('admin')
    const res = await call<{ users: Array<{ role: string }>; pagination: { total: number; pages: number } }>('GET', '/users?page=1&limit=10', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.users.length).toBe(10)
    expect(res.json.pagination.total).toBe(db.user.count())
    expect(res.json.pagination.pages).toBe(Math.ceil(db.user.count() / 10))
    expect(JSON.stringify(res.json)).not.toMatch(/password|salt/)
    const att = await call<{ users: Array<{ role: string }> }>('GET', '/users?role=morgue_attendant', { token: admin })
    expect(att.json.users.length).toBeGreaterThanOrEqual(4)
    expect(att.json.users.every((u) => u.role === 'morgue_attendant')).toBe(true)
    expect((await call('GET', '/users?page=0', { token: admin })).status).toBe(422)
    expect((await call('GET', '/users?limit=1000', { token: admin })).status).toBe(422)
    expect((await call('GET', '/users', { token: await loginAs('client') })).status).toBe(403)
  })

  it('updates and deletes users; refuses deleting yourself', async () => {
    const admin = await loginAs('admin')
    const john = db.user.findFirst((q) => q.where({ email: 'john.mwangi@example.co.ke' }))
    const upd = await call('PUT', `/users/${john?.id}`, { token: admin, body: { name: 'John K. Mwangi', role: 'morgueAttendant', password: '' } })
    expect(upd.status).toBe(200)
    expect(upd.json).toMatchObject({ user: { name: 'John K. Mwangi', role: 'morgue_attendant' } })
    await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    const me = db.user.findFirst((q) => q.where({ email: 'admin@funeral.test' }))
    const self = await call('DELETE', `/users/${me?.id}`, { token: admin })
    expect(self.status).toBe(400)
    expect(typeof self.json.message).toBe('string')
    expect((await call('DELETE', `/users/${john?.id}`, { token: admin })).status).toBe(200)
    expect((await call('DELETE', `/users/${john?.id}`, { token: admin })).status).toBe(404)
  })

  it('admin statistics are computed from the data', async () => {
    const admin = await loginAs('admin')
    const res = await call<{ stats: Record<string, number>; recentActivities: Array<{ id: number; type: string; message: string; time: string }> }>(
      'GET',
      '/users/admin/statistics',
      { token: admin },
    )
    expect(res.status).toBe(200)
    expect(res.json.stats.totalUsers).toBe(db.user.count())
    expect(res.json.stats.monthlyRevenue).toBeGreaterThan(0)
    expect(res.json.stats.activeBookings).toBeGreaterThan(0)
    for (const k of ['usersTrend', 'bookingsTrend', 'revenueTrend', 'pendingApprovals']) expect(typeof res.json.stats[k]).toBe('number')
    expect(res.json.recentActivities.length).toBe(10)
    const times = res.json.recentActivities.map((a) => a.time)
    expect([...times].sort().reverse()).toEqual(times)
    // The agenda is the shared rule over the bookings as the admin reads them.
    const dashboard = AdminStatisticsResponse.parse(res.json)
    const bookings = BookingList.parse((await call('GET', '/bookings', { token: admin })).json)
    const expected = officeAgenda(bookings, new Date())
    expect(dashboard.upcoming).toEqual(expected.upcoming)
    expect(dashboard.attention).toEqual(expected.attention)
    expect(dashboard.upcoming.length).toBeGreaterThan(0)
    expect(dashboard.attention.length).toBeGreaterThan(0)
    expect(dashboard.attention.every((i) => i.gaps.length > 0 && dashboard.upcoming.some((u) => u.booking_id === i.booking_id))).toBe(true)
    expect((await call('GET', '/users/admin/statistics', { token: await loginAs('morgue_attendant') })).status).toBe(403)
  })
})

describe("the admin's bookings, by page", () => {
  it('without page/limit the whole list; with them one page, newest first, and its pagination', async () => {
    const admin = await loginAs('admin')
    const all = (await call<{ bookings: Array<{ id: number }> }>('GET', '/bookings', { token: admin })).json.bookings
    expect(all.length).toBe(db.booking.count())
    const page2 = await call<{ bookings: Array<{ id: number }>; pagination: Record<string, number> }>('GET', '/bookings?page=2&limit=10', { token: admin })
    expect(page2.status).toBe(200)
    expect(page2.json.bookings.map((b) => b.id)).toEqual(all.slice(10, 20).map((b) => b.id))
    expect(page2.json.pagination).toEqual({ total: all.length, pages: Math.ceil(all.length / 10), page: 2, limit: 10 })
    const pending = await call<{ pagination: { total: number } }>('GET', '/bookings?status=pending&limit=5', { token: admin })
    expect(pending.json.pagination.total).toBe(db.booking.findMany((q) => q.where({ status: 'pending' })).length)
    expect((await call('GET', '/bookings?limit=500', { token: admin })).status).toBe(422)
    expect((await call('GET', '/bookings?page=0', { token: admin })).json.message).toBe('page must be at least 1')
  })

  it('searches the deceased and family names (case aside, on every page), sorts oldest first, and filters by status with both', async () => {
    const admin = await loginAs('admin')
    type Row = { id: number; status: string; created_at: string; deceased_first_name: string; deceased_last_name: string; client_name: string }
    const all = (await call<{ bookings: Row[] }>('GET', '/bookings', { token: admin })).json.bookings
    const target = all[all.length - 1]!
    // A family's name (any of its bookings), typed in capitals with spaces around it.
    const family = target.client_name
    const ofFamily = all.filter((b) => `${b.deceased_first_name} ${b.deceased_last_name} ${b.client_name}`.toLowerCase().includes(family.toLowerCase()))
    expect(ofFamily.length).toBeGreaterThan(0)
    const found = await call<{ bookings: Row[]; pagination: Record<string, number> }>('GET', `/bookings?page=1&limit=100&search=${encodeURIComponent(`  ${family.toUpperCase()} `)}`, { token: admin })
    expect(found.status).toBe(200)
    expect(found.json.bookings.map((b) => b.id)).toEqual(ofFamily.map((b) => b.id))
    expect(found.json.pagination).toEqual({ total: ofFamily.length, pages: Math.ceil(ofFamily.length / 100), page: 1, limit: 100 })
    // The deceased's full name, as the screen shows it.
    const byDeceased = await call<{ bookings: Row[] }>('GET', `/bookings?page=1&limit=10&search=${encodeURIComponent(`${target.deceased_first_name} ${target.deceased_last_name}`)}`, { token: admin })
    expect(byDeceased.json.bookings.map((b) => b.id)).toContain(target.id)
    // LIKE's wildcards are plain characters.
    expect((await call<{ bookings: Row[] }>('GET', '/bookings?page=1&limit=10&search=%25', { token: admin })).json.bookings).toEqual([])
    expect((await call<{ bookings: Row[] }>('GET', '/bookings?page=1&limit=10&search=_', { token: admin })).json.bookings).toEqual([])
    // Oldest first is the newest-first list reversed, paged the same way.
    const oldest = await call<{ bookings: Row[] }>('GET', '/bookings?page=1&limit=5&sort=oldest', { token: admin })
    expect(oldest.json.bookings.map((b) => b.id)).toEqual([...all].reverse().slice(0, 5).map((b) => b.id))
    const confirmedOldest = await call<{ bookings: Row[]; pagination: { total: number } }>('GET', '/bookings?page=1&limit=100&sort=oldest&status=confirmed', { token: admin })
    const confirmed = all.filter((b) => b.status === 'confirmed').reverse()
    expect(confirmedOldest.json.bookings.map((b) => b.id)).toEqual(confirmed.map((b) => b.id))
    expect(confirmedOldest.json.pagination.total).toBe(confirmed.length)
    // No page asked: the whole (searched) list, without pagination.
    const unpaged = await call<{ bookings: Row[]; pagination?: unknown }>('GET', `/bookings?search=${encodeURIComponent(family)}`, { token: admin })
    expect(unpaged.json.bookings.map((b) => b.id)).toEqual(ofFamily.map((b) => b.id))
    expect(unpaged.json.pagination).toBeUndefined()
    const sideways = await call('GET', '/bookings?page=1&sort=sideways', { token: admin })
    expect(sideways.status).toBe(422)
    expect(sideways.json.message).toBe(MSG_BOOKING_SORT)
  })

  it('sorts by service date, soonest or latest first, on every page and with the status filter', async () => {
    const admin = await loginAs('admin')
    const all = BookingList.parse((await call('GET', '/bookings', { token: admin })).json)
    const facts = (b: Booking) => ({ id: b.id, created_at: b.created_at, service_at: serviceAt(b) })
    const expected = (sort: BookingSort, rows: Booking[]) => [...rows].sort((a, b) => compareBookings(sort)(facts(a), facts(b))).map((b) => b.id)
    const ids = async (query: string) => BookingPage.parse((await call('GET', `/bookings?${query}`, { token: admin })).json).bookings.map((b) => b.id)
    const soonest = expected('service_soonest', all)
    expect(await ids('page=1&limit=10&sort=service_soonest')).toEqual(soonest.slice(0, 10))
    expect(await ids('page=2&limit=10&sort=service_soonest')).toEqual(soonest.slice(10, 20))
    const dates = soonest.map((id) => serviceAt(all.find((b) => b.id === id)!) ?? '9999')
    expect(dates).toEqual([...dates].sort())
    expect(new Set(dates).size).toBeGreaterThan(10)
    const confirmed = all.filter((b) => b.status === 'confirmed')
    expect(await ids('page=1&limit=100&sort=service_latest&status=confirmed')).toEqual(expected('service_latest', confirmed))
  })
})
