import type { Logger } from 'pino'
import { describeError } from './http'

/**
 * Runs a job's pass every `pollMs` (the first after `firstMs`) until stopped: the next pass is timed from the end of the last,
 * a failed pass is logged and the job goes on, and `stop()` waits for a pass under way. The jobs
 * keep their state in the database (the M-Pesa reconciliation, the SMS sender), so this holds none.
 */
export function repeatEvery(pollMs: number, pass: () => Promise<unknown>, log: Logger, failure: string, firstMs = pollMs): { stop(): Promise<void> } {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | null = null
  const tick = () => {
    if (stopped) return
    running = pass()
      .catch((error: unknown) => log.warn({ err: describeError(error) }, failure))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs)
      })
  }
  timer = setTimeout(tick, firstMs)
  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
