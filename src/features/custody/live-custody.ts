import { fromPromise } from 'xstate'
import { custodyMachine } from '../../../machines/morgue/custody.machine'
import { addCustodyEvent, getCustody } from '../../api/custody'
import type { CustodyRequest } from '../../../shared/contracts/custody'

/** The chain of custody machine with the real API calls. */
export const liveCustody = custodyMachine.provide({
  actors: {
    loadCustody: fromPromise(({ input }: { input: { bookingId: string } }) => getCustody(input.bookingId)),
    addCustodyEvent: fromPromise(({ input }: { input: { bookingId: string; request: CustodyRequest } }) => addCustodyEvent(input.bookingId, input.request)),
  },
})
