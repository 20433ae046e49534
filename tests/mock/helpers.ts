/** Shared helpers for the mock-backend tests. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { isServerListening, server } from '../../mocks/node'
import { resetDatabase } from '../../mocks/db'
import { DEMO_ACCOUNTS } from '../../mocks/demo-accounts'
import { addDays, nairobiDay as dayOf } from '../../src/lib/dates'

export const API = 'http://localhost:3000/api'

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

export interface ApiResult<T = Record<string, unknown>> {
  status: number
  json: T
  headers: Headers
}

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {}
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  let bodyText: string | undefined
  if (options.rawBody !== undefined) bodyText = options.rawBody
  else if (options.body !== undefined) bodyText = JSON.stringify(options.body)
  if (bodyText !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${API}${path}`, { method, headers, body: bodyText })
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = { raw: text }
  }
  return { status: res.status, json: json as T, headers: res.headers }
}

export function demo(role: 'admin' | 'morgue_attendant' | 'client') {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)
  if (!account) throw new Error(`no demo ${role}`)
  return account
}

export async function login(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/auth/login', { body: { email, password } })
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status}`)
  return res.json.token
}

export async function loginAs(role: 'admin' | 'morgue_attendant' | 'client'): Promise<string> {
  const a = demo(role)
  return login(a.email, a.password)
}

/** YYYY-MM-DD in Nairobi, `days` from today. */
export function nairobiDay(days = 0): string {
  return addDays(dayOf(), days)
}
