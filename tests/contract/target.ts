/**
 * The contract suite's backend: the same test files run against the mock (MSW node server over
 * @msw/data) or the real server (the Hono app in-process over its own PGlite), chosen by
 * CONTRACT_TARGET=mock|server. Tests talk HTTP through `call`; the few that need data no API
 * writes (a document of a given status, say) use `fixtures`, implemented for both targets.
 *
 * Read-only look-ups of the seed (`seed.*`) use the mock's collections: both backends seed the same
 * demo rows with the same ids (shared/demo/data.ts), so the answers are the same for both.
 */
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'
import { db as mockDb, nextId, resetDatabase } from '../../mocks/db'
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts'

export const TARGET: 'mock' | 'server' = process.env.CONTRACT_TARGET === 'server' ? 'server' : 'mock'
export const API = 'http://localhost:3000/api'

/**
 * Behaviour only one backend has (the mock's dev endpoints, or a server-only rule): declared so,
 * and skipped on the other, where the run counts and names it as skipped. An assertion that only
 * one backend can make goes in such a test, never behind an `if` that passes in silence on the
 * other: the server-only helpers below (serverLog, darajaSimulator, storedFiles, serverDataDir)
 * throw on the mock to keep it so.
 */
export const mockOnly = { describe: describe.runIf(TARGET === 'mock'), it: it.runIf(TARGET === 'mock') }
export const serverOnly = { describe: describe.runIf(TARGET === 'server'), it: it.runIf(TARGET === 'server') }

/** The seed as the mock made it (same ids on both targets). Read only. */
export const seed = mockDb

type Fetch = (request: Request) => Promise<Response>
let dispatch: Fetch = (request) => fetch(request)

interface ServerHandle {
  dataDir: string
  fetch: Fetch
  reset(): Promise<void>
  fixtures: Fixtures
  lastResetToken(email: string): Promise<string | null>
  signAt(email: string, issuedAt: number): Promise<string>
  close(): Promise<void>
  /** What the document store holds: its documents' keys and any temporary file. */
  storedFiles(): Promise<string[]>
  simulator: import('../../server/daraja/simulator').DarajaSimulator
  listenToLog(): () => string[]
}
let server: ServerHandle | null = null
/** The mock's collections filled for `seed.*` on the server target (once: they are only read). */
let mockSeeded: Promise<void> | null = null
/** Set by `forgot-password` answers on the mock (its dev-only `resetUrl`). */
const mockResetLinks = new Map<string, string>()

export interface NewDocument {
  booking_id: number
  uploaded_by: number
  document_type: 'death_certificate' | 'burial_permit' | 'contract' | 'invoice' | 'receipt' | 'other'
  status: 'pending' | 'approved' | 'rejected'
  name?: string
  /** Bytes the record says the file has (default 10): a family's storage quota counts them. */
  size?: number
}
export interface Fixtures {
  /** Adds a document record (metadata only); returns its id. */
  addDocument(doc: NewDocument): Promise<number>
  setDocumentStatus(id: number, status: NewDocument['status']): Promise<void>
  setPricingKey(serviceId: number, key: string): Promise<void>
  /** Moves an M-Pesa push's sending time `ms` into the past (its expiry, without waiting for it). */
  agePush(checkoutRequestId: string, ms: number): Promise<void>
  /** Moves the moment the account last chose its password `ms` into the past (its expiry, without waiting for it). */
  agePassword(email: string, ms: number): Promise<void>
  /** The newest SMS of this kind as it was sent (read from the outbox itself, not through the admin's view). */
  lastSms(kind: string): Promise<{ body: string; to_phone: string } | null>
}

const mockFixtures: Fixtures = {
  async addDocument(doc) {
    const id = nextId('document')
    await mockDb.document.create({
      id,
      booking_id: doc.booking_id,
      uploaded_by: doc.uploaded_by,
      name: doc.name ?? 'x.pdf',
      document_type: doc.document_type,
      description: null,
      file_path: `/uploads/${id}`,
      mime_type: 'application/pdf',
      size: doc.size ?? 10,
      status: doc.status,
      review_notes: null,
      created_at: new Date().toISOString(),
    })
    return id
  },
  async setDocumentStatus(id, status) {
    await mockDb.document.update((q) => q.where({ id }), { data: (d) => void (d.status = status) })
  },
  async setPricingKey(id, key) {
    await mockDb.service.update((q) => q.where({ id }), { data: (s) => void (s.pricing_key = key) })
  },
  async agePush(checkoutRequestId, ms) {
    await mockDb.mpesaRequest.update((q) => q.where({ checkout_request_id: checkoutRequestId }), { data: (r) => void (r.created_at = new Date(Date.parse(r.created_at) - ms).toISOString()) })
  },
  async agePassword(email, ms) {
    await mockDb.user.update((q) => q.where({ email: email.toLowerCase() }), { data: (u) => void (u.password_changed_at = new Date(Date.now() - ms).toISOString()) })
  },
  async lastSms(kind) {
    const sms = mockDb.sms.findMany((q) => q.where({ kind }), { orderBy: { id: 'desc' } })[0]
    return sms ? { body: sms.body, to_phone: sms.to_phone } : null
  },
}

export const fixtures: Fixtures = {
  addDocument: (doc) => (server ? server.fixtures.addDocument(doc) : mockFixtures.addDocument(doc)),
  setDocumentStatus: (id, status) => (server ? server.fixtures.setDocumentStatus(id, status) : mockFixtures.setDocumentStatus(id, status)),
  setPricingKey: (id, key) => (server ? server.fixtures.setPricingKey(id, key) : mockFixtures.setPricingKey(id, key)),
  agePush: (id, ms) => (server ? server.fixtures.agePush(id, ms) : mockFixtures.agePush(id, ms)),
  agePassword: (email, ms) => (server ? server.fixtures.agePassword(email, ms) : mockFixtures.agePassword(email, ms)),
  lastSms: (kind) => (server ? server.fixtures.lastSms(kind) : mockFixtures.lastSms(kind)),
}

/** Starts the chosen backend for this file and gives every test the fresh seed. */
export function useBackend(): void {
  if (TARGET === 'mock') {
    // tests/setup.ts owns the MSW server and reseeds before every test.
    beforeEach(() => mockResetLinks.clear())
    return
  }
  // The worker's first file also migrates and seeds its PGlite (about 15 CPU seconds): on a busy
  // shared machine that can take a few minutes.
  beforeAll(async () => {
    const { startServerTarget } = await import('./server-target')
    server = await startServerTarget()
    dispatch = server.fetch
    // `seed.*` reads the mock's collections: filled once per process with the demo rows the server seeds too.
    // Dated from the instant the server's rows were (not minutes later, when this file starts on a
    // busy machine): a row near a day's edge would otherwise fall on another day in each copy.
    mockSeeded ??= import('../../server/seed').then(async ({ demoRowsDatedFrom }) => resetDatabase(await demoRowsDatedFrom()))
    await mockSeeded
  }, 180_000)
  beforeEach(async () => {
    await server?.reset()
  })
  afterAll(async () => {
    await server?.close()
    server = null
    dispatch = (request) => fetch(request)
  })
}

export interface ApiResult<T = Record<string, unknown>> {
  status: number
  json: T
  headers: Headers
  bytes: Uint8Array
}

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  let bodyText: string | Uint8Array<ArrayBuffer> | undefined
  if (options.rawBody !== undefined) bodyText = options.rawBody
  else if (options.body !== undefined) bodyText = JSON.stringify(options.body)
  if (bodyText !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json'
  const res = await dispatch(new Request(`${API}${path}`, { method, headers, body: bodyText }))
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = { raw: text }
  }
  if (TARGET === 'mock' && path === '/auth/forgot-password' && json && typeof json === 'object' && 'resetUrl' in json && typeof options.body === 'object') {
    mockResetLinks.set(String((options.body as { email?: string }).email).toLowerCase(), String(json.resetUrl))
  }
  return { status: res.status, json: json as T, headers: res.headers, bytes }
}

/** The server's DATA_DIR in this run (server target only: its backups go there). */
export function serverDataDir(): string {
  return serverTarget('serverDataDir').dataDir
}

/** A multipart POST (an upload) through the chosen backend. */
export async function postForm(path: string, form: FormData, token?: string | null, headers: Record<string, string> = {}): Promise<ApiResult> {
  const res = await dispatch(new Request(`${API}${path}`, { method: 'POST', body: form, headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers }))
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let json: Record<string, unknown>
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    json = { raw: text }
  }
  return { status: res.status, json, headers: res.headers, bytes }
}

function serverTarget(what: string): ServerHandle {
  if (!server) throw new Error(`${what}: the server target only (declare the test with serverOnly)`)
  return server
}

/** Starts keeping the server's log lines; the returned function stops and gives them. Server only. */
export function serverLog(): () => string[] {
  return serverTarget('serverLog').listenToLog()
}

/** The server's Daraja simulator. Server only. */
export function darajaSimulator() {
  return serverTarget('darajaSimulator').simulator
}

/**
 * Waits until Daraja's callbacks for the pushes so far have been delivered (the server's receipt
 * comes with the callback). Nothing to wait for on the mock: its scenarios settle in the verify.
 */
export async function callbacksDelivered(): Promise<void> {
  if (server) await server.simulator.idle()
}

/** The server's document files (names in its storage folder, temporary ones included). Server only. */
export async function storedFiles(): Promise<string[]> {
  return serverTarget('storedFiles').storedFiles()
}

/**
 * The token of the newest reset link sent to `email`: on the server, its mail job run once into a
 * mailbox the test keeps (no table holds the link); on the mock, the link it hands back in mock mode
 * (its dev-only stand-in for an e-mail).
 */
export async function lastResetToken(email: string): Promise<string | null> {
  if (server) return server.lastResetToken(email)
  const url = mockResetLinks.get(email.toLowerCase())
  return url ? new URL(url, 'http://x').searchParams.get('token') : null
}

/** A genuine token of this backend for `email`, issued at `issuedAt` (epoch seconds): expired or from the future. */
export async function tokenIssuedAt(email: string, issuedAt: number): Promise<string> {
  if (server) return server.signAt(email, issuedAt)
  const { signToken } = await import('../../mocks/jwt')
  const user = mockDb.user.findFirst((q) => q.where({ email }))
  if (!user) throw new Error(`no user ${email}`)
  return signToken(user, { issuedAt })
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
  return new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
}
