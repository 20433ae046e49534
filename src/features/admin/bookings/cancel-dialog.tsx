import { useEffect, useState } from 'react'
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Spinner, Textarea } from '@fluentui/react-components'
import type { Booking } from '../../../api/contracts/bookings'
import { DialogFooter } from '../../../components/dialog-footer'
import { deceasedOf } from './booking-columns'
import { ADMIN_BOOKINGS_TEXT as T } from './messages'

/** Cancel a booking, with an optional reason kept in its notes. */
export function CancelDialog({
  booking,
  busy,
  onClose,
  onConfirm,
}: {
  booking: Booking | null
  busy: boolean
  onClose: () => void
  onConfirm: (notes: string) => void
}) {
  const [notes, setNotes] = useState('')
  useEffect(() => {
    if (booking) setNotes('')
  }, [booking])
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(_, d) => {
        if (!d.open && !busy) onClose()
      }}
    >
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            onConfirm(notes)
          }}
        >
          <DialogBody>
            <DialogTitle>{T.cancelTitle}</DialogTitle>
            <DialogContent>
              {booking && <p>{T.cancelBody(deceasedOf(booking), booking.client_name ?? '')}</p>}
              <Field label={T.cancelReason} hint={T.cancelReasonHint}>
                <Textarea value={notes} onChange={(_, d) => setNotes(d.value)} resize="vertical" />
              </Field>
            </DialogContent>
            <DialogFooter busy={busy} onCancel={onClose} cancel={T.keep} confirm={T.confirmCancel} confirmIcon={busy ? <Spinner size="tiny" /> : undefined} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
