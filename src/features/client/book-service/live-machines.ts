import { fromPromise } from 'xstate'
import { msg } from '@lingui/core/macro'
import { createBookingWizardMachine } from '../../../../machines/booking/booking-wizard.machine'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import * as bookingsApi from '../../../api/bookings'
import * as deceasedApi from '../../../api/deceased'
import { listServices } from '../../../api/services'
import { freeTimes } from '../../../api/calendar'
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

/** The free start times of one day for the services chosen (GET /calendar/free-times), asked again when the day changes. */
export interface FreeDay {
  id: string
  times: string[]
  full: boolean
}
export const liveFreeTimes = createCollectionMachine<FreeDay>('free times').provide({
  actors: {
    fetchItems: fromPromise(async ({ input }) => {
      const { serviceIds, date } = input as unknown as { serviceIds: string[]; date: string }
      const { days } = await freeTimes(serviceIds, date, date)
      return days.map((d) => ({ id: d.date, times: d.times, full: d.full }))
    }),
  },
})
export const FREE_TIMES_FAILED = msg`Could not look up the free times: you may still choose a time, and we will confirm it`
