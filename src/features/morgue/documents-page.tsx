import { Button, Card, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components'
import { DOCUMENT_TYPE_LABELS, type Booking, type DocumentType } from '../../../shared/contracts/bookings'
import { ArrowDownload20Regular } from '@fluentui/react-icons/svg/arrow-download'
import { Eye20Regular } from '@fluentui/react-icons/svg/eye'
import { useState } from 'react'
import { useLingui } from '@lingui/react'
import type { MorgueDocument } from '../../../shared/contracts/morgue'
import { useMediaQuery } from '../../components/use-media-query'
import type { Document } from '../../../shared/contracts/documents'
import { useSubmission } from '../../app/use-notifying-machine'
import { PageHeader } from '../../components/page-header'
import { DocumentStatusBadge } from '../../components/status-badge'
import { DOWNLOAD_DONE, DOWNLOAD_FAILED, saveDocument } from '../documents/document-files'
import { PreviewDialog } from '../documents/document-parts'
import { formatDate } from '../../lib/format'
import { translated } from '../../lib/i18n'
import { deceasedName } from './caseload'
import { CaseloadFrame } from './caseload-parts'
import { DOCUMENTS_TEXT, MORGUE_TEXT } from './morgue-words'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS, overflowX: 'auto' },
  name: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  docs: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  doc: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  docHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
  // The name gets the room it needs and the two buttons stay side by side.
  nameCol: { width: '32%' },
  actionsCol: { width: '220px' },
})

type Preview = (d: MorgueDocument) => void

/** On a phone each document is a small card: its whole name, what it is, its state, and the buttons full size. */
function DocumentCards({ booking, onPreview, onDownload }: { booking: Booking; onPreview: Preview; onDownload: Preview }) {
  const styles = useStyles()
  useLingui()
  return (
    <ul className={styles.docs} aria-label={DOCUMENTS_TEXT.documentsFor(deceasedName(booking))}>
      {booking.morgue?.documents.map((d) => (
        <li key={d.id} className={styles.doc}>
          <div className={styles.docHead}>
            <Text weight="semibold" className={styles.name}>
              {d.name}
            </Text>
            <DocumentStatusBadge status={d.status} />
          </div>
          <Text className={styles.muted}>{DOCUMENTS_TEXT.typeUploaded(typeLabel(d.document_type), formatDate(d.created_at))}</Text>
          {d.status === 'rejected' && d.review_notes && <Text className={styles.name}>{`${MORGUE_TEXT.officeReason}: ${d.review_notes}`}</Text>}
          <DocumentActions doc={d} onPreview={onPreview} onDownload={onDownload} />
        </li>
      ))}
    </ul>
  )
}

function DocumentActions({ doc, onPreview, onDownload, size }: { doc: MorgueDocument; onPreview: Preview; onDownload: Preview; size?: 'small' }) {
  const styles = useStyles()
  useLingui()
  return (
    <div className={styles.actions}>
      <Button size={size} icon={<Eye20Regular />} aria-label={DOCUMENTS_TEXT.previewOf(doc.name)} onClick={() => onPreview(doc)}>
        {DOCUMENTS_TEXT.preview}
      </Button>
      <Button size={size} icon={<ArrowDownload20Regular />} aria-label={DOCUMENTS_TEXT.downloadOf(doc.name)} onClick={() => onDownload(doc)}>
        {DOCUMENTS_TEXT.download}
      </Button>
    </div>
  )
}

// The labels are the contract's English; the catalogues carry their Kiswahili under that English.
const typeLabel = (t: string) => translated(DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t)

/**
 * The documents of the attendant's bookings, read only. They come with the bookings (GET
 * /bookings/attendant); preview and download use GET /documents/{id}/download, which an attendant
 * may call for the bookings assigned to them.
 */
export function MorgueDocumentsPage() {
  const styles = useStyles()
  // Re-render on a change of language: the words below are read in the language in use.
  useLingui()
  const caseload = useCaseload()
  const withDocs = caseload.bookings.filter((b) => (b.morgue?.documents.length ?? 0) > 0)
  const [previewing, setPreviewing] = useState<Document | null>(null)
  const download = useSubmission(saveDocument, { successMessage: DOWNLOAD_DONE, failureMessage: DOWNLOAD_FAILED })
  // A five-column table leaves a phone a few letters per name: there the documents are cards.
  const phone = useMediaQuery('(max-width: 640px)')
  const preview = (b: Booking, d: MorgueDocument) => setPreviewing({ ...d, deceased_first_name: b.deceased_first_name, deceased_last_name: b.deceased_last_name } as Document)
  return (
    <>
      <PageHeader title={MORGUE_TEXT.documentsTitle} subtitle={MORGUE_TEXT.documentsSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={withDocs.length === 0} emptyText={MORGUE_TEXT.noDocuments} onRetry={caseload.reload}>
        <div className={styles.list}>
          {withDocs.map((b) => (
            <Card key={b.id} className={styles.card}>
              <Subtitle2 as="h2">{DOCUMENTS_TEXT.caseTitle(deceasedName(b), String(b.id))}</Subtitle2>
              {phone ? (
                <DocumentCards booking={b} onPreview={(d) => preview(b, d)} onDownload={(d) => download.submit(d)} />
              ) : (
                <Table size="small" aria-label={DOCUMENTS_TEXT.documentsFor(deceasedName(b))}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell className={styles.nameCol}>{DOCUMENTS_TEXT.document}</TableHeaderCell>
                      <TableHeaderCell>{DOCUMENTS_TEXT.type}</TableHeaderCell>
                      <TableHeaderCell>{DOCUMENTS_TEXT.status}</TableHeaderCell>
                      <TableHeaderCell>{DOCUMENTS_TEXT.uploaded}</TableHeaderCell>
                      <TableHeaderCell className={styles.actionsCol}>{DOCUMENTS_TEXT.actions}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {b.morgue?.documents.map((d) => (
                      <TableRow key={d.id}>
                        <TableCell className={styles.name}>{d.name}</TableCell>
                        <TableCell>{typeLabel(d.document_type)}</TableCell>
                        <TableCell>
                          <DocumentStatusBadge status={d.status} />
                          {d.status === 'rejected' && d.review_notes && <Text block size={200} className={styles.muted}>{d.review_notes}</Text>}
                        </TableCell>
                        <TableCell>{formatDate(d.created_at)}</TableCell>
                        <TableCell>
                          <DocumentActions size="small" doc={d} onPreview={(x) => preview(b, x)} onDownload={(x) => download.submit(x)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Card>
          ))}
        </div>
      </CaseloadFrame>
      <PreviewDialog doc={previewing} open={previewing !== null} onClose={() => setPreviewing(null)} onDownload={(doc) => download.submit(doc)} />
    </>
  )
}
