import { Button, Card, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components'
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../api/contracts/bookings'
import { ArrowDownload20Regular, Eye20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { Document } from '../../api/contracts/documents'
import { useSubmission } from '../../app/use-notifying-machine'
import { PageHeader } from '../../components/page-header'
import { DocumentStatusBadge } from '../../components/status-badge'
import { DOWNLOAD_DONE, DOWNLOAD_FAILED, saveDocument } from '../documents/document-files'
import { PreviewDialog } from '../documents/document-parts'
import { formatDate } from '../../lib/format'
import { deceasedName } from './caseload'
import { CaseloadFrame } from './caseload-parts'
import { MORGUE_TEXT } from './morgue-text'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS, overflowX: 'auto' },
  name: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
})

const typeLabel = (t: string) => DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t

/**
 * The documents of the attendant's bookings, read only. They come with the bookings (GET
 * /bookings/attendant); preview and download use GET /documents/{id}/download, which an attendant
 * may call for the bookings assigned to them.
 */
export function MorgueDocumentsPage() {
  const styles = useStyles()
  const caseload = useCaseload()
  const withDocs = caseload.bookings.filter((b) => (b.morgue?.documents.length ?? 0) > 0)
  const [previewing, setPreviewing] = useState<Document | null>(null)
  const download = useSubmission(saveDocument, { successMessage: DOWNLOAD_DONE, failureMessage: DOWNLOAD_FAILED })
  return (
    <>
      <PageHeader title={MORGUE_TEXT.documentsTitle} subtitle={MORGUE_TEXT.documentsSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={withDocs.length === 0} emptyText={MORGUE_TEXT.noDocuments} onRetry={caseload.reload}>
        <div className={styles.list}>
          {withDocs.map((b) => (
            <Card key={b.id} className={styles.card}>
              <Subtitle2 as="h2">{`${deceasedName(b)} (booking #${b.id})`}</Subtitle2>
              <Table size="small" aria-label={`Documents for ${deceasedName(b)}`}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Document</TableHeaderCell>
                    <TableHeaderCell>Type</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Uploaded</TableHeaderCell>
                    <TableHeaderCell>Actions</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {b.morgue?.documents.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell className={styles.name}>{d.name}</TableCell>
                      <TableCell>{typeLabel(d.document_type)}</TableCell>
                      <TableCell>
                        <DocumentStatusBadge status={d.status} />
                      </TableCell>
                      <TableCell>{formatDate(d.created_at)}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          <Button
                            size="small"
                            icon={<Eye20Regular />}
                            aria-label={`Preview ${d.name}`}
                            onClick={() => setPreviewing({ ...d, deceased_first_name: b.deceased_first_name, deceased_last_name: b.deceased_last_name } as Document)}
                          >
                            Preview
                          </Button>
                          <Button size="small" icon={<ArrowDownload20Regular />} aria-label={`Download ${d.name}`} onClick={() => download.submit(d)}>
                            Download
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          ))}
        </div>
      </CaseloadFrame>
      <PreviewDialog doc={previewing} open={previewing !== null} onClose={() => setPreviewing(null)} onDownload={(doc) => download.submit(doc)} />
    </>
  )
}
