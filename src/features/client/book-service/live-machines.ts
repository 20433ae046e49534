import { fromPromise } from 'xstate'
import { msg } from '@lingui/core/macro'
import { createBookingWizardMachine } from '../../../../machines/booking/booking-wizard.machine'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import * as bookingsApi from '../../../api/bookings'
import * as deceasedApi from '../../../api/deceased'
import { listServices } from '../../../api/services'
import type { Service } from '../../../../shared/contracts/services'
import { nairobiDay } from '../../../../shared/dates'

/** The wizard with the real calls (POST /deceased, then POST /bookings) and Nairobi's calendar day. */
export const liveBookingWizard = createBookingWizardMachine(() => nairobiDay()).provide({
  actors: {
    createDeceased: fromPromise(({ input }) => deceasedApi.createDeceased(input)),
    createBooking: fromPromise(({ input }) => bookingsApi.createBooking(input)),
  },
})

/** GET /services as a list (SPEC.md section 8: 'Failed to fetch services'). */
export const liveServices = createCollectionMachine<Service>('services').provide({
  actors: { fetchItems: fromPromise(() => listServices()) },
})
/** Translated where the list is started (the machine takes the words in the language in use). */
export const SERVICES_FAILED = msg`Failed to fetch services`
