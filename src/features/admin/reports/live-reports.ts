import { fromPromise } from 'xstate'
import {
  financialReportsMachine,
  type FinancialData,
  type ReportRequest,
  type ViewPeriod,
} from '../../../../machines/admin/financial-reports.machine'
import * as paymentsApi from '../../../api/payments'
import { REPORT_WORDS, reportPeriodSlug, type ReportLanguage } from '../../../../shared/contracts/payments'
import { nairobiDay } from '../../../../shared/dates'
import { currentLocale } from '../../../lib/i18n'

/**
 * A dated file name naming the period as the page and the Summary sheet do, in the admin's language:
 * financial-report-last-30-days-all-2026-11-22.xlsx, ripoti-ya-fedha-siku-30-zilizopita-yote-2026-11-22.xlsx
 * (the Nairobi day it was made).
 */
export function reportFileName(request: ReportRequest, now: Date, language: ReportLanguage = 'en'): string {
  const words = REPORT_WORDS[language]
  return `${words.fileName}-${reportPeriodSlug(request.timeframe, language)}-${words.types[request.type]}-${nairobiDay(now)}.xlsx`
}

/** Hand a Blob to the browser as a download with this file name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke later: Chromium starts reading the Blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The screen's machine with its real I/O: the /api client and the browser's download. */
export const liveFinancialReportsMachine = financialReportsMachine.provide({
  actors: {
    loadFinancials: fromPromise<FinancialData, { timeframe: ViewPeriod }>(async ({ input }) => {
      const [summary, transactions] = await Promise.all([
        paymentsApi.paymentSummary(input.timeframe),
        paymentsApi.paymentTransactions(input.timeframe),
      ])
      return { summary, transactions }
    }),
    downloadReport: fromPromise<void, ReportRequest>(async ({ input }) => {
      const language = currentLocale()
      const blob = await paymentsApi.paymentReport(input.timeframe, input.type, language)
      if (blob.size === 0) throw new Error('The report is empty')
      saveFile(blob, reportFileName(input, new Date(), language))
    }),
  },
})
