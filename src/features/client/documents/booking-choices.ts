import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { compareIso } from '../../../../shared/dates'
import type { BookingChoice } from '../../documents/upload-dialog'
import { deceasedName } from '../my-bookings'

/** The bookings a document can be for: every booking not cancelled, newest first (named in the language in use). */
export function bookingChoices(bookings: readonly Booking[]): BookingChoice[] {
  return [...bookings]
    .filter((b) => b.status !== 'cancelled')
    .sort((a, b) => compareIso(b.created_at, a.created_at))
    .map((b) => ({ id: b.id, label: i18n._(msg`${deceasedName(b)} (booking #${b.id})`) }))
}
