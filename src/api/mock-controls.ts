import { z } from 'zod/mini'
import { request } from './client'

/**
 * The mock backend's own endpoints (`/api/__mock/*`, mock mode only), behind the Demo tools menu:
 * the forced faults, the demo data reset and the server-side session expiry. See mocks/README.md.
 */

import { Faults, MockSms } from '../../shared/contracts/mock-controls'

export { Faults } from '../../shared/contracts/mock-controls'

// Anonymous: the demo tools work signed out too, and a 401 here is no reason to end a session.
const anonymous = { authenticated: false }

export const readFaults = () => request((w) => w.url('/__mock/faults').get().json(), Faults, anonymous)

export const writeFaults = (change: Partial<Faults>) => request((w) => w.url('/__mock/faults').put(change).json(), Faults, anonymous)

/** Back to the seeded demo data (everything added in this browser is removed). */
export const resetDemoData = () => request((w) => w.url('/__mock/reset').post().res(), z.unknown(), anonymous)

/** Every session token issued so far is refused from now on: the next call answers 401. */
export const revokeSessions = () => request((w) => w.url('/__mock/revoke-sessions').post().res(), z.unknown(), anonymous)

export const readMockSms = () => request((w) => w.url('/__mock/sms').get().json(), MockSms, anonymous).then((r) => r.messages)
