import { http, HttpResponse } from 'msw'
import { flushDueSms, queueMockReminders, wireSms } from '../messages'
import { z } from 'zod/mini'
import { resetDatabase } from '../db'
import {
  ApiError,
  MSG_SIMULATED_FAILURE,
  SLOW_NETWORK_MS,
  apiPath,
  body,
  errorResponse,
  getFaults,
  resetFaults,
  resetRevocation,
  revokeSessions,
  route,
  setFaults,
  takeFailNext,
} from '../http'

/** Called after a reset so the browser host can drop its persisted copy. */
let onReset: (() => void) | null = null
export function setResetListener(listener: (() => void) | null): void {
  onReset = listener
}

function isMockControlPath(path: string): boolean {
  return path === '/__mock' || path.startsWith('/__mock/')
}

/**
 * First handler of all: applies the forced faults of the "Demo tools" panel (offline, fail next call,
 * slow network) to every /api call except the mock's own /api/__mock/* endpoints. Returns nothing
 * (so the real handlers answer) when no fault applies, which is always the case by default.
 */
export const faultHandler = http.all('*/api/*', async ({ request }) => {
  const path = apiPath(request.url)
  if (path === null || isMockControlPath(path)) return undefined
  const faults = getFaults()
  if (!faults.offline && !faults.slow && !faults.failNext) return undefined
  if (faults.offline) return HttpResponse.error()
  const failure = takeFailNext(path)
  if (faults.slow) await new Promise((resolve) => setTimeout(resolve, SLOW_NETWORK_MS))
  if (failure) return errorResponse(failure.status, MSG_SIMULATED_FAILURE)
  return undefined
})

/** The demo-tools endpoints answer at once: the panel should feel instant. */
const NO_LATENCY = { latency: false }

const FaultBody = z.object({
  failNext: z.optional(
    z.nullable(
      z.object({
        pathPrefix: z.string().check(z.trim(), z.minLength(1, 'pathPrefix is required'), z.maxLength(200, 'Too big: expected string to have <=200 characters')),
        status: z.int().check(z.gte(400, 'status must be 400-599'), z.lte(599, 'status must be 400-599')),
      }),
    ),
  ),
  offline: z.optional(z.boolean()),
  slow: z.optional(z.boolean()),
})

export const devHandlers = [
  http.get('*/api/__mock/status', () => HttpResponse.json({ mock: true, message: 'Mock backend running' })),
  http.post(
    '*/api/__mock/reset',
    route(async () => {
      await resetDatabase()
      resetFaults()
      resetRevocation()
      onReset?.()
      return HttpResponse.json({ message: 'Demo data has been reset' })
    }),
  ),
  http.get('*/api/__mock/faults', () => HttpResponse.json(getFaults())),
  // Demo tools' SMS outbox: what the families would have received (due ones count as sent).
  http.get('*/api/__mock/sms', async () => {
    await flushDueSms()
    return HttpResponse.json({ messages: wireSms() })
  }),
  // The mock has no jobs: this runs the day-before reminders' pass (at `now`, default the clock's), as the server's job would.
  http.post(
    '*/api/__mock/reminders',
    route(async ({ request }) => {
      const at = new URL(request.url).searchParams.get('now')
      const now = at ? new Date(at) : new Date()
      if (Number.isNaN(now.getTime())) throw new ApiError(422, 'now must be an ISO instant')
      return HttpResponse.json({ queued: await queueMockReminders(now) })
    }),
  ),
  http.put(
    '*/api/__mock/faults',
    route(async ({ request }) => {
      const config = await body(request, FaultBody)
      return HttpResponse.json(setFaults(config))
    }, NO_LATENCY),
  ),
  http.post(
    '*/api/__mock/revoke-sessions',
    route(() => {
      revokeSessions()
      return HttpResponse.json({ message: 'Every session signed in until now has expired' })
    }, NO_LATENCY),
  ),
]
