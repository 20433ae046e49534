import { Suspense, lazy, useEffect, useId } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  Body1,
  Button,
  Caption1,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
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
import { Receipt24Regular, Wallet24Regular } from '@fluentui/react-icons'
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { translated } from '../../../lib/i18n'
import { RECEIPT_TO_FOLLOW } from '../../../../shared/mpesa-words'
import type { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import type { Words } from '../../../../machines/shared/notify'
import type { Payment, PendingPayment } from '../../../../shared/contracts/payments'
import { useNotifications } from '../../../app/use-notifications'
import { useSession } from '../../../app/session'
import { EmptyArt } from '../../../components/empty-art'
import { LoadProblem } from '../../../components/load-problem'
import { PageHeader } from '../../../components/page-header'
import { RouterButtonLink } from '../../../components/router-link'
import { paths } from '../../../app/paths'
import { PaymentRecordBadge } from '../../../components/status-badge'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { livePaymentsPageMachine } from './live-payments'
import { amountDueText, deceasedName, methodLabel, receiptOf } from './payment-words'

// The M-Pesa dialog (form, phone checks, progress) loads when a family starts a payment.
const loadPayDialog = () => import('./pay-dialog')
const PayDialog = lazy(() => loadPayDialog().then((m) => ({ default: m.PayDialog })))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  tableCard: { overflowX: 'auto' },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  headingIcon: { color: tokens.colorBrandForeground1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pendingRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalL,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // A row awaiting payment as tall as one drawn: the amount and both buttons wrap under the name on a phone.
  pendingSkeleton: { height: '72px', '@media (max-width: 640px)': { height: '148px' } },
  pendingText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  pendingEnd: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  amount: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground2 },
  empty: { color: tokens.colorNeutralForeground2, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  right: { textAlign: 'right', whiteSpace: 'nowrap' },
  // The header cell lays its content out in a flex button: align it there.
  amountHead: { justifyContent: 'flex-end' },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  historyItem: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  historyTop: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

interface ListView<T extends { id: string }> {
  items: T[]
  loading: boolean
  /** No answer for a few seconds (machines/shared/slow-load.ts). */
  slow: boolean
  error: Words | null
  loaded: boolean
}

function useList<T extends { id: string }>(actor: ActorRefFrom<ReturnType<typeof createCollectionMachine<T>>> | undefined): ListView<T> {
  const items = useSelector(actor, (s) => s?.context.items) ?? []
  const loading = useSelector(actor, (s) => s?.hasTag('loading') ?? true)
  const slow = useSelector(actor, (s) => s?.hasTag('slow') ?? false)
  const error = useSelector(actor, (s) => s?.context.error ?? null)
  const loaded = useSelector(actor, (s) => s?.value === 'ready')
  return { items, loading, slow, error, loaded }
}

/** The receipt's number, or 'Receipt to follow' in the language in use. */
const receiptText = (p: Payment) => {
  const receipt = receiptOf(p)
  return receipt === RECEIPT_TO_FOLLOW ? translated(receipt) : receipt
}

/** Payments (SPEC.md section 2): what is still to pay, by M-Pesa, and what has been paid. */
export function PaymentsPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { user } = useSession()
  const page = useActorRef(livePaymentsPageMachine, { input: { phone: user?.phone ?? null } })
  // Fetch the dialog's code once the page is up, so Pay opens at once.
  useEffect(() => {
    void loadPayDialog()
  }, [])
  const pendingRef = useSelector(page, (s) => s.children.pending)
  const historyRef = useSelector(page, (s) => s.children.history)
  const paymentRef = useSelector(page, (s) => s.children.payment)
  const payingFor = useSelector(page, (s) => s.context.payingFor)
  const receipt = useSelector(page, (s) => s.context.receipt)
  useNotifications(pendingRef)
  useNotifications(historyRef)
  // The payment's own messages are not toasted: the dialog says each step (sent, failed, timed
  // out) and the page's "Payment received" banner the end; a toast would say it a second time,
  // over the dialog on a phone.

  const pending = useList<PendingPayment>(pendingRef)
  const history = useList<Payment>(historyRef)

  // "Pay by M-Pesa" on a booking's page comes here with ?pay=<booking id>: its dialog opens once the
  // bookings awaiting payment are known (a booking already paid opens nothing). The request is then
  // dropped from the address, so going back or reloading does not open it again.
  const [search, setSearch] = useSearchParams()
  const payFor = search.get('pay')
  useEffect(() => {
    if (!payFor || !pending.loaded) return
    const booking = pending.items.find((b) => b.id === payFor)
    if (booking) page.send({ type: 'payment.open', booking })
    setSearch((s) => {
      s.delete('pay')
      return s
    }, { replace: true })
  }, [payFor, pending.loaded, pending.items, page, setSearch])

  return (
    <div className={styles.page}>
      <PageHeader title={t`Payments`} subtitle={t`Pay for your bookings by M-Pesa and see what you have paid.`} />

      {receipt && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              <Trans>Payment received</Trans>
            </MessageBarTitle>
            {receipt.deceasedName
              ? t`${formatKsh(receipt.amount)} for ${receipt.deceasedName}. Thank you. It is now in your payment history.`
              : t`${formatKsh(receipt.amount)} for your booking. Thank you. It is now in your payment history.`}
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={t`Dismiss`}
                icon={<Dismiss20Regular />}
                onClick={() => page.send({ type: 'payments.dismissReceipt' })}
              />
            }
          />
        </MessageBar>
      )}

      <PendingSection
        view={pending}
        onRetry={() => pendingRef?.send({ type: 'collection.fetch' })}
        onPay={(booking) => page.send({ type: 'payment.open', booking })}
      />
      <HistorySection view={history} onRetry={() => historyRef?.send({ type: 'collection.fetch' })} />

      {paymentRef && payingFor && (
        <Suspense fallback={null}>
          <PayDialog actor={paymentRef} booking={payingFor} />
        </Suspense>
      )}
    </div>
  )
}

function PendingSection({ view, onRetry, onPay }: { view: ListView<PendingPayment>; onRetry: () => void; onPay: (b: PendingPayment) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const headingId = useId()
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        <Wallet24Regular className={styles.headingIcon} aria-hidden />
        <Trans>Awaiting payment</Trans>
      </Subtitle2>
      <LoadProblem error={view.error} slow={view.slow} hasData={view.items.length > 0} onRetry={onRetry} />
      {/* Rows shaped like the ones coming, not a one-line spinner: the history below keeps its place. */}
      {view.loading && !view.slow && view.items.length === 0 && (
        <Skeleton aria-label={t`Loading pending payments…`} className={styles.list}>
          <SkeletonItem className={styles.pendingSkeleton} />
          <SkeletonItem className={styles.pendingSkeleton} />
        </Skeleton>
      )}
      {view.loaded && view.items.length === 0 && (
        <div className={styles.empty}>
          <Body1>
            <Trans>Nothing to pay right now</Trans>
          </Body1>
          <Caption1>
            <Trans>A booking appears here whenever something is owed on it, including storage for extra days in our care.</Trans>
          </Caption1>
        </div>
      )}
      {view.items.length > 0 && (
        <ul className={styles.list} aria-label={t`Bookings awaiting payment`}>
          {view.items.map((b) => (
            <PendingRow key={b.id} booking={b} onPay={onPay} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function PendingRow({ booking, onPay }: { booking: PendingPayment; onPay: (b: PendingPayment) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const nameId = useId()
  const amount = amountDueText(booking)
  return (
    <li className={styles.pendingRow}>
      <div className={styles.pendingText}>
        <Text weight="semibold" id={nameId}>
          {deceasedName(booking)}
        </Text>
        <Caption1 className={styles.muted}>{t`Booking #${booking.id}`}</Caption1>
      </div>
      <div className={styles.pendingEnd}>
        <Text>
          <Text className={styles.amount}>{amount.due}</Text>
          {amount.ofTotal && <Caption1 className={styles.muted}> {amount.ofTotal}</Caption1>}
        </Text>
        <Button appearance="primary" aria-describedby={nameId} onClick={() => onPay(booking)}>
          <Trans>Pay with M-Pesa</Trans>
        </Button>
        {/* Relatives can share the bill: the link is made and shared on the booking's page. */}
        <RouterButtonLink to={`${paths.client.booking(booking.id)}#booking-contributions`}>
          <Trans>Invite contributions</Trans>
        </RouterButtonLink>
      </div>
    </li>
  )
}

/** "Joseph Kamau · Booking #12": whom a payment was for, as the family knows it (called while rendering). */
function paidFor(p: Payment): string {
  const name = `${p.deceased_first_name} ${p.deceased_last_name}`.trim()
  const id = p.booking_id
  const booking = id ? i18n._(msg`Booking #${id}`) : ''
  return [name, booking].filter(Boolean).join(' · ') || '—'
}

function HistorySection({ view, onRetry }: { view: ListView<Payment>; onRetry: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const headingId = useId()
  const narrow = useMediaQuery('(max-width: 640px)')
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        <Receipt24Regular className={styles.headingIcon} aria-hidden />
        <Trans>Payment history</Trans>
      </Subtitle2>
      <LoadProblem error={view.error} slow={view.slow} hasData={view.items.length > 0} onRetry={onRetry} />
      {view.loading && !view.slow && view.items.length === 0 && <Spinner size="small" labelPosition="after" label={t`Loading payment history…`} />}
      {view.loaded && view.items.length === 0 && (
        <div className={styles.empty}>
          <EmptyArt name="lily" />
          <Body1>
            <Trans>No payments yet</Trans>
          </Body1>
          <Caption1>
            <Trans>Your M-Pesa payments will be listed here.</Trans>
          </Caption1>
        </div>
      )}
      {view.items.length > 0 &&
        (narrow ? (
          <ul className={styles.list} aria-label={t`Payment history`}>
            {view.items.map((p) => (
              <li key={p.id} className={styles.historyItem}>
                <div className={styles.historyTop}>
                  <Text className={styles.amount}>{formatKsh(p.amount)}</Text>
                  <PaymentRecordBadge status={p.status} />
                </div>
                <Text>{paidFor(p)}</Text>
                <Caption1 className={styles.muted}>
                  {methodLabel(p.payment_method)}{p.contributor_name ? ` · ${t`from ${p.contributor_name}`}` : ''} · {formatDateTime(p.payment_date) || '—'}
                </Caption1>
                <Caption1 className={styles.mono}>{receiptText(p) ?? t`No transaction id`}</Caption1>
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.tableCard}>
            <Table aria-label={t`Payment history`} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>
                    <Trans>Transaction ID</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>For</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Method</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell button={{ className: styles.amountHead }}>
                    <Trans>Amount</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Date</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Status</Trans>
                  </TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell className={styles.mono}>{receiptText(p) ?? '—'}</TableCell>
                    <TableCell>{paidFor(p)}</TableCell>
                    <TableCell>
                      {methodLabel(p.payment_method)}
                      {p.contributor_name && <Caption1 className={styles.muted} block>{t`from ${p.contributor_name}`}</Caption1>}
                    </TableCell>
                    <TableCell className={styles.right}>{formatKsh(p.amount)}</TableCell>
                    <TableCell>{formatDateTime(p.payment_date) || '—'}</TableCell>
                    <TableCell>
                      <PaymentRecordBadge status={p.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ))}
    </Card>
  )
}
