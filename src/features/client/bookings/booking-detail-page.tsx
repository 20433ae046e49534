import { Suspense, lazy, useEffect, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import {
  Skeleton,
  SkeletonItem,
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
import { Panel } from '../../../components/panel'
import { ArrowLeft16Regular } from '@fluentui/react-icons'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { bookingDetailMachine } from '../../../../machines/booking/booking-detail.machine'
import { getBooking } from '../../../api/bookings'
import type { Booking } from '../../../../shared/contracts/bookings'
import { lineServiceName } from '../../../../shared/contracts/services'
import { DocumentChecklist } from '../../documents/document-checklist'
import { bookingChoices } from '../documents/booking-choices'
import { useMyDocuments } from '../documents/my-documents'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { LoadProblem } from '../../../components/load-problem'
import { PageHeader } from '../../../components/page-header'
import { RouterLink } from '../../../components/router-link'
import { PreparationProgress } from '../../../components/preparation-progress'

import { BookingStatusBadge, PaymentStatusBadge } from '../../../components/status-badge'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { deceasedName } from '../my-bookings'
import { BookingMoney, BookingNextSteps } from './booking-next-steps'
import { familyNextSteps, paymentStatusNow } from '../../../../shared/urgency'
import { UrgentBanner } from '../next-steps'
import { StorageSoFar } from './storage-so-far'
import { PAPER_TEXT } from '../../documents/paper-words'

// The conversation comes after the booking's own facts: its code loads once they are on screen.
// The papers' downloads load after the page: the family reads the booking first.
const BookingPapers = lazy(() => import('../../documents/booking-papers').then((m) => ({ default: m.BookingPapers })))
// Below the first screen, each with its own form fields (Fluent's Input, Textarea, Switch, Checkbox):
// loaded after the page's first view rather than before it.
const ContributionsCard = lazy(() => import('./contributions-card').then((m) => ({ default: m.ContributionsCard })))
const TributeCard = lazy(() => import('./tribute-card').then((m) => ({ default: m.TributeCard })))
const ConversationPanel = lazy(() => import('../../messages/conversation-panel').then((m) => ({ default: m.ConversationPanel })))
import { MESSAGES_TEXT } from '../../messages/messages-words'

/** Where the family reads (and prints) every movement of their loved one's body. */

const liveBookingDetail = bookingDetailMachine.provide({
  actors: { fetchBooking: fromPromise(({ input }) => getBooking(input.id)) },
})

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px' },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  card: { gap: tokens.spacingVerticalM },
  details: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXXS },
  },
  term: { color: tokens.colorNeutralForeground2 },
  definition: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
  notes: { whiteSpace: 'pre-wrap' },
  amount: { textAlign: 'right', whiteSpace: 'nowrap' },
  amountHead: { justifyContent: 'flex-end' },
  totalRow: { fontWeight: tokens.fontWeightSemibold },
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground2 },
  total: { display: 'flex', justifyContent: 'space-between', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  // A link to a section of the page lands clear of the sticky top bar.
  anchor: { scrollMarginTop: '72px' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** One booking (SPEC.md section 2). On failure: 'Failed to load booking details' and back to the list. */
export function BookingDetailPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const [snapshot, send, actorRef] = useMachine(liveBookingDetail, { input: { id } })
  useNotifications(actorRef)
  const failed = snapshot.matches('failed')
  useEffect(() => {
    if (failed) navigate(paths.client.bookings, { replace: true })
  }, [failed, navigate])

  const booking = snapshot.context.booking
  return (
    <div className={styles.layout}>
      <RouterLink to={paths.client.bookings} className={styles.back}>
        <ArrowLeft16Regular aria-hidden="true" /> <Trans>My Bookings</Trans>
      </RouterLink>
      <PageHeader title={t`Booking Details`} subtitle={booking ? t`Booking #${booking.id} for ${deceasedName(booking)}` : undefined} />
      <LoadProblem error={snapshot.context.error} slow={snapshot.hasTag('slow')} hasData={!!booking} onRetry={() => send({ type: 'booking.retry' })} />
      {booking ? (
        <BookingDetail booking={booking} />
      ) : snapshot.hasTag('slow') || snapshot.context.error ? null : (
        <Skeleton aria-label={t`Loading booking`} className={styles.skeleton}>
          <SkeletonItem size={120} />
          <SkeletonItem size={72} />
        </Skeleton>
      )}
    </div>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles()
  return (
    <div style={{ display: 'contents' }}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </div>
  )
}

function BookingDetail({ booking }: { booking: Booking }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const isSmall = useMediaQuery('(max-width: 640px)')
  const docs = useMyDocuments()
  const now = new Date()
  const urgent = familyNextSteps([booking], now).find((s) => s.kind === 'urgent')
  return (
    <>
      {urgent?.kind === 'urgent' && <UrgentBanner step={urgent} now={now} onBookingPage />}
      <BookingNextSteps
        booking={booking}
        documents={docs.documents}
        documentsLoaded={docs.loaded || !!docs.error}
        choices={bookingChoices([booking])}
        onUploaded={docs.reload}
      />
      <Panel className={styles.card}>
        <Subtitle2 as="h2">
          <Trans>Summary</Trans>
        </Subtitle2>
        <dl className={styles.details}>
          <Row term={t`Status`}>
            <BookingStatusBadge status={booking.status} />
          </Row>
          <Row term={t`Payment status`}>
            <PaymentStatusBadge status={paymentStatusNow(booking)} />
          </Row>
          <Row term={t`Deceased`}>{deceasedName(booking)}</Row>
          <Row term={t`Booked on`}>{formatDateTime(booking.created_at)}</Row>
          {booking.morgue && booking.status !== 'cancelled' && (
            <Row term={t`Preparation`}>
              <PreparationProgress booking={booking} audience="family" />
            </Row>
          )}
          {booking.morgue && (
            <Row term={t`Chain of custody`}>
              <RouterLink to={`${paths.client.booking(booking.id)}/custody`}>{t`View the chain of custody record`}</RouterLink>
            </Row>
          )}
          <Row term={t`Notes`}>
            <span className={styles.notes}>{booking.notes?.trim() || t`None`}</span>
          </Row>
        </dl>
      </Panel>

      <Panel className={styles.card}>
        <Subtitle2 as="h2">
          <Trans>Services</Trans>
        </Subtitle2>
        {isSmall ? (
          <ul className={styles.lines} aria-label={t`Services`}>
            {booking.services.map((s) => (
              <li key={s.id} className={styles.line}>
                <Text weight="semibold">{lineServiceName(s, i18n.locale)}</Text>
                <Text className={styles.amount}>{formatKsh(s.price_at_booking)}</Text>
                <Text size={200} className={styles.muted}>
                  {s.quantity === 1 ? t`Quantity 1` : plural(s.quantity, { one: '# day', other: '# days' })}
                  {s.scheduled_date ? ` · ${formatDateTime(s.scheduled_date)}` : ''}
                </Text>
              </li>
            ))}
          </ul>
        ) : (
          <Table aria-label={t`Services`}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>
                  <Trans>Service</Trans>
                </TableHeaderCell>
                <TableHeaderCell>
                  <Trans>Scheduled for</Trans>
                </TableHeaderCell>
                <TableHeaderCell>
                  <Trans>Quantity</Trans>
                </TableHeaderCell>
                <TableHeaderCell button={{ className: styles.amountHead }}>
                  <Trans>Price at booking</Trans>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {booking.services.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{lineServiceName(s, i18n.locale)}</TableCell>
                  <TableCell>{s.scheduled_date ? formatDateTime(s.scheduled_date) : ''}</TableCell>
                  <TableCell>{s.quantity}</TableCell>
                  <TableCell className={styles.amount}>{formatKsh(s.price_at_booking)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <div className={styles.total}>
          <span>
            <Trans>Total</Trans>
          </span>
          <span>{formatKsh(booking.total_amount)}</span>
        </div>
        <StorageSoFar booking={booking} />
      </Panel>

      <BookingMoney booking={booking} />
      <Panel className={styles.card}>
        <Subtitle2 as="h2">{t(PAPER_TEXT.heading)}</Subtitle2>
        <Suspense fallback={null}>
          <BookingPapers bookingId={booking.id} canSign={booking.status !== 'cancelled'} />
        </Suspense>
      </Panel>
      {booking.status !== 'cancelled' && (
        <div id="booking-documents" className={styles.anchor}>
          <BookingDocuments booking={booking} docs={docs} />
        </div>
      )}
      {/* After the documents, which may need the family now: these cards arrive later (their own
          code and data) and, above, pushed the Upload buttons down under a finger on a slow phone.
          Shown on a cancelled booking too: what relatives gave before stays listed (the link is closed). */}
      <Suspense fallback={null}>
        <ContributionsCard booking={booking} deceased={deceasedName(booking)} />
        {booking.status !== 'cancelled' && <TributeCard booking={booking} deceased={deceasedName(booking)} />}
      </Suspense>
      <section id="booking-messages" className={styles.anchor} aria-labelledby="booking-messages-title">
        <Suspense fallback={null}>
        <ConversationPanel
          target={{ bookingId: booking.id }}
          compact
          header={() => (
            <>
              <Subtitle2 as="h2" id="booking-messages-title">
                {MESSAGES_TEXT.bookingCardTitle}
              </Subtitle2>
              <Text size={200} className={styles.muted}>
                {MESSAGES_TEXT.bookingCardHint}
              </Text>
            </>
          )}
        />
        </Suspense>
      </section>
    </>
  )
}

/** The booking's document checklist, from the family's documents (kept fresh after an upload). */
function BookingDocuments({ booking, docs }: { booking: Booking; docs: ReturnType<typeof useMyDocuments> }) {
  const { t } = useLingui()
  const choices = bookingChoices([booking])
  const me = choices[0]
  if (!me) return null
  if ((docs.error || docs.slow) && docs.documents.length === 0) return <LoadProblem error={docs.error} slow={docs.slow} onRetry={docs.reload} />
  if (!docs.loaded && docs.documents.length === 0) return <Skeleton aria-label={t`Loading documents`}><SkeletonItem size={72} /></Skeleton>
  return <DocumentChecklist booking={me} bookings={choices} documents={docs.documents} onUploaded={docs.reload} />
}
