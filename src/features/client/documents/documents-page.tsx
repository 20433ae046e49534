import {
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Skeleton,
  SkeletonItem,
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
import { ArrowDownload20Regular, ArrowUpload20Regular, Delete20Regular, Eye20Regular } from '@fluentui/react-icons'
import { Suspense, lazy, useCallback, useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { deleteDocument } from '../../../api/documents'
import { deceasedOf, type Document } from '../../../../shared/contracts/documents'
import { compareIso } from '../../../../shared/dates'
import { useSubmission } from '../../../app/use-notifying-machine'
import { PageHeader } from '../../../components/page-header'
import { DialogFooter } from '../../../components/dialog-footer'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDate } from '../../../lib/format'
import { DOCUMENT_MESSAGES, formatSize, saveDocument } from '../../documents/document-files'
import { documentTypeName } from '../../documents/document-words'
import { DocumentStatusBadge } from '../../../components/status-badge'
import { bookingChoices } from './booking-choices'
import { useMyBookings } from '../my-bookings'
import { useMyDocuments } from './my-documents'
import { EmptyArt } from '../../../components/empty-art'
import { LoadProblem } from '../../../components/load-problem'

// The dialogs load when first opened (and then stay, for their closing and the focus's return):
// the upload form and the preview are most of the page's code and no part of its first view.
const UploadDialog = lazy(() => import('../../documents/upload-dialog').then((m) => ({ default: m.UploadDialog })))
const PreviewDialog = lazy(() => import('../../documents/document-parts').then((m) => ({ default: m.PreviewDialog })))

const useStyles = makeStyles({
  tableCard: { padding: 0, overflowX: 'auto' },
  colType: { width: '24%' },
  colDeceased: { width: '15%' },
  colDate: { width: '12%' },
  colStatus: { width: '18%' },
  colActions: { width: '31%' },
  name: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  note: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  empty: { alignItems: 'center', textAlign: 'center', padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalM },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** Documents (SPEC.md section 2): list, upload dialog, preview dialog, download and delete. */
export function DocumentsPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { documents, loading, slow, loaded, error, reload } = useMyDocuments({ saidInPlace: true })
  const { bookings } = useMyBookings()
  const isSmall = useMediaQuery('(max-width: 768px)')
  const [uploading, setUploading] = useState(false)
  const [uploadMade, setUploadMade] = useState(false)
  if (uploading && !uploadMade) setUploadMade(true)
  const [previewing, setPreviewing] = useState<Document | null>(null)
  const [previewMade, setPreviewMade] = useState(false)
  if (previewing && !previewMade) setPreviewMade(true)
  const [deleting, setDeleting] = useState<Document | null>(null)
  const download = useSubmission(saveDocument, { successMessage: t(DOCUMENT_MESSAGES.downloadDone), failureMessage: t(DOCUMENT_MESSAGES.downloadFailed) })
  const remove = useSubmission((doc: Document) => deleteDocument(doc.id), { successMessage: t(DOCUMENT_MESSAGES.deleteDone), failureMessage: t(DOCUMENT_MESSAGES.deleteFailed) })

  // After a delete (done or refused), close the question and show the list as the server has it.
  const { succeeded: deleted, failed: deleteFailed } = remove
  useEffect(() => {
    if (deleted || deleteFailed) {
      setDeleting(null)
      if (deleted) reload()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to the outcome only
  }, [deleted, deleteFailed])

  const onUploaded = useCallback(() => reload(), [reload])
  const closeUpload = useCallback(() => setUploading(false), [])
  const sorted = [...documents].sort((a, b) => compareIso(b.created_at, a.created_at))
  const actions = { preview: setPreviewing, download: (d: Document) => download.submit(d), remove: setDeleting }

  return (
    <>
      <PageHeader
        title={t`Documents`}
        subtitle={t`The papers a burial needs: the burial permit before the body leaves the mortuary, the death certificate, and your contract and receipts.`}
        actions={
          <Button appearance="primary" icon={<ArrowUpload20Regular />} onClick={() => setUploading(true)}>
            <Trans>Upload Document</Trans>
          </Button>
        }
      />
      <LoadProblem error={error} slow={slow} hasData={documents.length > 0} onRetry={reload} />
      {(error || slow) && documents.length === 0 ? null : loading && documents.length === 0 ? (
        <Skeleton aria-label={t`Loading documents`} className={styles.skeleton}>
          {[0, 1, 2].map((i) => (
            <SkeletonItem key={i} size={48} />
          ))}
        </Skeleton>
      ) : loaded && documents.length === 0 ? (
        <Card className={styles.empty}>
          <EmptyArt name="lily" />
          <Body1>
            <Trans>No documents yet. Upload the burial permit and the death certificate when you have them.</Trans>
          </Body1>
          <Button appearance="primary" onClick={() => setUploading(true)}>
            <Trans>Upload a document</Trans>
          </Button>
        </Card>
      ) : isSmall ? (
        <ul className={styles.cards} aria-label={t`My documents`}>
          {sorted.map((d) => (
            <li key={d.id}>
              <Card className={styles.card}>
                <div className={styles.cardHead}>
                  <Text weight="semibold">{t(documentTypeName(d.document_type))}</Text>
                  <DocumentStatusBadge status={d.status} />
                </div>
                <Caption1 className={styles.name}>{d.name}</Caption1>
                <Caption1 className={styles.muted}>
                  {[deceasedOf(d) && t`For ${deceasedOf(d)}`, t`Uploaded ${formatDate(d.created_at)}`, formatSize(d.size)].filter(Boolean).join(' · ')}
                </Caption1>
                {d.status === 'rejected' && d.review_notes && <Caption1 className={styles.note}>{t`Reviewer's note: ${d.review_notes}`}</Caption1>}
                <RowActions doc={d} {...actions} />
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card className={styles.tableCard}>
          <Table aria-label={t`My documents`}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.colType}>
                  <Trans>Type</Trans>
                </TableHeaderCell>
                <TableHeaderCell className={styles.colDeceased}>
                  <Trans>Deceased</Trans>
                </TableHeaderCell>
                <TableHeaderCell className={styles.colDate}>
                  <Trans>Uploaded</Trans>
                </TableHeaderCell>
                <TableHeaderCell className={styles.colStatus}>
                  <Trans>Status</Trans>
                </TableHeaderCell>
                <TableHeaderCell className={styles.colActions}>
                  <Trans>Actions</Trans>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sorted.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <Text weight="semibold" block>
                      {t(documentTypeName(d.document_type))}
                    </Text>
                    <Caption1 className={styles.name}>{d.name}</Caption1>
                  </TableCell>
                  <TableCell>{deceasedOf(d) || '—'}</TableCell>
                  <TableCell>{formatDate(d.created_at)}</TableCell>
                  <TableCell>
                    <DocumentStatusBadge status={d.status} />
                    {d.status === 'rejected' && d.review_notes && (
                      <Caption1 block className={styles.note}>
                        {d.review_notes}
                      </Caption1>
                    )}
                  </TableCell>
                  <TableCell>
                    <RowActions doc={d} {...actions} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      <Suspense fallback={null}>
        {uploadMade && <UploadDialog open={uploading} onClose={closeUpload} onUploaded={onUploaded} bookings={bookingChoices(bookings)} />}
        {previewMade && <PreviewDialog doc={previewing} open={previewing !== null} onClose={() => setPreviewing(null)} onDownload={(d) => download.submit(d)} />}
      </Suspense>
      {deleting && (
      <Dialog open onOpenChange={(_, d) => (!d.open && !remove.busy ? setDeleting(null) : undefined)} modalType="alert">
        <DialogSurface>
          <DialogBody>
            <DialogTitle>
              <Trans>Delete document</Trans>
            </DialogTitle>
            <DialogContent>
              {t(DOCUMENT_MESSAGES.deleteConfirm)}
              {deleting && (
                <Body1 block className={styles.muted}>
                  {t(documentTypeName(deleting.document_type))}: {deleting.name}
                </Body1>
              )}
            </DialogContent>
            <DialogFooter
              busy={remove.busy}
              onCancel={() => setDeleting(null)}
              confirm={remove.busy ? t`Deleting...` : t`Delete`}
              onConfirm={() => deleting && remove.submit(deleting)}
            />
          </DialogBody>
        </DialogSurface>
      </Dialog>
      )}
    </>
  )
}

function RowActions({ doc, preview, download, remove }: { doc: Document; preview: (d: Document) => void; download: (d: Document) => void; remove: (d: Document) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const label = `${t(documentTypeName(doc.document_type))} ${doc.name}`
  return (
    <div className={styles.actions}>
      <Button size="small" icon={<Eye20Regular />} onClick={() => preview(doc)} aria-label={t`Preview ${label}`}>
        <Trans>Preview</Trans>
      </Button>
      <Button size="small" icon={<ArrowDownload20Regular />} onClick={() => download(doc)} aria-label={t`Download ${label}`}>
        <Trans>Download</Trans>
      </Button>
      <Button size="small" icon={<Delete20Regular />} onClick={() => remove(doc)} aria-label={t`Delete ${label}`}>
        <Trans>Delete</Trans>
      </Button>
    </div>
  )
}
