import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { BookingPapers } from '../../documents/booking-papers'
import { ADMIN_BOOKINGS_TEXT as T } from './bookings-words'

/** A booking's invoice, statement, quotation and receipts, from its row in the office's list. */
export function PapersDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Dialog open={booking !== null} onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{booking ? t(T.papersTitle(booking.id)) : ''}</DialogTitle>
          <DialogContent>{booking && <BookingPapers bookingId={booking.id} />}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t(T.close)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
