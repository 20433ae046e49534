/**
 * Idempotency-Key on the mock's create requests, as on the server (the rule is
 * shared/contracts/idempotency.ts): kept in memory; cleared with the database (resetDatabase).
 */
import { HttpResponse } from 'msw'
import { idempotencyKeyOf, keepsAnswer, replayOf } from '../shared/contracts/idempotency'

const answers = new Map<string, { route: string; status: number; body: unknown }>()

export function clearIdempotency(): void {
  answers.clear()
}

export async function idempotent(request: Request, userId: number, run: () => Promise<Response>): Promise<Response> {
  const key = idempotencyKeyOf(request.headers.get('idempotency-key'))
  if (key === null) return run()
  const route = `${request.method} ${new URL(request.url).pathname.replace(/^.*\/api/, '/api')}`
  const id = `${userId}:${key}`
  const first = answers.get(id)
  if (first) {
    replayOf(first, route)
    return HttpResponse.json(first.body as never, { status: first.status })
  }
  const response = await run()
  if (keepsAnswer(response.status)) answers.set(id, { route, status: response.status, body: (await response.clone().json()) as unknown })
  return response
}
