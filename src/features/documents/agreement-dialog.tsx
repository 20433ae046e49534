import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DocumentPdf20Regular } from '@fluentui/react-icons'
import { useLingui } from '@lingui/react/macro'
import { agreementSigningMachine } from '../../../machines/papers/agreement-signing.machine'
import { downloadAgreement, getAgreement, requestAgreementCode, signAgreement } from '../../api/agreement'
import { formatDate } from '../../lib/format'
import { translated } from '../../lib/i18n'
import { saveBlob } from './document-files'
import { AGREEMENT_TEXT as W } from './paper-words'

const liveMachine = agreementSigningMachine.provide({
  actors: {
    loadAgreement: fromPromise(({ input }: { input: string }) => getAgreement(input)),
    requestCode: fromPromise(({ input }: { input: string }) => requestAgreementCode(input)),
    sign: fromPromise(({ input }: { input: Parameters<typeof signAgreement>[0] }) => signAgreement(input)),
  },
})

// A phone's keyboard leaves a short screen: the whole dialog scrolls there (Fluent does so only under
// 360 px), so the field in use is never squeezed between the title and three stacked buttons.
const SHORT_SCREEN = '@media screen and (max-height: 600px)'
const useStyles = makeStyles({
  surface: { maxWidth: '520px', [SHORT_SCREEN]: { overflowY: 'auto' } },
  dialogBody: { [SHORT_SCREEN]: { maxHeight: 'unset' } },
  // Nothing in the column shrinks below its own height (the PDF button was squeezed to a sliver).
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, '& > *': { flexShrink: 0 }, [SHORT_SCREEN]: { overflowY: 'unset' } },
  open: { alignSelf: 'flex-start' },
  // The PDF button's place while the agreement loads: as tall as the button, so nothing moves when it comes.
  pdfSlot: { display: 'flex', alignItems: 'center', minHeight: '32px' },
})

/**
 * The family signs the service agreement on their phone: read it (the PDF), type their full name,
 * ask for a code by SMS, enter it and tap "I agree". Loaded only when the family opens it. Right
 * after booking (`justBooked`) it says the family may sign later from the booking page, and its
 * close button says so.
 */
export function AgreementDialog({
  bookingId,
  open,
  onClose,
  onSigned,
  justBooked = false,
}: {
  bookingId: string
  open: boolean
  onClose: () => void
  onSigned: () => void
  justBooked?: boolean
}) {
  const { t } = useLingui()
  const styles = useStyles()
  const [snapshot, send] = useMachine(liveMachine, { input: { bookingId } })
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const { agreement, error, phoneEnding } = snapshot.context
  const busy = snapshot.hasTag('busy')
  const signed = snapshot.matches('signed')
  const challenge = snapshot.context.challenge
  const draft = agreement?.draft
  // A booking just made has a draft to sign: its form is drawn while the draft loads, so the dialog
  // keeps its size and its buttons stay where a finger may be about to tap (a dialog that grew as
  // the draft came moved Sign later from under the tap).
  const draftComing = justBooked && snapshot.hasTag('loading') && !agreement
  const codeInput = useRef<HTMLInputElement>(null)
  // Once the code is on its way, the field for it takes the focus: the keyboard stays up for it.
  useEffect(() => {
    if (challenge) codeInput.current?.focus()
  }, [challenge])
  const sendCode = () => send({ type: 'agreement.sendCode' })
  const sign = () => send({ type: 'agreement.sign', fullName: name, code })
  // The keyboard's own action key (Send / Done) takes the next step: the buttons may be under the keyboard.
  const onEnter = (action: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !busy) {
      e.preventDefault()
      action()
    }
  }
  const download = (href: string, file: string) => () => void downloadAgreement(href).then((blob) => saveBlob(blob, file), () => undefined)
  const close = () => {
    if (signed) onSigned()
    onClose()
  }
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody className={styles.dialogBody}>
          <DialogTitle>{t(W.heading)}</DialogTitle>
          <DialogContent className={styles.body}>
            {justBooked && !signed && <Text weight="semibold">{t(W.justBooked)}</Text>}
            {snapshot.hasTag('loading') && !draftComing && <Spinner size="small" label={t(W.loading)} />}
            {snapshot.matches('failed') && (
              <MessageBar intent="error">
                <MessageBarBody>{t(W.loadFailed)}</MessageBarBody>
              </MessageBar>
            )}
            {(draft || draftComing) && !signed && (
              <>
                <Text>{t(W.intro)}</Text>
                {draft ? (
                  <Button className={styles.open} icon={<DocumentPdf20Regular />} onClick={download(draft.href, `agreement-${bookingId}.pdf`)}>
                    {t(W.open)}
                  </Button>
                ) : (
                  <div className={styles.pdfSlot}>
                    <Spinner size="tiny" label={t(W.loading)} />
                  </div>
                )}
                <Field label={t(W.fullName)} hint={t(W.fullNameHint)} required>
                  <Input
                    value={name}
                    onChange={(_, d) => setName(d.value)}
                    autoComplete="name"
                    enterKeyHint={challenge ? 'next' : 'send'}
                    onKeyDown={onEnter(challenge ? () => codeInput.current?.focus() : sendCode)}
                    disabled={busy}
                  />
                </Field>
                {phoneEnding && <Text role="status">{t(W.codeSent(phoneEnding))}</Text>}
                {challenge && (
                  <Field label={t(W.code)} required>
                    <Input
                      ref={codeInput}
                      value={code}
                      onChange={(_, d) => setCode(d.value)}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      enterKeyHint="done"
                      onKeyDown={onEnter(sign)}
                      maxLength={6}
                      disabled={busy}
                    />
                  </Field>
                )}
                {error && (
                  <MessageBar intent="error">
                    <MessageBarBody>{translated(error)}</MessageBarBody>
                  </MessageBar>
                )}
              </>
            )}
            {signed && agreement?.signed && (
              <>
                <Text>{t(W.signedBy(agreement.signed.signed_name, formatDate(agreement.signed.signed_at)))}</Text>
                <Text>{t(W.done)}</Text>
                <Button className={styles.open} icon={<DocumentPdf20Regular />} onClick={download(agreement.signed.href, `agreement-${bookingId}-${agreement.signed.revision}.pdf`)}>
                  {t(W.download)}
                </Button>
              </>
            )}
          </DialogContent>
          <DialogActions fluid>
            {snapshot.matches('failed') && <Button onClick={() => send({ type: 'agreement.retry' })}>{t(W.tryAgain)}</Button>}
            {(draft || draftComing) && !signed && (
              <Button appearance={challenge ? 'secondary' : 'primary'} disabled={busy || !draft} onClick={sendCode}>
                {challenge ? t(W.resendCode) : t(W.sendCode)}
              </Button>
            )}
            {challenge && !signed && (
              <Button appearance="primary" disabled={busy} onClick={sign}>
                {t(W.agree)}
              </Button>
            )}
            <Button appearance="subtle" onClick={close}>
              {justBooked && !signed ? t(W.signLater) : t(W.close)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
