import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import { useParams } from 'react-router-dom'
import { useMachine } from '@xstate/react'
import { Button, Dropdown, Field, Link, MessageBar, MessageBarActions, MessageBarBody, Option, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '../../../../shared/contracts/bookings'
import { compareIso } from '../../../../shared/dates'
import { amountDueNow, amountSettled, chargesToDate, inCare, papersToDo, paymentStatusNow } from '../../../../shared/urgency'
import { reviewDocument } from '../../../api/documents'
import { REJECT_NEEDS_REASON, REVIEW_FAILED } from '../../../../machines/documents/document-review.machine'
import type { Document } from '../../../../shared/contracts/documents'
import { translated } from '../../../lib/i18n'
import { DOWNLOAD_DONE, DOWNLOAD_FAILED, saveDocument } from '../../documents/document-files'
import { PreviewDialog } from '../../documents/document-parts'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { FactList } from '../../../components/fact-list'
import { PageHeader } from '../../../components/page-header'
import { PreparationProgress } from '../../../components/preparation-progress'
import { RouterLink } from '../../../components/router-link'
import { BookingStatusBadge, DocumentStatusBadge, PaymentStatusBadge, bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { useDocumentTitle } from '../../../lib/document-title'
import { formatDate, formatDateTime, formatKsh } from '../../../lib/format'
import { documentTypeName } from '../../documents/document-words'
import { useClientWords } from '../../documents/client-words'
import { ConfirmChangeDialog } from '../bookings/confirm-change-dialog'
import { ADMIN_BOOKINGS_TEXT as BT, auditValueLabel } from '../bookings/bookings-words'
import { deceasedOf } from '../bookings/booking-columns'
import { liveCaseFileMachine } from './live-case'
import { CUSTODY_FORM_TEXT } from '../../custody/custody-words'
import { CASE_TEXT as T } from './case-words'

/** The toast when the family's conversation cannot be opened (translated with the machines' words). */
// The PDFs' list arrives apart from the case file (the family's booking page does the same).
const BookingPapers = lazy(() => import('../../documents/booking-papers').then((m) => ({ default: m.BookingPapers })))

// The chain of custody's form (shared with the attendant's case panel) comes with its own chunk, after the case file.
const CustodySection = lazy(() => import('../../custody/custody-section').then((m) => ({ default: m.CustodySection })))

// The booking's conversation with the family, in place: its code and its thread only once the admin asks.
const ConversationPanel = lazy(() => import('../../messages/conversation-panel').then((m) => ({ default: m.ConversationPanel })))

// On paper: only the case file, in one column, sections kept whole where they fit (one or two A4 pages).
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden !important; }
  .afh-case, .afh-case * { visibility: visible !important; }
  .afh-case { position: absolute; left: 0; top: 0; width: 100%; font-size: 10pt; }
  .afh-case section { break-inside: avoid; box-shadow: none !important; border: 1px solid #999 !important; padding: 6px 8px !important; }
  .afh-no-print { display: none !important; }
}`

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
    // Each section as tall as its content: the custody form makes Preparation long, and its row's
    // neighbours stretched to match stood mostly empty.
    alignItems: 'start',
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    '@media print': { gridTemplateColumns: '1fr 1fr', gap: '6px' },
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  wide: { gridColumn: '1 / -1' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground2 },
  // The status read today, with why it differs from the stored one on its own line under it.
  statusNote: { display: 'flex', flexDirection: 'column' },
  notes: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  control: { minWidth: '180px', '@media (max-width: 480px)': { width: '100%' } },
  strong: { fontWeight: tokens.fontWeightSemibold },
  amount: { whiteSpace: 'nowrap' },
  custody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

function Section({ title, children, wide, id }: { title: string; children: ReactNode; wide?: boolean; id: string }) {
  const styles = useStyles()
  return (
    <section className={`${styles.section} ${wide ? styles.wide : ''}`} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** /dashboard/admin/bookings/:bookingId: everything about one booking on one page, printable. */
export function CasePage() {
  // The documents' names are in the family's catalogue, which the office's portal does not load.
  useClientWords()
  const { bookingId = '' } = useParams()
  const { t } = useLingui()
  const styles = useStyles()
  const [snapshot, send, actorRef] = useMachine(liveCaseFileMachine, { input: { id: bookingId } })
  useNotifications(actorRef)
  const { booking, attendants, pending } = snapshot.context
  const [talking, setTalking] = useState(false)
  useDocumentTitle(booking ? t(T.title(deceasedOf(booking))) : t(T.loading))

  if (snapshot.matches('failed')) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t(T.loadFailed)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => send({ type: 'case.reload' })}>{t(T.retry)}</Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
  if (!booking) return <Spinner label={t(T.loading)} />

  const busy = snapshot.hasTag('busy') || snapshot.hasTag('undoable')
  return (
    <div className={`${styles.root} afh-case`}>
      <style>{PRINT_CSS}</style>
      <div className={`${styles.bar} afh-no-print`}>
        <RouterLink to={paths.admin.services}>{t(T.back)}</RouterLink>
        <Button onClick={() => window.print()}>{t(T.print)}</Button>
      </div>
      <PageHeader title={t(T.title(deceasedOf(booking)))} subtitle={t(T.subtitle(booking.id, formatDate(booking.created_at)))} />
      {snapshot.hasTag('undoable') && pending && (
        <MessageBar intent="warning" aria-live="polite" className="afh-no-print">
          <MessageBarBody>{t(BT.undoNotice(pending.id, t(BT.pendingWords('status', bookingStatusLabel(pending.to).toLowerCase()))))}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'change.undo' })}>{t(BT.undo)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.grid}>
        <StatusSection booking={booking} attendants={attendants} busy={busy} onStatus={(s) => send({ type: 'case.setStatus', status: s })} onAssign={(id) => send({ type: 'case.assign', attendantId: id })} />
        <ServicesSection booking={booking} />
        <PeopleSection booking={booking} talking={talking} onMessage={() => setTalking(true)} />
        <MoneySection booking={booking} />
        <DocumentsSection booking={booking} onReviewed={() => send({ type: 'case.reload' })} />
        <CareSection booking={booking} onBookingChanged={() => send({ type: 'case.reload' })} />
        {talking && <MessagesSection booking={booking} />}
        <HistorySection booking={booking} />
      </div>
      <ConfirmChangeDialog
        pending={snapshot.hasTag('confirming') ? pending : null}
        booking={booking}
        onDismiss={() => send({ type: 'confirm.dismiss' })}
        onAccept={(reason, refund) => send({ type: 'confirm.accept', reason, refund })}
      />
    </div>
  )
}

function StatusSection({
  booking,
  attendants,
  busy,
  onStatus,
  onAssign,
}: {
  booking: Booking
  attendants: Array<{ id: string; name: string }>
  busy: boolean
  onStatus: (s: BookingStatus) => void
  onAssign: (id: string) => void
}) {
  const { t } = useLingui()
  const styles = useStyles()
  const assigned = booking.assignedAttendant ?? null
  const listed = assigned && !attendants.some((a) => a.id === assigned.id) ? [assigned, ...attendants] : attendants
  return (
    <Section title={t(T.status)} id="case-status" wide>
      <div className={styles.line}>
        <BookingStatusBadge status={booking.status} />
        {/* What is true today: a booking marked Paid that owes storage days reads Partial, as the family's pages say. */}
        <PaymentStatusBadge status={paymentStatusNow(booking)} />
        {busy && <Spinner size="tiny" />}
      </div>
      <div className={`${styles.controls} afh-no-print`}>
        <Dropdown
          className={styles.control}
          aria-label={t(T.changeStatus)}
          value={bookingStatusLabel(booking.status)}
          selectedOptions={[booking.status]}
          disabled={busy}
          onOptionSelect={(_, d) => {
            if (d.optionValue && d.optionValue !== booking.status) onStatus(d.optionValue as BookingStatus)
          }}
        >
          {BOOKING_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {bookingStatusLabel(s)}
            </Option>
          ))}
        </Dropdown>
        <Dropdown
          className={styles.control}
          aria-label={t(T.assignAttendant)}
          placeholder={t(T.unassigned)}
          value={assigned?.name ?? ''}
          selectedOptions={assigned ? [assigned.id] : []}
          disabled={busy || listed.length === 0}
          onOptionSelect={(_, d) => {
            if (d.optionValue && d.optionValue !== assigned?.id) onAssign(d.optionValue)
          }}
        >
          {listed.map((a) => (
            <Option key={a.id} value={a.id}>
              {a.name}
            </Option>
          ))}
        </Dropdown>
      </div>
      <FactList rows={[[t(T.attendant), assigned?.name ?? t(T.unassigned)]]} />
    </Section>
  )
}

function ServicesSection({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const styles = useStyles()
  const lines = [...booking.services].sort((a, b) => compareIso(a.scheduled_date ?? '', b.scheduled_date ?? ''))
  return (
    <Section title={t(T.services)} id="case-services">
      {lines.length === 0 ? (
        <Text className={styles.muted}>{t(T.noServices)}</Text>
      ) : (
        <ul className={styles.list}>
          {lines.map((s) => (
            <li key={s.id}>
              <Text className={styles.strong}>{s.service_name}</Text>
              {s.quantity > 1 && <Text className={styles.muted}> · {t(T.days(s.quantity))}</Text>}
              <br />
              <Text>{formatDateTime(s.scheduled_date)}</Text>
            </li>
          ))}
        </ul>
      )}
      <FactList
        rows={[
          [t(T.venue), booking.venue || '—'],
          [t(T.notes), <p key="n" className={styles.notes}>{booking.notes?.trim() || t(T.noNotes)}</p>],
        ]}
      />
    </Section>
  )
}

function PeopleSection({ booking, talking, onMessage }: { booking: Booking; talking: boolean; onMessage: () => void }) {
  const { t } = useLingui()
  const styles = useStyles()
  const phone = booking.morgue?.client_phone ?? null
  return (
    <Section title={t(T.family)} id="case-family">
      <FactList
        rows={[
          [t(T.name), booking.client_name ?? '—'],
          [t(T.phone), phone ? <Link href={`tel:${phone.replace(/\s+/g, '')}`} aria-label={t(T.call(phone))}>{phone}</Link> : <span className={styles.muted}>{t(T.noPhone)}</span>],
          [t(T.dateOfDeath), formatDate(booking.morgue?.date_of_death) || '—'],
          [t(T.placeOfDeath), booking.morgue?.place_of_death ?? '—'],
        ]}
      />
      <div className="afh-no-print">
        <Button
          aria-expanded={talking}
          aria-controls="case-messages-section"
          onClick={() => {
            onMessage()
            // The conversation opens below the papers: bring it into view.
            requestAnimationFrame(() => document.getElementById('case-messages-section')?.scrollIntoView({ block: 'start' }))
          }}
        >
          {t(T.message)}
        </Button>
      </div>
    </Section>
  )
}

function MoneySection({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const styles = useStyles()
  // What is owed today, as the family's page, the release form and the papers reckon it: storage for
  // the days in care so far, and what the office took outside the app's payments.
  const due = amountDueNow(booking)
  const charged = chargesToDate(booking)
  return (
    <Section title={t(T.money)} id="case-money">
      <FactList
        rows={[
          [t(T.total), <span key="t" className={styles.amount}>{formatKsh(booking.total_amount)}</span>],
          ...(charged !== booking.total_amount ? [[t(T.chargedSoFar), <span key="c" className={styles.amount}>{formatKsh(charged)}</span>] as [string, ReactNode]] : []),
          [t(T.paid), <span key="p" className={styles.amount}>{formatKsh(amountSettled(booking))}</span>],
          [t(T.balance), <span key="b" className={`${styles.strong} ${styles.amount}`}>{formatKsh(due)}</span>],
          [
            t(T.paymentStatus),
            paymentStatusNow(booking) === booking.payment_status ? (
              paymentStatusLabel(booking.payment_status)
            ) : (
              <span key="s" className={styles.statusNote}>
                <span>{paymentStatusLabel(paymentStatusNow(booking))}</span>
                <Text size={200} className={styles.muted}>
                  {t(T.markedPaid)}
                </Text>
              </span>
            ),
          ],
        ]}
      />
      {/* The invoice, statement, quotation and receipts (PDFs), loaded when the page is. */}
      <div className="afh-no-print">
        <Suspense fallback={null}>
          <BookingPapers bookingId={booking.id} canVoid />
        </Suspense>
      </div>
    </Section>
  )
}

type Review = { id: string; status: 'approved' | 'rejected'; notes: string }

/** A document of the case file as the preview dialog reads one (it knows the booking it belongs to). */
const asDocument = (d: NonNullable<Booking['morgue']>['documents'][number], booking: Booking): Document => ({
  ...d,
  status: d.status === 'approved' || d.status === 'rejected' ? d.status : 'pending',
  booking_id: booking.id,
  deceased_first_name: booking.deceased_first_name,
  deceased_last_name: booking.deceased_last_name,
  uploaded_by_name: null,
})

function DocumentsSection({ booking, onReviewed }: { booking: Booking; onReviewed: () => void }) {
  const { t } = useLingui()
  const styles = useStyles()
  const docs = booking.morgue?.documents ?? []
  const missing = papersToDo(booking).filter((p) => p.state === 'missing' && !docs.some((d) => d.document_type === p.type))
  // A waiting paper is reviewed here, in the same dialog as on the review page: seen, then approved or rejected with a note.
  const [reviewing, setReviewing] = useState<Document | null>(null)
  const [notes, setNotes] = useState('')
  const [noReason, setNoReason] = useState(false)
  const download = useSubmission(saveDocument, { successMessage: DOWNLOAD_DONE, failureMessage: DOWNLOAD_FAILED })
  const review = useSubmission((r: Review) => reviewDocument(r.id, { status: r.status, notes: r.notes.trim() || undefined }), { failureMessage: REVIEW_FAILED, onForm: true })
  useEffect(() => {
    if (!review.result) return
    setReviewing(null)
    onReviewed()
    // Once per answer: the case file is read again with the paper's new status.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [review.result])
  const open = (d: Document) => {
    setNotes('')
    setNoReason(false)
    setReviewing(d)
  }
  const submit = (status: Review['status']) => {
    if (!reviewing) return
    const refused = status === 'rejected' && notes.trim() === ''
    setNoReason(refused)
    if (!refused) review.submit({ id: reviewing.id, status, notes })
  }
  return (
    <Section title={t(T.documents)} id="case-documents">
      {docs.length === 0 && missing.length === 0 && <Text className={styles.muted}>{t(T.noDocuments)}</Text>}
      <ul className={styles.list}>
        {missing.map((p) => (
          <li key={p.type} className={styles.strong}>
            {t(T.missingDocument(t(documentTypeName(p.type))))}
          </li>
        ))}
        {docs.map((d) => (
          <li key={d.id} className={styles.line}>
            <Text>{t(documentTypeName(d.document_type))}</Text>
            <DocumentStatusBadge status={d.status} />
            {d.review_notes && <Text className={styles.muted}>{d.review_notes}</Text>}
            {d.status === 'pending' && (
              <Button size="small" className="afh-no-print" aria-label={t(T.reviewOne(t(documentTypeName(d.document_type))))} onClick={() => open(asDocument(d, booking))}>
                {t(T.review)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <PreviewDialog
        doc={reviewing}
        open={reviewing !== null}
        onClose={() => setReviewing(null)}
        onDownload={(d) => download.submit(d)}
        extraActions={
          <>
            <Button appearance="primary" disabled={review.busy} onClick={() => submit('approved')}>
              {t(T.approve)}
            </Button>
            <Button disabled={review.busy} onClick={() => submit('rejected')}>
              {t(T.reject)}
            </Button>
          </>
        }
      >
        <Field label={t(T.reviewNotes)} hint={t(T.reviewNotesHint)} validationMessage={noReason ? translated(REJECT_NEEDS_REASON) : (review.error ?? undefined)}>
          <Textarea value={notes} onChange={(_, d) => setNotes(d.value)} disabled={review.busy} resize="vertical" />
        </Field>
      </PreviewDialog>
    </Section>
  )
}

function CareSection({ booking, onBookingChanged }: { booking: Booking; onBookingChanged: () => void }) {
  const { t } = useLingui()
  const styles = useStyles()
  const care = booking.morgue
  // "Release to family" turns the custody form to the release, as on the attendant's panel.
  const [releaseRequest, setReleaseRequest] = useState(0)
  const releasable = inCare(booking) && !!care
  return (
    <Section title={t(T.preparation)} id="case-care">
      {care ? <PreparationProgress booking={booking} /> : <Text className={styles.muted}>{t(T.noPreparation)}</Text>}
      {care && (
        <FactList
          rows={[
            [t(T.custody), t(T.received(formatDateTime(care.received_at)))],
            ...(care.released_at ? [[t(T.custody), t(T.released(formatDateTime(care.released_at)))] as [string, ReactNode]] : []),
          ]}
        />
      )}
      <div className={`${styles.custody} afh-no-print`}>
        {releasable &&
          (care?.burial_permit === 'approved' ? (
            <div>
              <Button appearance="primary" onClick={() => setReleaseRequest((n) => n + 1)}>
                {t(T.release)}
              </Button>
            </div>
          ) : (
            <Text className={styles.muted}>{t(T.releaseNeedsPermit)}</Text>
          ))}
        {/* The custody record's movements and the form for the next one; the release asks how a balance is settled, never waits on it. */}
        <Suspense fallback={<Text>{CUSTODY_FORM_TEXT.loadingSection}</Text>}>
          <CustodySection
            booking={booking}
            releaseRequest={releaseRequest}
            onBookingChanged={onBookingChanged}
            recordPath={`${paths.admin.services}/${encodeURIComponent(booking.id)}/custody`}
            canOverride
          />
        </Suspense>
      </div>
    </Section>
  )
}

/** The booking's conversation with the family (the Messages screen's, made on first need), left off paper. */
function MessagesSection({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const styles = useStyles()
  return (
    <div id="case-messages-section" className={`${styles.wide} afh-no-print`}>
      <Section title={t(T.messages)} id="case-messages">
        <Suspense fallback={<Spinner size="tiny" />}>
          <ConversationPanel target={{ bookingId: booking.id }} compact />
        </Suspense>
      </Section>
    </div>
  )
}

function HistorySection({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const styles = useStyles()
  const label = (field: string, v: string) => auditValueLabel(field, v, (d) => t(d))
  return (
    <Section title={t(T.history)} id="case-history" wide>
      {booking.audit.length === 0 ? (
        <Text className={styles.muted}>{t(T.historyEmpty)}</Text>
      ) : (
        <ol className={styles.list}>
          {booking.audit.map((a, i) => (
            <li key={`${a.at}-${i}`}>
              <Text className={styles.strong}>{t(BT.historyLine(a.field, label(a.field, a.from), label(a.field, a.to)))}</Text>{' '}
              <Text size={200} className={styles.muted}>
                {BT.historyBy(a.by, formatDateTime(a.at))}
              </Text>
              {a.reason && <Text size={200}> · {a.reason}</Text>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}
