import { Body1, Button, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular } from '@fluentui/react-icons'
import { Suspense, lazy, useEffect, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { REQUIRED_DOCUMENT_TYPES } from '../../../shared/contracts/bookings'
import type { Document, DocumentType } from '../../../shared/contracts/documents'
import { compareIso } from '../../../shared/dates'
import { Panel } from '../../components/panel'
import { DocumentStatusBadge } from '../../components/status-badge'
import type { BookingChoice } from './upload-dialog'
import { documentTypeName } from './document-words'

// The dialog (file picker, progress, form) loads when a family first asks for it, or on intent.
export const loadUploadDialog = () => import('./upload-dialog')
/** The upload dialog, its code fetched on first use (render it inside a Suspense). */
export const LazyUploadDialog = lazy(() => loadUploadDialog().then((m) => ({ default: m.UploadDialog })))
const UploadDialog = LazyUploadDialog

export type ChecklistState = 'missing' | 'pending' | 'approved' | 'rejected'

export interface ChecklistItem {
  type: DocumentType
  state: ChecklistState
  /** The reviewer's note on the latest rejected upload. */
  note: string | null
}

/**
 * What a booking still needs, per required type: approved if one is approved; else waiting for
 * review if one is pending; else rejected (with the reviewer's note) if the latest was rejected;
 * else missing. The server's `required_documents` says the same in short (types not yet approved).
 */
export function bookingChecklist(bookingId: string, documents: readonly Document[]): ChecklistItem[] {
  return REQUIRED_DOCUMENT_TYPES.map((type) => {
    const mine = documents
      .filter((d) => d.booking_id === bookingId && d.document_type === type)
      .sort((a, b) => compareIso(b.created_at, a.created_at))
    if (mine.some((d) => d.status === 'approved')) return { type, state: 'approved', note: null }
    if (mine.some((d) => d.status === 'pending')) return { type, state: 'pending', note: null }
    const latest = mine[0]
    if (latest?.status === 'rejected') return { type, state: 'rejected', note: latest.review_notes?.trim() || null }
    return { type, state: 'missing', note: null }
  })
}

const STATE_TEXT: Record<ChecklistState, MessageDescriptor> = {
  missing: msg`Not uploaded yet`,
  pending: msg`Waiting for review`,
  approved: msg`Approved`,
  rejected: msg`Rejected: please upload a new copy`,
}

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  what: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  note: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  right: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
})

/**
 * The documents a booking needs, each with its state and an Upload button that opens the upload
 * dialog with the type and the booking already chosen. `compact` for the dashboard.
 */
export function DocumentChecklist({
  booking,
  documents,
  bookings,
  onUploaded,
  compact = false,
  title,
}: {
  booking: BookingChoice
  documents: readonly Document[]
  bookings: BookingChoice[]
  onUploaded: (doc: Document) => void
  compact?: boolean
  title?: string
}) {
  const styles = useStyles()
  const { t } = useLingui()
  const heading = title ?? t`Documents for this booking`
  const [uploadType, setUploadType] = useState<DocumentType | null>(null)
  // Fetch the dialog's code once the checklist is up, so Upload opens at once.
  useEffect(() => {
    void loadUploadDialog()
  }, [])
  const items = bookingChecklist(booking.id, documents)
  const needed = items.filter((i) => i.state !== 'approved').length
  return (
    <Panel className={styles.card}>
      <Subtitle2 as="h2">{heading}</Subtitle2>
      {!compact && (
        <Body1 className={styles.muted}>
          {needed === 0
            ? t`Everything the burial needs has been approved.`
            : t`We can hand your loved one over for burial only once the burial permit is approved. Upload a clear photo or scan; we check it.`}
        </Body1>
      )}
      <ul className={styles.list} aria-label={`${heading}: ${booking.label}`}>
        {items.map((item) => {
          const name = t(documentTypeName(item.type))
          return (
          <li key={item.type} className={styles.item}>
            <div className={styles.what}>
              <Body1>{name}</Body1>
              <Caption1 className={styles.muted}>{t(STATE_TEXT[item.state])}</Caption1>
              {item.note && <Caption1 className={styles.note}>{t`Reviewer's note: ${item.note}`}</Caption1>}
            </div>
            <div className={styles.right}>
              <DocumentStatusBadge status={item.state} />
              {(item.state === 'missing' || item.state === 'rejected') && (
                <Button
                  size="small"
                  icon={<ArrowUpload20Regular />}
                  onClick={() => setUploadType(item.type)}
                  onMouseEnter={() => void loadUploadDialog()}
                  onFocus={() => void loadUploadDialog()}
                  aria-label={t`Upload ${name} for ${booking.label}`}
                >
                  <Trans>Upload</Trans>
                </Button>
              )}
            </div>
          </li>
          )
        })}
      </ul>
      {uploadType !== null && (
        <Suspense fallback={null}>
          <UploadDialog
        open={uploadType !== null}
        onClose={() => setUploadType(null)}
        onUploaded={onUploaded}
        bookings={bookings}
        initialType={uploadType ?? undefined}
        initialBookingId={booking.id}
          />
        </Suspense>
      )}
    </Panel>
  )
}
