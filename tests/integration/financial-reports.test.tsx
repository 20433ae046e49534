import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import readXlsxFile from 'read-excel-file/node'
import { server } from '../../mocks/node'
import { summarise, transactions } from '../../mocks/reports'
import { paths } from '../../src/app/paths'
import { formatDate, formatKsh } from '../../src/lib/format'
import { kenyanDate } from '../../src/lib/kenyan-dates'
import { addDays, nairobiDay } from '../../shared/dates'
import { findToast, renderAt } from './render-app'

/**
 * The Financial reports screen with the real machine, the real API client and the mock /api (MSW
 * node server over the seeded database): the figures the server computed, the timeframe sent, the
 * report downloaded as a real workbook, and SPEC.md's messages for each failure.
 */

/** Every call the screen makes to the mock /api (path and query), in order. */
function watchRequests() {
  const seen: string[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    seen.push(`${request.method} ${url.pathname}${url.search}`)
  }
  server.events.on('request:start', listener)
  return { seen, stop: () => server.events.removeListener('request:start', listener) }
}

/**
 * Queries inside the dialog pass `hidden: true`: under happy-dom Fluent's modal bookkeeping marks
 * the portalled surface aria-hidden (Chromium does not; the browser test queries it plainly).
 */

/** Catch the browser download the screen starts: the file name and the bytes. */
function catchDownloads() {
  const blobs = new Map<string, Blob>()
  let n = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation((obj: Blob | MediaSource) => {
    n += 1
    const url = `blob:report-${n}`
    blobs.set(url, obj as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const downloads: Array<{ name: string; blob: Blob | undefined }> = []
  // The link's click reaches the document: note the download and keep happy-dom from navigating.
  const onClick = (event: MouseEvent) => {
    const link = event.target
    if (!(link instanceof HTMLAnchorElement) || !link.download) return
    event.preventDefault()
    downloads.push({ name: link.download, blob: blobs.get(link.getAttribute('href') ?? '') })
  }
  document.addEventListener('click', onClick, true)
  cleanups.push(() => document.removeEventListener('click', onClick, true))
  return downloads
}

/**
 * The Generate report dialog. Found through its title rather than a page-wide role query: role
 * queries over the long transactions table are slow under happy-dom on a busy machine.
 */
async function findDialog() {
  const title = await screen.findByText('Generate report', { selector: '.fui-DialogTitle' })
  const dialog = title.closest<HTMLElement>('[role="dialog"]')
  if (!dialog) throw new Error('The title is not in a dialog')
  // Named by its title (the accessible name itself is not computed while happy-dom has it aria-hidden).
  expect(dialog).toHaveAttribute('aria-labelledby', title.id)
  return dialog
}

const card = (name: string) => screen.getByRole('group', { name })

async function openReports() {
  const app = await renderAt(paths.admin.reports, { as: 'admin' })
  await screen.findByRole('heading', { level: 1, name: 'Financial Reports' })
  await screen.findByRole('group', { name: 'Total revenue' })
  return app
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const undo of cleanups.splice(0)) undo()
})

describe('Financial reports (admin)', () => {
  it("shows the month's summary the server computed, in KSH, outstanding balances summed", async () => {
    const requests = watchRequests()
    await openReports()
    const month = summarise('month')
    expect(month.totalRevenue).toBeGreaterThan(0)
    expect(within(card('Total revenue')).getByText(formatKsh(month.totalRevenue))).toBeInTheDocument()
    expect(within(card('Total bookings')).getByText(String(month.totalBookings))).toBeInTheDocument()
    expect(within(card('Average transaction value')).getByText(formatKsh(month.avgTransactionValue))).toBeInTheDocument()
    expect(within(card('Outstanding balances')).getByText(formatKsh(month.outstandingBalance))).toBeInTheDocument()
    expect(within(card('Outstanding balances')).getByText(new RegExp(`^Still owed on ${month.pendingPayments} bookings? of the period`))).toBeInTheDocument()
    // The same balances by age, as the server computed them.
    expect(month.outstandingBalance).toBeGreaterThan(0)
    const ageing = screen.getByRole('region', { name: 'Owed by age' })
    expect(within(ageing).getByText('0-30 days').nextElementSibling).toHaveTextContent(formatKsh(month.ageing.days0to30))
    expect(within(ageing).getByText('Over 90 days').nextElementSibling).toHaveTextContent(formatKsh(month.ageing.over90))
    // KSH, never '$' as the currency of a figure.
    expect(screen.getByRole('main').textContent).not.toContain('$')
    expect(requests.seen).toEqual(expect.arrayContaining(['GET /api/payments/summary?timeframe=month', 'GET /api/payments/transactions?timeframe=month']))
    requests.stop()
  })

  it('lists the transactions of the timeframe with date, description, method, customer, amount and status', async () => {
    await openReports()
    const rows = transactions('month')
    const table = await screen.findByRole('table', { name: 'Transactions' })
    const bodyRows = within(table).getAllByRole('row').slice(1)
    expect(bodyRows).toHaveLength(rows.length)
    const first = rows[0]
    if (!first) throw new Error('the seed has no payment this month')
    const cells = within(bodyRows[0] as HTMLElement).getAllByRole('cell')
    expect(cells[1]).toHaveTextContent(first.description)
    expect(cells[2]).toHaveTextContent(first.paymentMethod)
    expect(cells[3]).toHaveTextContent(first.customer)
    expect(cells[4]).toHaveTextContent(formatKsh(first.amount))
    expect(cells[5]).toHaveTextContent(first.status === 'completed' ? 'Completed' : /Failed|Processing|Pending/)
    // The M-Pesa receipt, to match with the statement.
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Receipt')
    expect(cells[6]).toHaveTextContent(first.receipt ?? (first.status === 'completed' ? 'Receipt to follow' : '—'))
  })

  it('a completed payment without its receipt yet reads "Receipt to follow"', async () => {
    const row = { id: 9, date: new Date().toISOString(), description: 'Booking #3', paymentMethod: 'M-Pesa', customer: 'Mary Achieng', amount: 5000, status: 'completed', receipt: null }
    server.use(http.get('*/api/payments/transactions', () => HttpResponse.json({ transactions: [row] })))
    await openReports()
    const table = await screen.findByRole('table', { name: 'Transactions' })
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[6]).toHaveTextContent('Receipt to follow')
  })

  it('a new timeframe is sent to the server and its figures replace the old ones', async () => {
    const user = userEvent.setup()
    await openReports()
    const requests = watchRequests()
    await user.click(screen.getByRole('combobox', { name: 'Timeframe' }))
    await user.click(await screen.findByRole('option', { name: 'Last 12 months' }))
    const year = summarise('year')
    await waitFor(() => expect(within(card('Total revenue')).getByText(formatKsh(year.totalRevenue))).toBeInTheDocument())
    expect(requests.seen).toEqual(['GET /api/payments/summary?timeframe=year', 'GET /api/payments/transactions?timeframe=year'])
    expect(within(await screen.findByRole('table', { name: 'Transactions' })).getAllByRole('row')).toHaveLength(transactions('year').length + 1)
    requests.stop()
  })

  it('a chosen range of Nairobi days loads its own figures, is named by its days, and the report holds the same', async () => {
    const user = userEvent.setup()
    const downloads = catchDownloads()
    await openReports()
    const today = nairobiDay()
    const range = { from: addDays(today, -90), to: addDays(today, -20) }
    const name = `${formatDate(range.from)} to ${formatDate(range.to)}`
    const requests = watchRequests()
    await user.click(screen.getByRole('combobox', { name: 'Timeframe' }))
    await user.click(await screen.findByRole('option', { name: 'Chosen dates' }))
    const form = screen.getByRole('form', { name: 'Chosen dates' })
    const from = within(form).getByRole('textbox', { name: /^First day/ })
    const to = within(form).getByRole('textbox', { name: /^Last day/ })
    const typeRange = async (first: string, last: string) => {
      await user.clear(from)
      await user.type(from, kenyanDate(first))
      await user.clear(to)
      await user.type(to, kenyanDate(last))
      await user.click(within(form).getByRole('button', { name: 'Show' }))
    }
    // Backwards: said on the form, nothing asked of the server.
    await typeRange(range.to, range.from)
    expect(await within(form).findByText('The last day is before the first')).toBeInTheDocument()
    expect(requests.seen).toEqual([])

    await typeRange(range.from, range.to)
    const figures = summarise(range)
    expect(figures.totalRevenue).toBeGreaterThan(0)
    await waitFor(() => expect(within(card('Total revenue')).getByText(formatKsh(figures.totalRevenue))).toBeInTheDocument())
    expect(within(card('Outstanding balances')).getByText(formatKsh(figures.outstandingBalance))).toBeInTheDocument()
    expect(requests.seen).toEqual([`GET /api/payments/summary?from=${range.from}&to=${range.to}`, `GET /api/payments/transactions?from=${range.from}&to=${range.to}`])
    expect(screen.getByRole('combobox', { name: 'Timeframe' })).toHaveTextContent(name)
    expect(screen.getByText(`Figures from ${name} (Nairobi)`)).toBeInTheDocument()

    // The dialog starts from the page's range; the workbook says it and has the screen's figures.
    await user.click(screen.getByRole('button', { name: 'Generate report' }))
    const dialog = await findDialog()
    expect(within(dialog).getByRole('radio', { name, hidden: true })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Generate', hidden: true }))
    await findToast('Report generated and downloaded successfully')
    expect(requests.seen.at(-1)).toBe(`GET /api/payments/report?from=${range.from}&to=${range.to}&type=all&lang=en`)
    requests.stop()
    expect(downloads.map((d) => d.name)).toEqual([`financial-report-${range.from}-to-${range.to}-all-${today}.xlsx`])
    const [summarySheet] = await readXlsxFile(Buffer.from(await (downloads[0]?.blob as Blob).arrayBuffer()))
    const row = (label: string) => summarySheet?.data.find((r) => r[0] === label)?.[1]
    expect(row('Timeframe')).toBe(`${range.from} to ${range.to}`)
    expect(row('Total revenue')).toBe(figures.totalRevenue)
    expect(row('Outstanding balances')).toBe(figures.outstandingBalance)
  })

  it("'Failed to load financial data' when the summary fails; Try again loads it", async () => {
    const user = userEvent.setup()
    server.use(http.get('*/api/payments/summary', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }), { once: true }))
    await renderAt(paths.admin.reports, { as: 'admin' })
    await findToast('Failed to load financial data')
    const slot = await screen.findByText('Failed to load financial data', { selector: '.fui-MessageBarBody' })
    expect(slot).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('group', { name: 'Total revenue' })
    expect(screen.queryByText('Failed to load financial data', { selector: '.fui-MessageBarBody' })).not.toBeInTheDocument()
  })

  it("'Failed to load financial data' when the transactions fail", async () => {
    server.use(http.get('*/api/payments/transactions', () => HttpResponse.error(), { once: true }))
    await renderAt(paths.admin.reports, { as: 'admin' })
    await findToast('Failed to load financial data')
    expect(screen.queryByRole('table', { name: 'Transactions' })).not.toBeInTheDocument()
  })

  it('Generate report downloads the chosen workbook with a dated name, then says so', async () => {
    const user = userEvent.setup()
    const downloads = catchDownloads()
    await openReports()
    const requests = watchRequests()
    await user.click(screen.getByRole('button', { name: 'Generate report' }))
    const dialog = await findDialog()
    // The union of SPEC.md section 9's two sets and the calendar periods, named as on the page; it starts from the page's period.
    const timeframe = within(dialog).getByRole('radiogroup', { name: 'Timeframe', hidden: true })
    expect(within(timeframe).getAllByRole('radio', { hidden: true }).map((r) => r.closest('.fui-Radio')?.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 6 months',
      'Last 12 months',
      'This month',
      'Last month',
      'This year',
      'Last year',
    ])
    expect(within(dialog).getByRole('radio', { name: 'Last 30 days', hidden: true })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: 'Last 6 months', hidden: true }))
    await user.click(within(dialog).getByRole('radio', { name: 'Payments', hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Generate', hidden: true }))
    await findToast('Report generated and downloaded successfully')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generate report', hidden: true })).not.toBeInTheDocument())
    expect(requests.seen).toEqual(['GET /api/payments/report?timeframe=half_year&type=payments&lang=en'])
    requests.stop()

    expect(downloads).toHaveLength(1)
    const [download] = downloads
    expect(download?.name).toBe(`financial-report-last-6-months-payments-${nairobiDay()}.xlsx`)
    const bytes = Buffer.from(await (download?.blob as Blob).arrayBuffer())
    const sheets = await readXlsxFile(bytes)
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Payments'])
    expect(sheets[0]?.data.find((r) => r[0] === 'Timeframe')?.[1]).toBe('Last 6 months')
    expect(sheets[1]?.data[0]).toEqual(['ID', 'Date (Nairobi time)', 'Description', 'Method', 'Customer', 'Amount (KSH)', 'Status', 'Receipt'])
  })

  it("a failed report shows 'Failed to generate report. Please try again.' and keeps the dialog for another try", async () => {
    const user = userEvent.setup()
    const downloads = catchDownloads()
    server.use(http.get('*/api/payments/report', () => HttpResponse.json({ message: 'Disk full' }, { status: 500 }), { once: true }))
    await openReports()
    await user.click(screen.getByRole('button', { name: 'Generate report' }))
    const dialog = await findDialog()
    await user.click(within(dialog).getByRole('radio', { name: 'Services', hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Generate', hidden: true }))
    await findToast('Failed to generate report. Please try again.')
    expect(downloads).toHaveLength(0)
    expect(within(dialog).getByRole('radio', { name: 'Services', hidden: true })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Generate', hidden: true }))
    await findToast('Report generated and downloaded successfully')
    expect(downloads.map((d) => d.name)).toEqual([`financial-report-last-30-days-services-${nairobiDay()}.xlsx`])
  })

  it('Cancel closes the dialog without asking the server for a report', async () => {
    const user = userEvent.setup()
    await openReports()
    const requests = watchRequests()
    await user.click(screen.getByRole('button', { name: 'Generate report' }))
    const dialog = await findDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument())
    expect(requests.seen.filter((r) => r.includes('/payments/report'))).toEqual([])
    requests.stop()
  })
})
