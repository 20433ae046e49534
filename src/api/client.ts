import wretch, { type Wretch, type WretchError } from 'wretch'
import type { z } from 'zod/mini'
import { ErrorBody } from '../../shared/contracts/common'

import { TOKEN_KEY } from './token-key'
import { reachability } from './reachability'

export { TOKEN_KEY }
export const API_BASE = import.meta.env.VITE_API_URL ?? '/api'

/** A failed call, with the server's message when it sent one (SPEC.md: "server message preferred"). */
export class ApiError extends Error {
  readonly status: number
  readonly serverMessage: string | undefined
  constructor(status: number, serverMessage: string | undefined, message?: string) {
    super(message ?? serverMessage ?? `Request failed (${status})`)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
  }
}

let getToken: () => string | null = () => {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}
let onUnauthorized: () => void = () => {}

/** The bearer token, for the one call not made with wretch (the upload, for its progress events). */
export function tokenForUpload(): string | null {
  return getToken()
}

/** The bearer token a call would send now (an early answer is taken only if it was asked with it). */
export const currentToken = (): string | null => getToken()

/** A 401 met outside wretch: tell the session, as the wretch calls do. */
export function reportUnauthorized(): void {
  onUnauthorized()
}

/** Wire the client to the session: where the token comes from and who hears about a 401. */
export function configureApi(options: { getToken?: () => string | null; onUnauthorized?: () => void }) {
  if (options.getToken) getToken = options.getToken
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized
}

function toApiError(error: WretchError): ApiError {
  const parsed = ErrorBody.safeParse(error.json)
  let message = parsed.success ? parsed.data.message : undefined
  if (!message && error.text) {
    try {
      const body = ErrorBody.safeParse(JSON.parse(error.text))
      if (body.success) message = body.data.message
    } catch {
      /* not JSON: no server message */
    }
  }
  return new ApiError(error.status, message)
}

/** The base request: JSON by default, bearer token, no timeout (SPEC.md section 7). */
export function api(): Wretch {
  const token = getToken()
  const base = wretch(API_BASE).content('application/json').accept('application/json')
  return token ? base.auth(`Bearer ${token}`) : base
}

/**
 * Run a request and parse its JSON answer with a contract. Every failure becomes an ApiError:
 * HTTP errors (with the server's message), network failures (status 0) and malformed bodies.
 * A 401 also tells the session (which signs out once, however many calls fail together).
 */
export async function request<S extends z.ZodMiniType>(
  call: (w: Wretch) => Promise<unknown>,
  schema: S,
  options: { authenticated?: boolean } = {},
): Promise<z.infer<S>> {
  let body: unknown
  try {
    body = await call(api())
  } catch (error) {
    throw asApiError(error, options.authenticated ?? true)
  }
  reachability.answered()
  const result = schema.safeParse(body)
  if (!result.success) throw new ApiError(0, undefined, 'The server sent an unexpected answer')
  return result.data
}

/** Like `request` but for binary answers (downloads, reports). */
export async function requestBlob(call: (w: Wretch) => Promise<Blob>): Promise<Blob> {
  try {
    const blob = await call(api())
    reachability.answered()
    return blob
  } catch (error) {
    throw asApiError(error, true)
  }
}

function asApiError(error: unknown, authenticated: boolean): ApiError {
  if (error instanceof ApiError) return error
  if (isWretchError(error)) {
    // An HTTP answer, even a refusal: the server is there.
    reachability.answered()
    const apiError = toApiError(error)
    if (apiError.status === 401 && authenticated) onUnauthorized()
    return apiError
  }
  reachability.noAnswer()
  return new ApiError(0, undefined, 'Network error: please check your connection')
}

function isWretchError(error: unknown): error is WretchError {
  return error instanceof Error && typeof (error as Partial<WretchError>).status === 'number' && 'response' in error
}
