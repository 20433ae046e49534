import { Suspense, lazy, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import {
  Body1,
  Button,
  Caption1,
  Card,
  Dropdown,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowDownload20Regular,
  CalendarLtr24Regular,
  ChartMultiple24Regular,
  Clock24Regular,
  Money24Regular,
  Receipt24Regular,
  Wallet24Regular,
} from '@fluentui/react-icons'
import { useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { VIEW_TIMEFRAMES, type ViewPeriod } from '../../../../machines/admin/financial-reports.machine'
import type { DateRange, Transaction } from '../../../../shared/contracts/payments'
import { nairobiDay } from '../../../../shared/dates'
import { reportWindow } from '../../../../shared/rules'
import { submitHandler } from '../../../components/form-fields'
import { KenyanDateTimeField } from '../../../components/form-fields-more'
import { useNotifications } from '../../../app/use-notifications'
import { PageHeader } from '../../../components/page-header'
import { FactList } from '../../../components/fact-list'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDate, formatKsh } from '../../../lib/format'
import { liveFinancialReportsMachine } from './live-reports'
import { ReportDialog } from './report-dialog'
import { CHART_DESCRIPTIONS, REPORTS_TEXT, VIEW_TIMEFRAME_LABELS, rangeForm } from './reports-words'
import { PaymentRecordBadge } from '../../../components/status-badge'
import { receiptOf } from '../../../../shared/mpesa-words'
import { MONTHS, bucketOf, periodLabel, revenueSeries } from './revenue-series'

// The chart library is the heaviest piece of the admin portal: its own chunk, fetched with this screen.
const RevenueChart = lazy(() => import('./revenue-chart'))

/** The months' short names in Kiswahili (Kenyan usage), for the chart's bars. */
const SW_MONTHS = ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'] as const

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  timeframe: { minWidth: '180px' },
  range: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  rangeField: { maxWidth: '100%' },
  // Level with the boxes, below the labels.
  rangeButton: { marginTop: '26px' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalL },
  stat: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS, minWidth: 0 },
  statTop: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  statIcon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  statValue: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  headingIcon: { color: tokens.colorBrandForeground1 },
  chartBox: { minHeight: '260px', minWidth: 0 },
  tableBox: { overflowX: 'auto' },
  right: { textAlign: 'right', whiteSpace: 'nowrap' },
  amountHead: { justifyContent: 'flex-end' },
  // The description is the long column; the receipt is ten characters.
  descriptionHead: { width: '30%' },
  receiptHead: { width: '9.5rem' },
  nowrap: { whiteSpace: 'nowrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  itemTop: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  amount: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
})

/** Financial reports (SPEC.md section 2, admin): summary, revenue chart, transactions, report download. */
export function ReportsPage() {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const actor = useActorRef(liveFinancialReportsMachine, { input: {} })
  useNotifications(actor)
  // Fetch the chart's chunk while the figures load, not after they arrive.
  useEffect(() => {
    import('./revenue-chart').catch(() => {})
  }, [])

  const timeframe = useSelector(actor, (s) => s.context.timeframe)
  const data = useSelector(actor, (s) => s.context.data)
  const dataTimeframe = useSelector(actor, (s) => s.context.dataTimeframe)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const dialogOpen = useSelector(actor, (s) => s.hasTag('reportOpen'))
  const generating = useSelector(actor, (s) => s.hasTag('generating'))
  const report = useSelector(actor, (s) => s.context.report)

  const summary = data?.summary
  const shownTimeframe = dataTimeframe ?? timeframe
  const periodName = usePeriodName()
  // The range's days stay open to change once chosen; a named period closes them.
  const [choosingRange, setChoosingRange] = useState(typeof timeframe !== 'string')
  const shownDays = useMemo(() => periodDays(shownTimeframe, new Date()), [shownTimeframe])
  const weekOf = (day: string) => t`w/c ${day}`
  const months = i18n.locale === 'sw' ? SW_MONTHS : MONTHS
  const points = useMemo(
    () =>
      data
        ? revenueSeries(data.transactions, shownTimeframe, new Date()).map((p) => ({ ...p, label: periodLabel(p.key, bucketOf(shownTimeframe), months, weekOf) }))
        : [],
    // weekOf's words change with the locale, as months do
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, shownTimeframe, months],
  )

  return (
    <div className={styles.page}>
      <PageHeader
        title={t(REPORTS_TEXT.title)}
        subtitle={t(REPORTS_TEXT.subtitle)}
        actions={
          <div className={styles.toolbar}>
            <TimeframePicker
              value={timeframe}
              choosingRange={choosingRange}
              onChange={(next) => {
                setChoosingRange(false)
                if (next !== timeframe) actor.send({ type: 'reports.timeframe', timeframe: next })
              }}
              onChooseRange={() => setChoosingRange(true)}
            />
            <Button appearance="primary" icon={<ArrowDownload20Regular />} onClick={() => actor.send({ type: 'report.open' })}>
              {t(REPORTS_TEXT.generate)}
            </Button>
          </div>
        }
      />

      {choosingRange && (
        <RangeForm
          initial={typeof timeframe === 'string' ? periodDays(timeframe, new Date()) : timeframe}
          onShow={(range) => actor.send({ type: 'reports.timeframe', timeframe: range })}
        />
      )}
      {data && <Caption1 className={styles.muted}>{t(REPORTS_TEXT.shownDays(formatDate(shownDays.from), formatDate(shownDays.to)))}</Caption1>}

      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => actor.send({ type: 'reports.retry' })}>{t(REPORTS_TEXT.retry)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {loading && <Spinner size="small" labelPosition="after" label={t(REPORTS_TEXT.loading)} />}

      {summary && (
        <section className={styles.cards} aria-label={t(REPORTS_TEXT.summary)}>
          <StatCard icon={<Money24Regular />} title={t(REPORTS_TEXT.cards.revenue)} value={formatKsh(summary.totalRevenue)} hint={t(REPORTS_TEXT.cards.revenueHint)} />
          <StatCard icon={<CalendarLtr24Regular />} title={t(REPORTS_TEXT.cards.bookings)} value={summary.totalBookings.toLocaleString('en-KE')} hint={t(REPORTS_TEXT.cards.bookingsHint)} />
          <StatCard icon={<Wallet24Regular />} title={t(REPORTS_TEXT.cards.average)} value={formatKsh(summary.avgTransactionValue)} hint={t(REPORTS_TEXT.cards.averageHint)} />
          <StatCard
            icon={<Clock24Regular />}
            title={t(REPORTS_TEXT.cards.pending)}
            value={formatKsh(summary.outstandingBalance)}
            hint={t(REPORTS_TEXT.cards.pendingHint(summary.pendingPayments))}
          />
        </section>
      )}

      {summary && summary.outstandingBalance > 0 && (
        <Section title={t(REPORTS_TEXT.ageing.title)} icon={<Clock24Regular />}>
          <Caption1 className={styles.muted}>{t(REPORTS_TEXT.ageing.hint)}</Caption1>
          <FactList
            rows={[
              [t(REPORTS_TEXT.ageing.days0to30), formatKsh(summary.ageing.days0to30)],
              [t(REPORTS_TEXT.ageing.days31to60), formatKsh(summary.ageing.days31to60)],
              [t(REPORTS_TEXT.ageing.days61to90), formatKsh(summary.ageing.days61to90)],
              [t(REPORTS_TEXT.ageing.over90), formatKsh(summary.ageing.over90)],
            ]}
          />
        </Section>
      )}

      {data && (
        <Section title={t(REPORTS_TEXT.chart.title)} icon={<ChartMultiple24Regular />}>
          <Caption1 className={styles.muted}>{t(CHART_DESCRIPTIONS[bucketOf(shownTimeframe)])}</Caption1>
          {points.every((p) => p.revenue === 0) ? (
            <Body1 className={styles.muted}>{t(REPORTS_TEXT.chart.empty)}</Body1>
          ) : (
            <div className={styles.chartBox}>
              <Suspense fallback={<Spinner size="small" labelPosition="after" label={t(REPORTS_TEXT.chart.loading)} />}>
                <RevenueChart points={points} title={t(REPORTS_TEXT.chart.titleFor(periodName(shownTimeframe)))} />
              </Suspense>
            </div>
          )}
        </Section>
      )}

      {data && (
        <Section title={t(REPORTS_TEXT.transactions.title)} icon={<Receipt24Regular />}>
          <TransactionsView rows={data.transactions} />
        </Section>
      )}

      {dialogOpen && (
        <ReportDialog
          request={report}
          pageRange={typeof timeframe === 'string' ? null : timeframe}
          generating={generating}
          onTimeframe={(next) => actor.send({ type: 'report.timeframe', timeframe: next })}
          onType={(next) => actor.send({ type: 'report.type', reportType: next })}
          onGenerate={() => actor.send({ type: 'report.generate' })}
          onClose={() => actor.send({ type: 'report.close' })}
        />
      )}
    </div>
  )
}

/** The Nairobi days a period covers as of `now` (a rolling window's first day counted whole). */
function periodDays(period: ViewPeriod, now: Date): DateRange {
  const { from, to } = reportWindow(period, now.getTime())
  return { from: nairobiDay(from), to: nairobiDay(to) }
}

/** A period's name in the language in use: a named period's words, or a range's two days. */
function usePeriodName() {
  const { t } = useLingui()
  return (p: ViewPeriod) => (typeof p === 'string' ? t(VIEW_TIMEFRAME_LABELS[p]) : t(REPORTS_TEXT.range.name(formatDate(p.from), formatDate(p.to))))
}

const RANGE = 'range'

function TimeframePicker({ value, choosingRange, onChange, onChooseRange }: { value: ViewPeriod; choosingRange: boolean; onChange: (next: ViewPeriod) => void; onChooseRange: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const periodName = usePeriodName()
  const selected = choosingRange || typeof value !== 'string' ? RANGE : value
  return (
    <Field label={t(REPORTS_TEXT.timeframe)}>
      <Dropdown
        className={styles.timeframe}
        value={choosingRange && typeof value === 'string' ? t(REPORTS_TEXT.range.option) : periodName(value)}
        selectedOptions={[selected]}
        onOptionSelect={(_, d) => {
          if (d.optionValue === RANGE) {
            onChooseRange()
            return
          }
          const next = VIEW_TIMEFRAMES.find((x) => x === d.optionValue)
          if (next) onChange(next)
        }}
      >
        {VIEW_TIMEFRAMES.map((x) => (
          <Option key={x} value={x}>
            {t(VIEW_TIMEFRAME_LABELS[x])}
          </Option>
        ))}
        <Option value={RANGE}>{t(REPORTS_TEXT.range.option)}</Option>
      </Dropdown>
    </Field>
  )
}

/** The first and last Nairobi day of a chosen range, typed the Kenyan way; Show loads its figures. */
function RangeForm({ initial, onShow }: { initial: DateRange; onShow: (range: DateRange) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const words = REPORTS_TEXT.range
  const schema = useMemo(() => rangeForm((d) => t(d)), [t])
  const form = useForm({ defaultValues: initial, validators: { onChange: schema }, onSubmit: ({ value }) => onShow({ from: value.from, to: value.to }) })
  return (
    <form className={styles.range} onSubmit={submitHandler(form)} noValidate aria-label={t(words.form)}>
      <div className={styles.rangeField}>
        <form.Field name="from">{(f) => <KenyanDateTimeField kind="date" field={f} label={t(words.from)} hint="DD/MM/YYYY" required />}</form.Field>
      </div>
      <div className={styles.rangeField}>
        <form.Field name="to">{(f) => <KenyanDateTimeField kind="date" field={f} label={t(words.to)} hint="DD/MM/YYYY" required />}</form.Field>
      </div>
      <Button type="submit" className={styles.rangeButton}>
        {t(words.show)}
      </Button>
    </form>
  )
}

function StatCard({ icon, title, value, hint }: { icon: ReactNode; title: string; value: string; hint: string }) {
  const styles = useStyles()
  const titleId = useId()
  return (
    <Card className={styles.stat} role="group" aria-labelledby={titleId}>
      <div className={styles.statTop}>
        <span className={styles.statIcon} aria-hidden>
          {icon}
        </span>
        <Text id={titleId} weight="semibold">
          {title}
        </Text>
      </div>
      <Text className={styles.statValue}>{value}</Text>
      <Caption1 className={styles.muted}>{hint}</Caption1>
    </Card>
  )
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const styles = useStyles()
  const headingId = useId()
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        <span className={styles.headingIcon} aria-hidden>
          {icon}
        </span>
        {title}
      </Subtitle2>
      {children}
    </Card>
  )
}

/** The M-Pesa receipt, or that it is still to come for a completed payment (settled by M-Pesa's status check). */
const receiptShown = (t: Transaction) => receiptOf({ status: t.status, transaction_id: t.receipt })

function TransactionsView({ rows }: { rows: Transaction[] }) {
  const styles = useStyles()
  const { t } = useLingui()
  const narrow = useMediaQuery('(max-width: 640px)')
  const c = REPORTS_TEXT.transactions.columns
  if (rows.length === 0) return <Body1 className={styles.muted}>{t(REPORTS_TEXT.transactions.empty)}</Body1>
  if (narrow) {
    return (
      <ul className={styles.list} aria-label={t(REPORTS_TEXT.transactions.title)}>
        {rows.map((tx) => (
          <li key={tx.id} className={styles.item}>
            <div className={styles.itemTop}>
              <Text className={styles.amount}>{formatKsh(tx.amount)}</Text>
              <PaymentRecordBadge status={tx.status} />
            </div>
            <Text>{tx.description}</Text>
            <Caption1 className={styles.muted}>
              {formatDate(tx.date)} · {tx.paymentMethod} · {tx.customer}
            </Caption1>
            {receiptShown(tx) && <Caption1 className={styles.mono}>{tx.receipt ? t(REPORTS_TEXT.transactions.receiptNumber(tx.receipt)) : receiptShown(tx)}</Caption1>}
          </li>
        ))}
      </ul>
    )
  }
  return (
    <div className={styles.tableBox}>
      <Table aria-label={t(REPORTS_TEXT.transactions.title)} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t(c.date)}</TableHeaderCell>
            <TableHeaderCell className={styles.descriptionHead}>{t(c.description)}</TableHeaderCell>
            <TableHeaderCell>{t(c.method)}</TableHeaderCell>
            <TableHeaderCell>{t(c.customer)}</TableHeaderCell>
            <TableHeaderCell button={{ className: styles.amountHead }}>{t(c.amount)}</TableHeaderCell>
            <TableHeaderCell>{t(c.status)}</TableHeaderCell>
            <TableHeaderCell className={styles.receiptHead}>{t(c.receipt)}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((tx) => (
            <TableRow key={tx.id}>
              <TableCell className={styles.nowrap}>{formatDate(tx.date)}</TableCell>
              <TableCell>{tx.description}</TableCell>
              <TableCell>{tx.paymentMethod}</TableCell>
              <TableCell>{tx.customer}</TableCell>
              <TableCell className={styles.right}>{formatKsh(tx.amount)}</TableCell>
              <TableCell>
                <PaymentRecordBadge status={tx.status} />
              </TableCell>
              <TableCell className={styles.mono}>{receiptShown(tx) ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
