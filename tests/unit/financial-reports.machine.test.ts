import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  FINANCIAL_REPORTS_MESSAGES as MSG,
  financialReportsMachine,
  type FinancialData,
  type ReportRequest,
  type ViewPeriod,
} from '../../machines/admin/financial-reports.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { ApiError } from '../../src/api/client'

const figures = (totalRevenue: number): FinancialData => ({
  summary: { totalRevenue, totalBookings: 4, avgTransactionValue: 2500, pendingPayments: 2, outstandingBalance: 7500, ageing: { days0to30: 7500, days31to60: 0, days61to90: 0, over90: 0 } },
  transactions: [{ id: '1', date: '2026-03-10T09:00:00.000Z', description: 'Booking #1', paymentMethod: 'M-Pesa', customer: 'Mary', amount: totalRevenue, status: 'completed' }],
})

/** A promise the test settles by hand, to hold a call in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function start(
  load: (timeframe: ViewPeriod) => Promise<FinancialData>,
  download: (r: ReportRequest) => Promise<void> = async () => {},
) {
  const loadFinancials = vi.fn(load)
  const downloadReport = vi.fn(download)
  const machine = financialReportsMachine.provide({
    actors: {
      loadFinancials: fromPromise<FinancialData, { timeframe: ViewPeriod }>(({ input }) => loadFinancials(input.timeframe)),
      downloadReport: fromPromise<void, ReportRequest>(({ input }) => downloadReport(input)),
    },
  })
  const actor = createActor(machine, { input: {} })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, loadFinancials, downloadReport, notes }
}

const figuresReady = (s: { matches: (v: object) => boolean }) => s.matches({ figures: 'ready' })

describe('financialReports machine', () => {
  it('loads the month by default and shows its figures', async () => {
    const { actor, loadFinancials } = start(async () => figures(10000))
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    const ready = await waitFor(actor, figuresReady)
    expect(loadFinancials).toHaveBeenCalledWith('month')
    expect(ready.context.data?.summary.totalRevenue).toBe(10000)
    expect(ready.context.dataTimeframe).toBe('month')
  })

  it('a new timeframe loads again; the figures of an older, slower choice never overwrite it', async () => {
    const slow = deferred<FinancialData>()
    const { actor, loadFinancials } = start((t) => (t === 'week' ? slow.promise : Promise.resolve(figures(t === 'year' ? 99000 : 10000))))
    await waitFor(actor, figuresReady)
    actor.send({ type: 'reports.timeframe', timeframe: 'week' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    // The last figures stay on screen while the new ones load.
    expect(actor.getSnapshot().context.data?.summary.totalRevenue).toBe(10000)
    actor.send({ type: 'reports.timeframe', timeframe: 'year' })
    const ready = await waitFor(actor, figuresReady)
    slow.resolve(figures(1))
    await Promise.resolve()
    expect(loadFinancials.mock.calls.map((c) => c[0])).toEqual(['month', 'week', 'year'])
    expect(ready.context.timeframe).toBe('year')
    expect(actor.getSnapshot().context.data?.summary.totalRevenue).toBe(99000)
    expect(actor.getSnapshot().context.dataTimeframe).toBe('year')
  })

  it("a failed load says 'Failed to load financial data', keeps the last figures, and a retry recovers", async () => {
    let fail = false
    const { actor, notes } = start(async () => {
      if (fail) throw new ApiError(500, 'database on fire')
      return figures(10000)
    })
    await waitFor(actor, figuresReady)
    fail = true
    actor.send({ type: 'reports.timeframe', timeframe: 'quarter' })
    const failed = await waitFor(actor, (s) => s.matches({ figures: 'failed' }))
    expect(failed.context.error).toBe(MSG.loadFailed)
    expect(failed.context.data?.summary.totalRevenue).toBe(10000)
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: 'Failed to load financial data' }])
    fail = false
    actor.send({ type: 'reports.retry' })
    expect(actor.getSnapshot().context.error).toBeNull()
    const ready = await waitFor(actor, figuresReady)
    expect(ready.context.dataTimeframe).toBe('quarter')
  })

  it('the dialog starts from the period the page shows, including one only the dialog used to offer', async () => {
    const { actor } = start(async () => figures(1), async () => undefined)
    await waitFor(actor, figuresReady)
    actor.send({ type: 'reports.timeframe', timeframe: 'quarter' })
    actor.send({ type: 'report.open' })
    expect(actor.getSnapshot().context.report.timeframe).toBe('quarter')
    actor.send({ type: 'report.close' })
    actor.send({ type: 'reports.timeframe', timeframe: 'half_year' })
    actor.send({ type: 'report.open' })
    expect(actor.getSnapshot().context.report.timeframe).toBe('half_year')
  })

  it('generates the chosen report, says so, and closes the dialog', async () => {
    const made = deferred<void>()
    const { actor, downloadReport, notes } = start(async () => figures(1), () => made.promise)
    await waitFor(actor, figuresReady)
    expect(actor.getSnapshot().hasTag('reportOpen')).toBe(false)
    actor.send({ type: 'report.open' })
    expect(actor.getSnapshot().hasTag('reportOpen')).toBe(true)
    expect(actor.getSnapshot().context.report).toEqual({ timeframe: 'month', type: 'all' })
    actor.send({ type: 'report.timeframe', timeframe: 'half_year' })
    actor.send({ type: 'report.type', reportType: 'payments' })
    actor.send({ type: 'report.generate' })
    expect(actor.getSnapshot().hasTag('generating')).toBe(true)
    // A second click and a close while it is being made are ignored.
    actor.send({ type: 'report.generate' })
    actor.send({ type: 'report.close' })
    expect(actor.getSnapshot().hasTag('generating')).toBe(true)
    made.resolve()
    await waitFor(actor, (s) => s.matches({ report: 'closed' }))
    expect(downloadReport).toHaveBeenCalledTimes(1)
    expect(downloadReport).toHaveBeenCalledWith({ timeframe: 'half_year', type: 'payments' })
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: 'Report generated and downloaded successfully' }])
  })

  it('a failed report says so and leaves the dialog open with the same choices for another try', async () => {
    let attempt = 0
    const { actor, notes, downloadReport } = start(async () => figures(1), async () => {
      attempt += 1
      if (attempt === 1) throw new ApiError(500, 'disk full')
    })
    actor.send({ type: 'report.open' })
    actor.send({ type: 'report.timeframe', timeframe: 'year' })
    actor.send({ type: 'report.generate' })
    const back = await waitFor(actor, (s) => s.matches({ report: 'editing' }))
    expect(back.context.report).toEqual({ timeframe: 'year', type: 'all' })
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: 'Failed to generate report. Please try again.' }])
    actor.send({ type: 'report.generate' })
    await waitFor(actor, (s) => s.matches({ report: 'closed' }))
    expect(downloadReport).toHaveBeenCalledTimes(2)
    expect(notes.at(-1)?.message).toBe(MSG.reportDone)
  })

  it('closing the dialog without generating downloads nothing', async () => {
    const { actor, downloadReport } = start(async () => figures(1))
    actor.send({ type: 'report.open' })
    actor.send({ type: 'report.close' })
    expect(actor.getSnapshot().matches({ report: 'closed' })).toBe(true)
    expect(downloadReport).not.toHaveBeenCalled()
  })
})
