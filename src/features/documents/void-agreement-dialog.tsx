import { useEffect, useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Text, Textarea } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { voidAgreement } from '../../api/agreement'
import { useSubmission } from '../../app/use-notifying-machine'
import { translated } from '../../lib/i18n'
import { VOID_TEXT as W } from './paper-words'

/** The office voids the signed agreement, with a reason; loaded only when an admin opens it. */
export function VoidAgreementDialog({ bookingId, open, onClose, onVoided }: { bookingId: string; open: boolean; onClose: () => void; onVoided: () => void }) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const voiding = useSubmission(voidAgreement, { successMessage: 'Agreement voided', failureMessage: 'The agreement could not be voided', onForm: true })
  useEffect(() => {
    if (!voiding.succeeded) return
    onVoided()
    onClose()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the void went through
  }, [voiding.succeeded])
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t(W.title)}</DialogTitle>
          <DialogContent>
            <Text as="p">{t(W.explain)}</Text>
            <Field label={t(W.reason)} required>
              <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" disabled={voiding.busy} />
            </Field>
            {voiding.error && (
              <MessageBar intent="error">
                <MessageBarBody>{translated(voiding.error)}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={voiding.busy} onClick={() => voiding.submit({ bookingId, reason })}>
              {t(W.confirm)}
            </Button>
            <Button onClick={onClose}>{t(W.cancel)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
