import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownload20Regular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { deceasedOf, type Document } from '../../../shared/contracts/documents'
import { formatDate } from '../../lib/format'
import { previewKind, useDocumentUrl } from './document-files'
import { documentTypeName } from './document-words'
import { useClientWords } from './client-words'

const useStyles = makeStyles({
  surface: { maxWidth: 'min(900px, calc(100vw - 24px))', width: '100%' },
  frame: { width: '100%', height: 'min(52vh, 560px)', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  image: { display: 'block', maxWidth: '100%', maxHeight: '52vh', margin: '0 auto', borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow4 },
  meta: { color: tokens.colorNeutralForeground2, marginBottom: tokens.spacingVerticalS, display: 'block' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
})

/**
 * The preview dialog: images and PDFs in the page, Word files say they cannot be previewed and
 * offer the download. `extraActions` lets the admin's review add Approve / Reject.
 */
export function PreviewDialog({
  doc,
  open,
  onClose,
  onDownload,
  children,
  extraActions,
}: {
  doc: Document | null
  open: boolean
  onClose: () => void
  onDownload: (doc: Document) => void
  children?: ReactNode
  extraActions?: ReactNode
}) {
  // Also on the staff's screens: its words come with it, before it is first opened.
  useClientWords()
  // Mounted only while open (see UploadDialog).
  if (!open || !doc) return null
  return <OpenPreview doc={doc} onClose={onClose} onDownload={onDownload} extraActions={extraActions}>{children}</OpenPreview>
}

function OpenPreview({ doc, onClose, onDownload, children, extraActions }: { doc: Document; onClose: () => void; onDownload: (doc: Document) => void; children?: ReactNode; extraActions?: ReactNode }) {
  const open = true
  const styles = useStyles()
  const { t } = useLingui()
  const kind = doc ? previewKind(doc) : 'none'
  const { url, error, loading } = useDocumentUrl(doc, open && kind !== 'none')
  const title = doc ? `${t(documentTypeName(doc.document_type))}: ${doc.name}` : ''
  return (
    <Dialog open={open && doc !== null} onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {doc && (
              <Body1 className={styles.meta}>
                {[deceasedOf(doc) && t`For ${deceasedOf(doc)}`, doc.uploaded_by_name && t`Uploaded by ${doc.uploaded_by_name}`, t`on ${formatDate(doc.created_at)}`].filter(Boolean).join(' · ')}
              </Body1>
            )}
            {kind === 'none' ? (
              <MessageBar intent="info">
                <MessageBarBody>
                  <Trans>This file type cannot be previewed here. Download it to open it on your device.</Trans>
                </MessageBarBody>
              </MessageBar>
            ) : loading ? (
              <div className={styles.center}>
                <Spinner label={t`Loading the preview...`} />
              </div>
            ) : error ? (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            ) : url && kind === 'image' ? (
              <img src={url} alt={title} className={styles.image} />
            ) : url ? (
              <iframe src={url} title={title} className={styles.frame} />
            ) : null}
            {children}
          </DialogContent>
          <DialogActions>
            {extraActions}
            {doc && (
              <Button icon={<ArrowDownload20Regular />} onClick={() => onDownload(doc)}>
                <Trans>Download</Trans>
              </Button>
            )}
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">
                <Trans>Close</Trans>
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
