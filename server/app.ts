/**
 * The Hono app: every /api route, the security headers and the error handling. Built by a factory
 * with its dependencies, so tests run it in-process (`app.request`) over their own database.
 */
import { requestId } from 'hono/request-id'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import { z } from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { ApiError, jsonNestingExceeds, loggableError } from './http'
import { FieldTooLong } from '../shared/rules'
import type { AppEnv, Deps } from './types'
import { serveDist, type ServerPageData } from './static'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { INLINE_SCRIPTS_FILE, inlineScriptHashes } from '../shared/inline-scripts'
import { authRoutes } from './routes/auth'
import { custodyRoutes } from './routes/custody'
import { calendarRoutes } from './routes/calendar'
import { bookingRoutes } from './routes/bookings'
import { paperRoutes, sharedPaperRoutes } from './routes/papers'
import { agreementRoutes } from './routes/agreement'
import { deceasedRoutes } from './routes/deceased'
import { paymentRoutes, stkPushRoutes } from './routes/payments'
import { documentRoutes } from './routes/documents'
import { darajaCallbackRoute } from './daraja/callback-route'
import { onDarajaCallback } from './mpesa'
import { serviceRoutes } from './routes/services'
import { userRoutes } from './routes/users'
import { settingsRoutes } from './routes/settings'
import { storedSettings } from './domain/settings'
import { currentPricing } from './domain/services'
import { passwordRulesOf } from '../shared/contracts/password-rules'
import { contactRoutes } from './routes/contact'
import { messageRoutes } from './routes/messages'
import { bookingContributionRoutes, contributionRoutes } from './routes/contributions'
import { bookingTributeRoutes, tributeRoutes } from './routes/tributes'
import { tributePageRoutes } from './routes/tribute-page'
import { contributionOwnPage } from './routes/contribute-page'
import { smsOutboxRoutes } from './routes/sms-outbox'
import { mailOutboxRoutes } from './routes/mail-outbox'
import { healthRoutes } from './routes/health'
import { MSG_SERVER_ERROR } from '../shared/contracts/common'

// zod/mini loads no messages; the server's parses answer in English (its own process, so a global setting is fine).
z.config(en())

/** JSON bodies; uploads (documents) get their own, larger limit with their routes. */
export const JSON_BODY_LIMIT = 100 * 1024
/**
 * The Node server's limits (server/main.ts): a client that trickles its headers or its request
 * (a slow-loris) is cut off instead of holding a socket and memory for ever. 30 s covers a 5 MB
 * upload on a slow mobile line; Node's own defaults (300 s, 60 s) are too generous.
 */
export const serverOptions = { requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 5_000 } as const

/** No request of the app nests deeper than a few levels; a deeper body is refused unread. */
export const MAX_JSON_DEPTH = 32
export const MSG_TOO_DEEP = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`

/**
 * What the built app needs and nothing more: its own scripts and styles (Griffel injects style
 * elements, hence 'unsafe-inline' for styles only), images from itself, data: and blob: (previews),
 * API calls to itself; never framed.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/**
 * The path as the log keeps it: a contribution link's token is a key to pay towards a family's bill,
 * a tribute page's slug the key to a family's page (unlisted unless the family chose), a shared paper's token the key to a family's invoice or receipt,
 * and Daraja's callback path holds the secret that marks a callback as Daraja's: none is logged.
 */
export const loggablePath = (path: string) =>
  path.replace(/^\/api\/contributions\/[^/]+/, '/api/contributions/:token').replace(/^\/api\/tributes\/[^/]+/, '/api/tributes/:slug').replace(/^\/api\/papers\/shared\/[^/]+/, '/api/papers/shared/:token').replace(/^\/api\/hooks\/daraja\/stk\/[^/]*/, '/api/hooks/daraja/stk/:secret')

/**
 * The hashes of the inline scripts of the pages served (the build lists them beside the pages): the
 * only inline scripts the policy lets run. Without the list (an older build) they are blocked and the
 * app still works: the first requests start later, and the fonts wait for a later visit.
 */
function builtInlineScripts(staticDir: string | undefined, deps: Deps): string[] {
  if (!staticDir) return []
  try {
    return inlineScriptHashes(readFileSync(join(staticDir, INLINE_SCRIPTS_FILE), 'utf8'))
  } catch {
    deps.log.warn({ file: INLINE_SCRIPTS_FILE }, 'the build lists no inline scripts: the pages run without them')
    return []
  }
}

export function createApp(deps: Deps, options: { staticDir?: string } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.use(
    secureHeaders({
      contentSecurityPolicy: { ...CONTENT_SECURITY_POLICY, scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...builtInlineScripts(options.staticDir, deps)] },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
    }),
  )
  // Every answer carries X-Request-Id (a proxy's own id when it sends a plain one), and every log line
  // written while answering carries it as reqId: one family's complaint finds its lines.
  app.use('*', requestId({ limitLength: 64 }))
  app.use('*', async (c, next) => {
    c.set('deps', { ...deps, log: deps.log.child({ reqId: c.var.requestId }) })
    const started = performance.now()
    await next()
    // A body refused as too large (here, an upload, Daraja's callback) was left unread: the rest may
    // still be on its way, so this connection cannot carry another request. Saying so lets the
    // client open a new one instead of losing its next request on a socket the server closes.
    if (c.res.status === 413) c.res.headers.set('Connection', 'close')
    // One line per API call (never a body or a header: they may carry passwords and tokens).
    if (c.req.path.startsWith('/api')) {
      // The health check is probed every few seconds by a load balancer: its lines would drown the
      // rest, so they are debug (a failing check is logged once, when the answer changes: routes/health.ts).
      const level = c.req.path === '/api/health' ? 'debug' : c.res.status >= 500 && c.res.status !== 501 ? 'error' : 'info'
      c.var.deps.log[level]({ method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
    }
  })

  const api = new Hono<AppEnv>()
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ message: 'Request body is too large' }, 413),
  })
  // An upload streams to storage under its own 5 MB limit (routes/documents.ts), a tribute's photo is
  // read under its own (routes/tributes.ts); everything else is JSON.
  // GET and HEAD carry no body: the limit would only build a full Request to find that out.
  const isUpload = (c: Context) =>
    (c.req.method === 'POST' && c.req.path === '/api/documents') || (c.req.method === 'PUT' && /^\/api\/bookings\/[^/]+\/tribute\/photo$/.test(c.req.path))
  const hasNoBody = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD'
  api.use((c, next) => (hasNoBody(c) || isUpload(c) ? next() : jsonLimit(c, next)))
  // Nesting is checked on the text (within the size limit above), before anything parses or walks it.
  api.use(async (c, next) => {
    if (hasNoBody(c) || isUpload(c)) return next()
    if (jsonNestingExceeds(await c.req.text(), MAX_JSON_DEPTH)) return c.json({ message: MSG_TOO_DEEP }, 400)
    return next()
  })
  api.use('*', async (c, next) => {
    await next()
    // Answers about people are private: no shared cache may keep them.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
  // No token and no rate limit (those are per route): a load balancer probes it every few seconds.
  api.route('/health', healthRoutes())
  api.route('/auth', authRoutes)
  api.route('/services', serviceRoutes)
  api.route('/deceased', deceasedRoutes)
  api.route('/bookings', bookingContributionRoutes)
  api.route('/bookings', bookingRoutes)
  api.route('/bookings', custodyRoutes)
  api.route('/bookings', paperRoutes)
  api.route('/papers', sharedPaperRoutes)
  api.route('/bookings', agreementRoutes)
  api.route('/contributions', contributionRoutes)
  api.route('/bookings', bookingTributeRoutes)
  api.route('/tributes', tributeRoutes)
  api.route('/users', userRoutes)
  api.route('/settings', settingsRoutes)
  api.route('/payments', paymentRoutes)
  api.route('/documents', documentRoutes)
  api.route('/stk-push', stkPushRoutes)
  api.route('/contact', contactRoutes)
  api.route('/messages', messageRoutes)
  api.route('/calendar', calendarRoutes)
  api.route('/sms-outbox', smsOutboxRoutes)
  api.route('/mail-outbox', mailOutboxRoutes)
  api.all('*', (c) => c.json({ message: 'Not found' }, 404))
  if (deps.darajaCallbackSecret) {
    // Daraja's callback: no token (Daraja has none); the path's secret and "a push we made" are the checks.
    app.route(
      '/',
      darajaCallbackRoute({
        secret: deps.darajaCallbackSecret,
        onCallback: (callback) => onDarajaCallback(deps.db, deps.log, deps.daraja, callback),
        log: (event, details) => deps.log.warn(details, event),
      }),
    )
  }
  app.route('/api', api)
  // The tribute page is written by the server (no script needed to read it), before the built app's files.
  app.route('/t', tributePageRoutes)
  // A contribution link's page carries its harambee from the same use case as the API's answer.
  if (options.staticDir) app.use('*', serveDist(options.staticDir, pageDataOf(deps.db), contributionOwnPage))

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value)
      return c.json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }, error.status as 400)
    }
    if (error instanceof FieldTooLong) return c.json({ message: error.message, errors: { [error.field]: error.message } }, 422)
    if (error instanceof HTTPException) {
      const status = error.status
      return c.json({ message: error.message || (status === 400 ? 'Bad request' : 'Request failed') }, status)
    }
    // A bug: logged with its stack, answered without one.
    const log = c.var.deps?.log ?? deps.log
    log.error({ err: loggableError(error), method: c.req.method, path: loggablePath(c.req.path) }, 'unhandled error')
    return c.json({ message: MSG_SERVER_ERROR }, 500)
  })
  app.notFound((c) => (c.req.path.startsWith('/api') ? c.json({ message: 'Not found' }, 404) : c.text('Not found', 404)))
  return app
}

/**
 * What the pages carry (the contact details and password rules in Settings, the catalogue's
 * package prices), read at
 * most every 10 s per instance (a page view must not cost a query; every instance reads the same
 * rows, so they agree within that time).
 */
function pageDataOf(db: Deps['db'], maxAgeMs = 10_000): () => Promise<ServerPageData> {
  let known: { at: number; value: Promise<ServerPageData> } | null = null
  return () => {
    const now = Date.now()
    if (!known || now - known.at > maxAgeMs) {
      const value = Promise.all([storedSettings(db), currentPricing(db)]).then(([{ general: g, security }, pricing]) => ({
        contact: { phone: g.contactPhone, email: g.contactEmail, address: g.address },
        password: passwordRulesOf(security),
        // A line of the price table with no service behind it (0) is left to the page's own.
        prices: Object.fromEntries(Object.entries(pricing).filter(([, price]) => price > 0)),
      }))
      // A failed read is not kept: the next page asks again.
      value.catch(() => (known = null))
      known = { at: now, value }
    }
    return known.value
  }
}
