import { useEffect, useState } from 'react'
import { Checkbox, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Select, Textarea } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { gapsLeft, type PendingChange } from '../../../../machines/admin/admin-bookings.machine'
import type { User } from '../../../../shared/contracts/auth'
import { DialogFooter } from '../../../components/dialog-footer'
import { bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { formatKsh } from '../../../lib/format'
import { deceasedOf } from './booking-columns'
import { ADMIN_BOOKINGS_TEXT as T } from './bookings-words'

/**
 * Confirms a change that matters (completed, cancelled, paid, refunded). Cancelling says what the
 * family paid and refunds only when ticked; marking paid with no completed payment asks for the
 * receipt number or reason (the machine refuses it empty too). A change that needs an attendant
 * (Confirmed) offers to assign one right here instead of an override.
 */
export function ConfirmChangeDialog({
  pending,
  booking,
  attendants = [],
  onDismiss,
  onAccept,
}: {
  pending: PendingChange | null
  booking: Booking | null
  attendants?: User[]
  onDismiss: () => void
  onAccept: (reason: string, refund: boolean, attendantId?: string) => void
}) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [refund, setRefund] = useState(false)
  const [tried, setTried] = useState(false)
  const [attendantId, setAttendantId] = useState('')
  useEffect(() => {
    setReason('')
    setRefund(false)
    setTried(false)
    setAttendantId('')
  }, [pending?.id, pending?.to])
  const cancelling = pending?.kind === 'status' && pending.to === 'cancelled'
  const label = (v: string) => (pending?.kind === 'payment' ? paymentStatusLabel(v) : bookingStatusLabel(v))
  const from = pending ? (pending.kind === 'payment' ? pending.from.payment_status : pending.from.status) : ''
  // An attendant chosen here answers the 'attendant' gap: an override is asked only for what is left.
  const offerAttendant = pending?.kind === 'status' && pending.gaps.includes('attendant') && attendants.length > 0
  const gaps = pending ? (pending.kind === 'status' ? gapsLeft(pending, attendantId || undefined) : pending.gaps) : []
  const needsReason = pending ? (pending.kind === 'status' ? gaps.length > 0 : pending.needsReason) : false
  const missingReason = needsReason && reason.trim() === ''
  // The change lacks what it implies (shared rule): the reason is an override, kept in the history.
  const overriding = gaps.length > 0
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(_, d) => {
        if (!d.open) onDismiss()
      }}
    >
      <DialogSurface>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            setTried(true)
            if (!missingReason) onAccept(reason, refund, attendantId || undefined)
          }}
        >
          <DialogBody>
            <DialogTitle>
              {cancelling ? t(T.cancelTitle) : pending ? t(T.confirmTitle(pending.kind, label(pending.to).toLowerCase())) : ''}
            </DialogTitle>
            <DialogContent>
              {pending && booking && (
                <p>
                  {cancelling
                    ? t(T.cancelBody(deceasedOf(booking), booking.client_name ?? ''))
                    : t(T.confirmBody(deceasedOf(booking), booking.client_name ?? '', label(from), label(pending.to)))}
                </p>
              )}
              {cancelling && pending && (
                <>
                  <MessageBar intent={pending.amountPaid > 0 ? 'warning' : 'info'}>
                    <MessageBarBody>{pending.amountPaid > 0 ? t(T.amountPaid(formatKsh(pending.amountPaid))) : t(T.nothingPaid)}</MessageBarBody>
                  </MessageBar>
                  {pending.amountPaid > 0 && <Checkbox label={t(T.refund)} checked={refund} onChange={(_, d) => setRefund(d.checked === true)} />}
                </>
              )}
              {offerAttendant && (
                <Field label={t(T.assignHere)} hint={t(T.assignHereHint)}>
                  <Select value={attendantId} onChange={(_, d) => setAttendantId(d.value)}>
                    <option value="">{t(T.chooseAttendant)}</option>
                    {attendants.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              {overriding && pending && (
                <MessageBar intent="warning">
                  <MessageBarBody>
                    {t(T.gapsTitle)}
                    <ul>
                      {gaps.map((g) => (
                        <li key={g}>{t(T.gaps[g])}</li>
                      ))}
                    </ul>
                  </MessageBarBody>
                </MessageBar>
              )}
              {needsReason ? (
                <Field
                  label={t(overriding ? T.overrideReason : T.paidReason)}
                  hint={t(overriding ? T.overrideHint : T.paidReasonHint)}
                  required
                  validationMessage={tried && missingReason ? t(overriding ? T.overrideRequired : T.paidReasonRequired) : undefined}
                >
                  <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" />
                </Field>
              ) : (
                <Field label={t(cancelling ? T.cancelReason : T.reason)} hint={t(cancelling ? T.cancelReasonHint : T.reasonHint)}>
                  <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" />
                </Field>
              )}
            </DialogContent>
            <DialogFooter onCancel={onDismiss} cancel={t(cancelling ? T.keep : T.keepAsIs)} confirm={t(cancelling ? T.confirmCancel : T.confirmChange)} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
