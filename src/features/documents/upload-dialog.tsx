import {
  Body1,
  Caption1,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { ArrowUpload24Regular, Camera20Regular } from '@fluentui/react-icons'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react'
import { fromCallback } from 'xstate'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { translated } from '../../lib/i18n'
import { documentUploadMachine, uploadFraction, type UploadEvent, type UploadPayload } from '../../../machines/documents/document-upload.machine'
import { uploadDocument } from '../../api/documents'
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, MSG_FILE_TOO_BIG, documentFileProblem, type Document, type DocumentType } from '../../../shared/contracts/documents'
import { isShrinkablePhoto, shrinkPhoto } from '../../lib/shrink-photo'
import { DialogFooter } from '../../components/dialog-footer'
import { useNotifications } from '../../app/use-notifications'
import { formatSize } from './document-files'
import { documentTypeName } from './document-words'

export const MSG_TYPE_REQUIRED = msg`Please choose a document type`

export interface BookingChoice {
  id: string
  label: string
}

const useStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 24px))', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  dragging: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  fileInput: { maxWidth: '100%', fontSize: tokens.fontSizeBase300 },
  muted: { color: tokens.colorNeutralForeground2 },
  chosen: { wordBreak: 'break-word', fontWeight: tokens.fontWeightSemibold },
})

/**
 * Upload a document (SPEC.md sections 2, 5, 8): file (checked for size and type before anything is
 * sent), type, the booking it is for, description. Drag and drop on a desktop; on a phone the
 * picker offers the camera. Progress while it sends; on failure the dialog keeps everything.
 */
export function UploadDialog(props: UploadDialogProps) {
  // Mounted only while open: each opening starts from what the caller chose, and a closed dialog
  // leaves nothing behind (Fluent's focus trap of a hidden dialog must not hide an open one).
  return props.open ? <OpenUploadDialog {...props} /> : null
}

interface UploadDialogProps {
  open: boolean
  onClose: () => void
  onUploaded: (doc: Document) => void
  bookings: BookingChoice[]
  initialType?: DocumentType
  initialBookingId?: string
}

function OpenUploadDialog({
  onClose,
  onUploaded,
  bookings,
  initialType,
  initialBookingId,
}: UploadDialogProps) {
  const styles = useStyles()
  const { t } = useLingui()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [type, setType] = useState<string>(initialType ?? '')
  const [bookingId, setBookingId] = useState<string>(initialBookingId ?? bookings[0]?.id ?? '')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<{ file?: string; type?: string }>({})
  const [dragging, setDragging] = useState(false)
  // A photo over the limit is being made smaller (Upload waits); the size it had when chosen.
  const [shrinking, setShrinking] = useState(false)
  const [shrunkFrom, setShrunkFrom] = useState<number | null>(null)
  const latestChoice = useRef<File | null>(null)

  const machine = useMemo(
    () =>
      documentUploadMachine.provide({
        actors: {
          upload: fromCallback<UploadEvent, UploadPayload>(({ sendBack, input }) => {
            const controller = new AbortController()
            const real = (input as UploadPayload & { file: File }).file
            uploadDocument(
              { file: real, document_type: input.document_type as DocumentType, description: input.description, booking_id: input.booking_id },
              (p) => sendBack({ type: 'upload.progress', loaded: p.loaded, total: p.total }),
              controller.signal,
            ).then(
              (output) => sendBack({ type: 'upload.done', output }),
              (error: unknown) => {
                if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error })
              },
            )
            return () => controller.abort()
          }),
        },
      }),
    [],
  )
  const [snapshot, send, actorRef] = useMachine(machine)
  useNotifications(actorRef)

  const busy = snapshot.hasTag('busy')
  const done = snapshot.matches('done')
  useEffect(() => {
    if (!done) return
    onUploaded(snapshot.context.result as Document)
    send({ type: 'upload.reset' })
    onClose()
  }, [done, snapshot.context.result, onUploaded, onClose, send])

  const choose = (chosen: File | null) => {
    latestChoice.current = chosen
    setFile(chosen)
    setShrunkFrom(null)
    const problem = chosen ? documentFileProblem(chosen) : null
    // A phone's photo over the limit is made smaller here rather than refused; a PDF or an office
    // file over it keeps its message.
    if (chosen && problem === MSG_FILE_TOO_BIG && isShrinkablePhoto(chosen)) {
      setShrinking(true)
      setErrors((e) => ({ ...e, file: undefined }))
      void shrinkPhoto(chosen, MAX_DOCUMENT_BYTES).then((smaller) => {
        if (latestChoice.current !== chosen) return // another file was chosen meanwhile
        setShrinking(false)
        if (smaller) {
          setFile(smaller)
          setShrunkFrom(chosen.size)
        } else setErrors((e) => ({ ...e, file: problem }))
      })
      return
    }
    setShrinking(false)
    setErrors((e) => ({ ...e, file: problem ?? undefined }))
  }

  const submit = () => {
    if (shrinking) return
    const fileProblem = documentFileProblem(file)
    const typeProblem = DOCUMENT_TYPES.includes(type as DocumentType) ? undefined : t(MSG_TYPE_REQUIRED)
    setErrors({ file: fileProblem ?? undefined, type: typeProblem })
    if (fileProblem || typeProblem || !file) return
    send({ type: 'upload.send', payload: { file, document_type: type, description: description.trim() || undefined, booking_id: bookingId || undefined } })
  }

  const close = () => {
    if (busy) send({ type: 'upload.cancel' })
    send({ type: 'upload.reset' })
    onClose()
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (busy) return
    const dropped = e.dataTransfer.files[0]
    if (dropped) choose(dropped)
  }

  const fraction = uploadFraction(snapshot.context)

  return (
    <Dialog open onOpenChange={(_, d) => (!d.open ? close() : undefined)}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <DialogBody>
            <DialogTitle>
              <Trans>Upload Document</Trans>
            </DialogTitle>
            <DialogContent className={styles.form}>
              <div
                className={mergeClasses(styles.drop, dragging && styles.dragging)}
                onDragOver={(e) => {
                  e.preventDefault()
                  setDragging(true)
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
              >
                <ArrowUpload24Regular aria-hidden="true" />
                <Body1 className={styles.muted}>
                  <Trans>
                    Drop the file here, or choose it. <Camera20Regular aria-hidden="true" /> On a phone you can take a photo of the paper.
                  </Trans>
                </Body1>
                <Field label={t`File`} required validationMessage={errors.file && translated(errors.file)} hint={t`PDF, JPG, PNG, DOC or DOCX, up to 5 MB`}>
                  {(controlProps) => (
                    <input
                      {...controlProps}
                      ref={inputRef}
                      type="file"
                      accept={DOCUMENT_ACCEPT}
                      className={styles.fileInput}
                      disabled={busy}
                      onChange={(e) => choose(e.target.files?.[0] ?? null)}
                    />
                  )}
                </Field>
                {file && (
                  <Caption1 className={styles.chosen} aria-live="polite">
                    {shrinking
                      ? t`Making the photo smaller (${formatSize(file.size)})…`
                      : shrunkFrom
                        ? t`${file.name} (${formatSize(file.size)}, made smaller from ${formatSize(shrunkFrom)})`
                        : `${file.name} (${formatSize(file.size)})`}
                  </Caption1>
                )}
              </div>
              <Field label={t`Document type`} required validationMessage={errors.type}>
                <Select
                  value={type}
                  disabled={busy}
                  onChange={(_, d) => {
                    setType(d.value)
                    setErrors((e) => ({ ...e, type: undefined }))
                  }}
                >
                  <option value="">{t`Choose a type`}</option>
                  {DOCUMENT_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {t(documentTypeName(value))}
                    </option>
                  ))}
                </Select>
              </Field>
              {bookings.length > 0 && (
                <Field label={t`For the booking of`}>
                  <Select value={bookingId} disabled={busy} onChange={(_, d) => setBookingId(d.value)}>
                    {bookings.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.label}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field label={t`Description`} hint={t`Optional`}>
                <Textarea value={description} disabled={busy} onChange={(_, d) => setDescription(d.value)} resize="vertical" />
              </Field>
              {busy && (
                <Field
                  label={fraction === null ? t`Uploading...` : t`Uploading... ${Math.round(fraction * 100)}%`}
                  hint={file ? t`${formatSize(snapshot.context.loaded)} of ${formatSize(snapshot.context.total || file.size)}` : undefined}
                >
                  <ProgressBar value={fraction ?? undefined} thickness="large" />
                </Field>
              )}
              {snapshot.matches('failed') && snapshot.context.error && (
                <MessageBar intent="error">
                  <MessageBarBody>{translated(snapshot.context.error)}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogFooter busy={busy || shrinking} cancelWhileBusy onCancel={close} confirm={busy ? t`Uploading...` : t`Upload`} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
