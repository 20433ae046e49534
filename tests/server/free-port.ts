/**
 * A port nobody listens on, chosen by the system. Tests that start a server process pick their port
 * here rather than at random in a fixed range: the suite's stages run side by side, and a random
 * pick once landed on the port the journeys' preview server was using.
 */
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
