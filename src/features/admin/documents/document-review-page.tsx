import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SearchBox,
  Select,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Checkmark20Regular, Eye20Regular } from '@fluentui/react-icons'
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { REJECT_NEEDS_REASON, createDocumentReviewMachine, type PageResult, type ReviewQuery } from '../../../../machines/documents/document-review.machine'
import { allDocuments, documentStats, reviewDocument } from '../../../api/documents'
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, deceasedOf, documentTypeLabel, type Document, type DocumentStatus } from '../../../../shared/contracts/documents'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { PageHeader } from '../../../components/page-header'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDate } from '../../../lib/format'
import { DOWNLOAD_DONE, DOWNLOAD_FAILED, saveDocument } from '../../documents/document-files'
import { PreviewDialog } from '../../documents/document-parts'
import { DocumentStatusBadge } from '../../../components/status-badge'

const liveReview = createDocumentReviewMachine<Document>().provide({
  actors: {
    loadPage: fromPromise<PageResult<Document>, ReviewQuery>(async ({ input }) => {
      const [list, stats] = await Promise.all([
        allDocuments({ page: input.page, limit: input.limit, document_type: input.document_type || undefined, status: input.status || undefined, search: input.search || undefined }),
        documentStats(),
      ])
      return { documents: list.documents, pagination: list.pagination, stats }
    }),
    review: fromPromise(({ input }) => reviewDocument(input.id, { status: input.status, notes: input.notes.trim() || undefined })),
  },
})

/** The status filter's words. */
const STATUS_WORDS = { pending: msg`Pending`, approved: msg`Approved`, rejected: msg`Rejected` } satisfies Record<DocumentStatus, unknown>

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM },
  stat: { gap: tokens.spacingVerticalXS },
  statValue: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  filters: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  tableCard: { padding: 0, overflowX: 'auto' },
  name: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  pagerButtons: { display: 'flex', gap: tokens.spacingHorizontalS },
  notes: { marginTop: tokens.spacingVerticalM },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** Document review (SPEC.md sections 2, 7, 8): stats, the paged list with filters, review dialog. */
export function DocumentReviewPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const [snapshot, send, actorRef] = useMachine(liveReview)
  useNotifications(actorRef)
  const download = useSubmission(saveDocument, { successMessage: DOWNLOAD_DONE, failureMessage: DOWNLOAD_FAILED })
  const [viewing, setViewing] = useState<Document | null>(null)
  const [notes, setNotes] = useState('')
  const { query, searchDraft, documents, total, pages, stats, error, reviewing, reviewError } = snapshot.context
  const loading = snapshot.hasTag('loading')
  const submitting = snapshot.hasTag('busy')
  const isSmall = useMediaQuery('(max-width: 768px)')

  const open = (doc: Document) => {
    setNotes('')
    if (doc.status === 'pending') send({ type: 'review.open', document: doc })
    else setViewing(doc)
  }
  const shown = reviewing ?? viewing
  const statCards: Array<[string, number | undefined]> = [
    [t`Total documents`, stats?.total],
    [t`Pending review`, stats?.pending],
    [t`Approved`, stats?.approved],
    [t`Rejected`, stats?.rejected],
  ]

  return (
    <div className={styles.layout}>
      <PageHeader title={t`Document Review`} subtitle={t`Check the papers families upload; approve them, or reject them with a note saying what to fix.`} />
      <section aria-label={t`Document statistics`} className={styles.stats}>
        {statCards.map(([label, value]) => (
          <Card key={label} className={styles.stat} role="group" aria-label={label}>
            <Caption1 className={styles.muted}>{label}</Caption1>
            <Text className={styles.statValue}>{value ?? '—'}</Text>
          </Card>
        ))}
      </section>

      <section aria-label={t`Filters`} className={styles.filters}>
        <Field label={t`Document type`}>
          <Select value={query.document_type} onChange={(_, d) => send({ type: 'filter.type', value: d.value })}>
            <option value="">{t`All types`}</option>
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {documentTypeLabel(type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Status`}>
          <Select value={query.status} onChange={(_, d) => send({ type: 'filter.status', value: d.value })}>
            <option value="">{t`All statuses`}</option>
            {DOCUMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_WORDS[s])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Search`} hint={t`File name, family or deceased`}>
          <SearchBox value={searchDraft} onChange={(_, d) => send({ type: 'search.change', value: d.value })} />
        </Field>
      </section>

      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'retry' })}>{t`Retry`}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : loading && documents.length === 0 ? (
        <Skeleton aria-label={t`Loading documents`} className={styles.skeleton}>
          {[0, 1, 2].map((i) => (
            <SkeletonItem key={i} size={48} />
          ))}
        </Skeleton>
      ) : documents.length === 0 ? (
        <Card>
          <Body1>{t`No documents match these filters.`}</Body1>
        </Card>
      ) : isSmall ? (
        <ul className={styles.cards} aria-label={t`Documents`} aria-busy={loading}>
          {documents.map((d) => (
            <li key={d.id}>
              <Card className={styles.card}>
                <div className={styles.cardHead}>
                  <Text weight="semibold">{documentTypeLabel(d.document_type)}</Text>
                  <DocumentStatusBadge status={d.status} />
                </div>
                <Caption1 className={styles.name}>{d.name}</Caption1>
                <Caption1 className={styles.muted}>
                  {[d.uploaded_by_name, deceasedOf(d) && t`for ${deceasedOf(d)}`, formatDate(d.created_at)].filter(Boolean).join(' · ')}
                </Caption1>
                <div>
                  <Button
                    size="small"
                    appearance={d.status === 'pending' ? 'primary' : 'secondary'}
                    icon={<Eye20Regular />}
                    onClick={() => open(d)}
                    aria-label={d.status === 'pending' ? t`Review ${d.name}` : t`View ${d.name}`}
                  >
                    {d.status === 'pending' ? t`Review` : t`View`}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card className={styles.tableCard}>
          <Table aria-label={t`Documents`} aria-busy={loading}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t`Type`}</TableHeaderCell>
                <TableHeaderCell>{t`Name`}</TableHeaderCell>
                <TableHeaderCell>{t`Family`}</TableHeaderCell>
                <TableHeaderCell>{t`Deceased`}</TableHeaderCell>
                <TableHeaderCell>{t`Uploaded`}</TableHeaderCell>
                <TableHeaderCell>{t`Status`}</TableHeaderCell>
                <TableHeaderCell>{t`Action`}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {documents.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{documentTypeLabel(d.document_type)}</TableCell>
                  <TableCell className={styles.name}>{d.name}</TableCell>
                  <TableCell>{d.uploaded_by_name ?? '—'}</TableCell>
                  <TableCell>{deceasedOf(d) || '—'}</TableCell>
                  <TableCell>{formatDate(d.created_at)}</TableCell>
                  <TableCell>
                    <DocumentStatusBadge status={d.status} />
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      appearance={d.status === 'pending' ? 'primary' : 'secondary'}
                      icon={<Eye20Regular />}
                      onClick={() => open(d)}
                      aria-label={d.status === 'pending' ? t`Review ${d.name}` : t`View ${d.name}`}
                    >
                      {d.status === 'pending' ? t`Review` : t`View`}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      {!error && pages > 0 && (
        <nav aria-label={t`Pages`} className={styles.pager}>
          <Body1>
            {t`Page ${query.page} of ${Math.max(1, pages)}`} · <Plural value={total} one="# document" other="# documents" />
          </Body1>
          <div className={styles.pagerButtons}>
            <Button disabled={query.page <= 1 || loading} onClick={() => send({ type: 'page.go', page: query.page - 1 })}>
              {t`Previous`}
            </Button>
            <Button disabled={query.page >= pages || loading} onClick={() => send({ type: 'page.go', page: query.page + 1 })}>
              {t`Next`}
            </Button>
          </div>
        </nav>
      )}

      <PreviewDialog
        doc={shown}
        open={shown !== null}
        onClose={() => (reviewing ? send({ type: 'review.close' }) : setViewing(null))}
        onDownload={(d) => download.submit(d)}
        extraActions={
          reviewing ? (
            <>
              <Button appearance="primary" icon={<Checkmark20Regular />} disabled={submitting} onClick={() => send({ type: 'review.submit', status: 'approved', notes })}>
                {t`Approve`}
              </Button>
              <Button icon={<Dismiss20Regular />} disabled={submitting} onClick={() => send({ type: 'review.submit', status: 'rejected', notes })}>
                {t`Reject`}
              </Button>
            </>
          ) : undefined
        }
      >
        {reviewing ? (
          <Field
            label={t`Notes for the family`}
            hint={t`Required to reject: say what to fix. Optional when approving.`}
            validationMessage={reviewError === REJECT_NEEDS_REASON ? reviewError : undefined}
            className={styles.notes}
          >
            <Textarea value={notes} onChange={(_, d) => setNotes(d.value)} disabled={submitting} resize="vertical" />
          </Field>
        ) : viewing ? (
          <Body1 block className={styles.notes}>
            <Trans>
              Status: <DocumentStatusBadge status={viewing.status} />
            </Trans>{' '}
            {viewing.review_notes ? t`· Notes: ${viewing.review_notes}` : ''}
          </Body1>
        ) : null}
        {reviewing && reviewError && reviewError !== REJECT_NEEDS_REASON && (
          <MessageBar intent="error" className={styles.notes}>
            <MessageBarBody>{reviewError}</MessageBarBody>
          </MessageBar>
        )}
      </PreviewDialog>
    </div>
  )
}
