import { Badge, Card, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components'
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../api/contracts/bookings'
import { PageHeader } from '../../components/page-header'
import { formatDate } from '../../lib/format'
import { deceasedName } from './caseload'
import { CaseloadFrame } from './caseload-parts'
import { MORGUE_TEXT } from './morgue-text'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS, overflowX: 'auto' },
  name: { overflowWrap: 'anywhere' },
})

const typeLabel = (t: string) => DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t
const statusColor = (s: string) => (s === 'approved' ? 'success' : s === 'rejected' ? 'danger' : 'warning')
const statusLabel = (s: string) => (s === 'pending' ? 'Pending review' : s.charAt(0).toUpperCase() + s.slice(1))

/**
 * The documents of the attendant's bookings, read only. They come with the bookings (GET
 * /bookings/attendant); preview and download wait for the documents endpoints.
 */
export function MorgueDocumentsPage() {
  const styles = useStyles()
  const caseload = useCaseload()
  const withDocs = caseload.bookings.filter((b) => (b.morgue?.documents.length ?? 0) > 0)
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
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {b.morgue?.documents.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell className={styles.name}>{d.name}</TableCell>
                      <TableCell>{typeLabel(d.document_type)}</TableCell>
                      <TableCell>
                        <Badge appearance="tint" shape="rounded" color={statusColor(d.status)}>
                          {statusLabel(d.status)}
                        </Badge>
                      </TableCell>
                      <TableCell>{formatDate(d.created_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          ))}
        </div>
      </CaseloadFrame>
    </>
  )
}
