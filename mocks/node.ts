/** The mock backend for Node (vitest): `server.listen()` in a setup file, `resetDatabase()` per test. */
import { setupServer } from 'msw/node'
import { handlers } from './handlers'

export const server = setupServer(...handlers)

// Track listen/close so helpers can start the server only when no global setup did.
let listening = false
const originalListen = server.listen.bind(server)
const originalClose = server.close.bind(server)
server.listen = (...args: Parameters<typeof server.listen>) => {
  if (listening) return
  listening = true
  originalListen(...args)
}
server.close = () => {
  listening = false
  originalClose()
}
/** True while `server.listen()` is in effect. */
export function isServerListening(): boolean {
  return listening
}

export { resetDatabase, snapshot, restore, db } from './db'
export { DEMO_ACCOUNTS } from '../shared/demo-accounts'
export { MPESA_TEST_NUMBERS } from '../shared/mpesa-scenarios'
