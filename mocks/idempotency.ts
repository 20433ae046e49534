/**
 * Idempotency-Key on the mock's create requests, as on the server: per user and key, the first
 * successful answer is kept and a repeat gets it back, so a retried POST never creates twice.
 * Kept in memory; cleared with the database (resetDatabase).
 */
import { HttpResponse } from 'msw'
import { ApiError } from './http'

const answers = new Map<string, { route: string; status: number; body: unknown }>()

export function clearIdempotency(): void {
  answers.clear()
}

export async function idempotent(request: Request, userId: number, run: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get('idempotency-key')?.trim()
  if (!key) return run()
  if (key.length > 200) throw new ApiError(422, 'Idempotency-Key must be at most 200 characters')
  const route = `${request.method} ${new URL(request.url).pathname.replace(/^.*\/api/, '/api')}`
  const id = `${userId}:${key}`
  const first = answers.get(id)
  if (first) {
    if (first.route !== route) throw new ApiError(422, 'This Idempotency-Key was used for another request')
    return HttpResponse.json(first.body as never, { status: first.status })
  }
  const response = await run()
  if (response.status < 400) answers.set(id, { route, status: response.status, body: (await response.clone().json()) as unknown })
  return response
}
