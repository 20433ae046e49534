/** Shared helpers for the mock-backend tests. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { isServerListening, server } from '../../mocks/node'
import { resetDatabase } from '../../mocks/db'

export { API } from '../contract/target'

/** Starts the MSW server unless a global setup already did, and reseeds before every test. */
export function useMockBackend(): void {
  let own = false
  beforeAll(() => {
    if (!isServerListening()) {
      server.listen({ onUnhandledRequest: 'error' })
      own = true
    }
  })
  beforeEach(async () => {
    // tests/setup.ts reseeds before every test when it owns the server.
    if (own) await resetDatabase()
  })
  afterEach(() => {
    if (own) server.resetHandlers()
  })
  afterAll(() => {
    if (own) server.close()
  })
}

// One HTTP helper for the mock's own tests and the contract suite (with the mock as target, `call` goes through MSW).
export { call, demo, login, loginAs, nairobiDay } from '../contract/target'
export type { ApiResult } from '../contract/target'
