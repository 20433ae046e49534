import type { ReactElement, ReactNode } from 'react'
import { Button, DialogActions } from '@fluentui/react-components'
import { Trans } from '@lingui/react/macro'

interface DialogFooterProps {
  /** The primary action's words (say what it does: "Delete", "Save prices"). */
  confirm: ReactNode
  /** Without it the primary button submits its form (the one it is in, or `form`). */
  onConfirm?: () => void
  /** The id of the form the primary button submits when it sits outside it. */
  form?: string
  onCancel: () => void
  cancel?: ReactNode
  /** A call is under way: the primary button is disabled, and Cancel too unless `cancelWhileBusy`. */
  busy?: boolean
  cancelWhileBusy?: boolean
  /** The primary action is not possible yet (e.g. the form is incomplete). */
  confirmDisabled?: boolean
  confirmIcon?: ReactElement
}

/** Every dialog ends the same way: Cancel, then the primary action, disabled while it runs. */
export function DialogFooter({
  confirm,
  onConfirm,
  form,
  onCancel,
  cancel = <Trans>Cancel</Trans>,
  busy = false,
  cancelWhileBusy = false,
  confirmDisabled = false,
  confirmIcon,
}: DialogFooterProps) {
  return (
    <DialogActions>
      <Button appearance="secondary" disabled={busy && !cancelWhileBusy} onClick={onCancel}>
        {cancel}
      </Button>
      <Button
        appearance="primary"
        type={onConfirm ? 'button' : 'submit'}
        form={form}
        disabled={busy || confirmDisabled}
        icon={confirmIcon}
        onClick={onConfirm}
      >
        {confirm}
      </Button>
    </DialogActions>
  )
}
