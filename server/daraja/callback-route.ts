/**
 * The HTTP side of Daraja's callback, ready to mount in the server (`app.route('/', darajaCallbackRoute(…))`):
 * POST CALLBACK_ROUTE. The secret in the path is checked (Daraja does not sign its calls; a wrong
 * secret answers 404, as any unknown path). Then, whatever the body, Daraja gets its accepted
 * answer: a malformed body or a failing handler is logged, never a 500 (Daraja would not retry a
 * callback anyway; the STK query job is the safety net). The handler (settle, in a transaction) is
 * awaited first, so once Daraja has its answer the outcome is recorded.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeError } from '../http'
import { CALLBACK_ACCEPTED, CALLBACK_ROUTE, callbackSecretMatches, parseStkCallback, type StkCallback } from './callback'

export interface DarajaCallbackRouteOptions {
  secret: string
  onCallback: (callback: StkCallback) => Promise<void>
  log?: (event: string, details: Record<string, unknown>) => void
  /** Daraja's callbacks are well under 2 KB. */
  maxBodyBytes?: number
}

export function darajaCallbackRoute({ secret, onCallback, log = () => {}, maxBodyBytes = 16 * 1024 }: DarajaCallbackRouteOptions): Hono {
  const app = new Hono()
  app.post(
    CALLBACK_ROUTE,
    async (c, next) => {
      if (!callbackSecretMatches(secret, c.req.param('secret') ?? '')) return c.json({ message: 'Not found' }, 404)
      await next()
    },
    bodyLimit({ maxSize: maxBodyBytes, onError: (c) => c.json({ message: 'Payload too large' }, 413) }),
    async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined)
      const parsed = parseStkCallback(body)
      if (!parsed.ok) {
        log('daraja.callback.malformed', { problem: parsed.problem })
        return c.json(CALLBACK_ACCEPTED)
      }
      try {
        await onCallback(parsed.callback)
      } catch (error) {
        log('daraja.callback.failed', { checkoutRequestId: parsed.callback.checkoutRequestId, error: describeError(error) })
      }
      return c.json(CALLBACK_ACCEPTED)
    },
  )
  return app
}
