import { fromPromise } from 'xstate'
import { caseFileMachine } from '../../../../machines/admin/case-file.machine'
import { listAttendants } from '../../../api/attendants'
import { assignAttendant, getBooking } from '../../../api/bookings'
import { sendChange } from '../bookings/live-machines'

/** The case file's machine with its real I/O: the booking and the attendants at once. */
export const liveCaseFileMachine = caseFileMachine.provide({
  actors: {
    fetchCase: fromPromise(async ({ input }) => {
      // The attendants only fill the assign control: without them the case file still shows.
      const [booking, attendants] = await Promise.all([getBooking(input.id), listAttendants().catch(() => [])])
      return { booking, attendants }
    }),
    changeBooking: fromPromise(({ input }) => sendChange(input)),
    assignAttendant: fromPromise(({ input }) => assignAttendant(input.id, input.attendantId)),
  },
})
