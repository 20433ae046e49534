import { Suspense, useId, useState } from 'react'
import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { Body1, Button, Caption1, Link, Skeleton, SkeletonItem, Subtitle1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Panel } from '../../../components/panel'
// Per-icon entries: icons from the barrel are pooled into a chunk the sign-in pages load.
import { ArrowUpload20Regular } from '@fluentui/react-icons/svg/arrow-upload'
import { CalendarLtr20Regular } from '@fluentui/react-icons/svg/calendar-ltr'
import { Call20Regular } from '@fluentui/react-icons/svg/call'
import { CheckmarkCircle20Regular } from '@fluentui/react-icons/svg/checkmark-circle'
import { Circle20Regular } from '@fluentui/react-icons/svg/circle'
import { Location20Regular } from '@fluentui/react-icons/svg/location'
import { Receipt20Regular } from '@fluentui/react-icons/svg/receipt'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import { myPayments } from '../../../api/payments'
import type { Booking } from '../../../../shared/contracts/bookings'
import type { Document, DocumentType } from '../../../../shared/contracts/documents'
import type { Payment } from '../../../../shared/contracts/payments'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { RouterButtonLink } from '../../../components/router-link'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { RECEIPT_TO_FOLLOW } from '../../../../shared/mpesa-words'
import { translated } from '../../../lib/i18n'
import { LazyUploadDialog, bookingChecklist, loadUploadDialog, type ChecklistItem } from '../../documents/document-checklist'
import type { BookingChoice } from '../../documents/upload-dialog'
import { documentTypeName } from '../../documents/document-words'
import { deceasedName } from '../my-bookings'
import { CONTACT } from '../../../lib/contact'
import { amountDueNow, amountSettled, chargesToDate, serviceAt } from '../../../../shared/urgency'

/** The family's payments (GET /payments/my), for the booking's own receipts. */
const liveMyPayments = createCollectionMachine<Payment>('myPayments').provide({
  actors: { fetchItems: fromPromise(() => myPayments()) },
})

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  when: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  todo: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  what: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, minWidth: 0, flex: '1 1 220px' },
  icon: { flexShrink: 0, marginTop: '2px', color: tokens.colorBrandForeground1 },
  buttonSkeleton: { width: '112px' },
  done: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground2 },
  note: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  sums: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  sum: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0 },
  amount: { margin: 0 },
  receipt: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
})

/** When the service is: the earliest scheduled time among the booking's services. */
export const serviceTime = serviceAt

/**
 * What the family owes on a booking today: every charge so far (storage for the days in care) less
 * all paid, whatever the payment status says; 0 once refunded or cancelled.
 */
export const stillDue = amountDueNow

/**
 * The top of a family's booking: whom it is for and when, then what is left for them to do, each
 * with the action that does it beside it: Upload opens the upload dialog for that document and this
 * booking; Pay by M-Pesa opens the M-Pesa dialog for this booking on the Payments page.
 */
export function BookingNextSteps({
  booking,
  documents,
  documentsLoaded,
  choices,
  onUploaded,
}: {
  booking: Booking
  documents: readonly Document[]
  documentsLoaded: boolean
  /** The family's bookings, for the upload dialog's booking choice (this one is chosen). */
  choices: BookingChoice[]
  onUploaded: (doc: Document) => void
}) {
  const styles = useStyles()
  const { t } = useLingui()
  const [uploadType, setUploadType] = useState<DocumentType | null>(null)
  const when = serviceTime(booking)
  const due = stillDue(booking)
  const carer = booking.assignedAttendant?.name?.trim()
  const phone = CONTACT.phoneDisplay
  const cancelled = booking.status === 'cancelled'
  const docsToDo = cancelled ? [] : bookingChecklist(booking.id, documents).filter((i) => i.state === 'missing' || i.state === 'rejected')
  const nothingLeft = documentsLoaded && docsToDo.length === 0 && due === 0
  return (
    <Panel className={styles.card} aria-labelledby="booking-for">
      <div>
        <Caption1 className={styles.muted}>
          <Trans>In memory of</Trans>
        </Caption1>
        <Subtitle1 as="h2" id="booking-for" block>
          {deceasedName(booking)}
        </Subtitle1>
        <Body1 className={styles.when}>
          <CalendarLtr20Regular aria-hidden />
          {when ? t`Service on ${formatDateTime(when)}` : t`Service date not set yet`}
        </Body1>
        <Body1 className={styles.when}>
          <Location20Regular aria-hidden />
          {booking.venue.trim() || t`Venue not decided yet`}
        </Body1>
        {/* A person one tap away: who looks after this booking, and the line that always answers. */}
        <Body1 className={styles.when}>
          <Call20Regular aria-hidden />
          <span>
            {carer ? t`${carer} is looking after your loved one.` : t`Our office is looking after your loved one.`}{' '}
            <Link href={CONTACT.phoneHref} aria-label={t`Call us on ${phone}`}>
              {phone}
            </Link>
          </span>
        </Body1>
      </div>
      {!cancelled && (
        <section aria-labelledby="left-to-do">
          <Subtitle2 as="h3" id="left-to-do" block>
            <Trans>What is left to do</Trans>
          </Subtitle2>
          {!documentsLoaded ? (
            // As many rows as the booking already says are left, each shaped like the row it stands for
            // (text, then a button that wraps under it on a phone): the card keeps its height when
            // the papers arrive, instead of pushing the page down.
            <Skeleton aria-label={t`Loading what is left to do`} className={styles.list}>
              {Array.from({ length: Math.max(1, booking.required_documents.length + (due > 0 ? 1 : 0)) }, (_, i) => (
                <div key={i} className={styles.todo}>
                  <span className={styles.what}>
                    <SkeletonItem size={20} />
                  </span>
                  <SkeletonItem size={32} className={styles.buttonSkeleton} />
                </div>
              ))}
            </Skeleton>
          ) : nothingLeft ? (
            <Body1 className={styles.what}>
              <CheckmarkCircle20Regular className={styles.done} aria-hidden />
              <Trans>Nothing for now. We will call you if anything changes.</Trans>
            </Body1>
          ) : (
            <ul className={styles.list} aria-label={t`What is left to do`}>
              {docsToDo.map((item) => (
                <DocumentToDo key={item.type} item={item} onUpload={() => setUploadType(item.type)} />
              ))}
              {due > 0 && (
                <li className={styles.todo}>
                  <span className={styles.what}>
                    <Circle20Regular className={styles.icon} aria-hidden />
                    <Text>{t`Pay ${formatKsh(due)} still due`}</Text>
                  </span>
                  <RouterButtonLink to={`${paths.client.payments}?pay=${encodeURIComponent(booking.id)}`} appearance="primary">
                    <Trans>Pay by M-Pesa</Trans>
                  </RouterButtonLink>
                </li>
              )}
            </ul>
          )}
        </section>
      )}
      {uploadType !== null && (
        <Suspense fallback={null}>
          <LazyUploadDialog
            open
            onClose={() => setUploadType(null)}
            onUploaded={onUploaded}
            bookings={choices}
            initialType={uploadType}
            initialBookingId={booking.id}
          />
        </Suspense>
      )}
    </Panel>
  )
}

/** One paper still to upload, with the Upload button that opens the dialog for it. */
function DocumentToDo({ item, onUpload }: { item: ChecklistItem; onUpload: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const textId = useId()
  const document = t(documentTypeName(item.type)).toLowerCase()
  return (
    <li className={styles.todo}>
      <span className={styles.what}>
        <Circle20Regular className={styles.icon} aria-hidden />
        <span>
          <Text block id={textId}>
            {item.state === 'rejected' ? t`Upload a new ${document}` : t`Upload the ${document}`}
          </Text>
          {item.state === 'rejected' && item.note && <Caption1 className={styles.note}>{t`Why: ${item.note}`}</Caption1>}
        </span>
      </span>
      {/* Named by the line it stands beside ("Upload the burial permit"): one name, said once. */}
      <Button
        icon={<ArrowUpload20Regular />}
        aria-labelledby={textId}
        onClick={onUpload}
        onMouseEnter={() => void loadUploadDialog()}
        onFocus={() => void loadUploadDialog()}
      >
        <Trans>Upload</Trans>
      </Button>
    </li>
  )
}

/** Paid, still due, and each completed payment with its M-Pesa receipt number. */
export function BookingMoney({ booking }: { booking: Booking }) {
  const styles = useStyles()
  const { t } = useLingui()
  const [snapshot, send, actorRef] = useMachine(liveMyPayments, { input: { failureMessage: msg`Could not load the payments for this booking` } })
  useNotifications(actorRef)
  const receipts = snapshot.context.items.filter((p) => p.booking_id === booking.id && p.status === 'completed')
  return (
    <Panel className={styles.card} aria-labelledby="booking-money">
      <Subtitle2 as="h2" id="booking-money">
        <Trans>Payments</Trans>
      </Subtitle2>
      <dl className={styles.sums}>
        {(
          [
            // As the invoice has them: every charge so far (storage for the days in care), and all that was settled.
            // Not "Total": the services card above says the booked total under that word.
            [t`Charged so far`, chargesToDate(booking)],
            [t`Paid`, amountSettled(booking)],
            [t`Still due`, stillDue(booking)],
          ] as const
        ).map(([term, amount]) => (
          <div key={term} className={styles.sum}>
            <dt className={styles.muted}>{term}</dt>
            <dd className={styles.amount}>
              <Text weight="semibold">{formatKsh(amount)}</Text>
            </dd>
          </div>
        ))}
      </dl>
      {snapshot.context.error ? (
        <Body1>
          {snapshot.context.error}{' '}
          <Button size="small" onClick={() => send({ type: 'collection.fetch' })}>
            <Trans>Try again</Trans>
          </Button>
        </Body1>
      ) : receipts.length > 0 ? (
        <ul className={styles.list} aria-label={t`Receipts`}>
          {receipts.map((p) => (
            <li key={p.id} className={styles.receipt}>
              <span className={styles.what}>
                <Receipt20Regular className={styles.icon} aria-hidden />
                <span>
                  <Text block>
                    {t`${formatKsh(p.amount)} on ${formatDateTime(p.payment_date) || '—'}`}
                  </Text>
                  <Caption1 className={styles.mono}>{p.transaction_id ? t`Receipt ${p.transaction_id}` : translated(RECEIPT_TO_FOLLOW)}</Caption1>
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        snapshot.matches('ready') && (
          <Caption1 className={styles.muted}>
            <Trans>No payments yet.</Trans>
          </Caption1>
        )
      )}
    </Panel>
  )
}
