/**
 * The server's configuration: every environment variable it reads, read once here and validated
 * (zod/mini). A bad value stops the start with the variable's name and what it accepts; nothing
 * else in server/ reads process.env for its settings. README's "Configuration" table lists them.
 */
import { z } from 'zod/mini'

const flag = z.pipe(
  z.optional(z.string()),
  z.transform((v) => v === undefined || !['0', 'false', 'no', 'off', ''].includes(v.trim().toLowerCase())),
)
/** Off unless set to 1/true/yes/on: a switch that must be asked for. */
const optIn = z.pipe(
  z.optional(z.string()),
  z.transform((v) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase())),
)

/** A whole number of milliseconds, at least `min` (a poll interval of 0 would spin on the database). */
function ms(name: string, fallback: number, min = 0) {
  const accepts = `${name} must be a whole number of milliseconds${min > 0 ? `, at least ${min}` : ''}`
  return z._default(z.coerce.number({ error: accepts }).check(z.int(accepts), z.gte(min, min > 0 ? accepts : `${name} must be 0 or more`), z.lte(2_147_483_647, `${name} must be at most 2147483647 (about 24 days)`)), fallback)
}
const text = (name: string) => z.optional(z.string().check(z.trim(), z.minLength(1, `${name} must not be blank`)))

/** E-mail (server/mail.ts): the SMTP server with its credentials, and the sender when not the home's name and contact e-mail (Settings). */
const MailConfig = {
  SMTP_URL: z.optional(
    z.string().check(
      z.refine((v) => {
        try {
          const u = new URL(v)
          return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== ''
        } catch {
          return false
        }
      }, 'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.co.ke:465'),
    ),
  ),
  MAIL_FROM: z.optional(z.string().check(z.regex(/^[^\r\n<>]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'MAIL_FROM must be an e-mail address, optionally with a name: Amani Funeral Home <no-reply@example.co.ke>'))),
}

/**
 * STORAGE_URL=s3://BUCKET?endpoint=http://host:port&region=…: where the documents go when not on
 * disk. The endpoint is an S3-compatible server's origin (unset: AWS S3 itself); the region defaults
 * to us-east-1 (what most S3-compatible servers expect; R2 takes `auto`). Null when malformed.
 */
export function storageLocation(value: string): { bucket: string; endpoint?: string; region: string } | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const bucket = url.hostname
  if (url.protocol !== 's3:' || url.username || url.password || url.port || !['', '/'].includes(url.pathname) || url.hash) return null
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return null
  const params = [...url.searchParams.keys()]
  if (params.some((k) => k !== 'endpoint' && k !== 'region')) return null
  const endpoint = url.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined && !/^https?:\/\/[^/?#\s@]+\/?$/.test(endpoint)) return null
  const region = url.searchParams.get('region') ?? 'us-east-1'
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return null
  return { bucket, ...(endpoint ? { endpoint: endpoint.replace(/\/$/, '') } : {}), region }
}

/** Documents in an S3-compatible bucket (server/storage/s3.ts); unset: on disk under DATA_DIR. */
const StorageConfig = {
  STORAGE_URL: z.pipe(
    z.optional(
      z.string().check(
        z.refine(
          (v) => storageLocation(v) !== null,
          'STORAGE_URL must be s3://BUCKET, with optionally ?endpoint=http://host:port (an S3-compatible server) and &region=… (e.g. s3://funeral-documents?endpoint=http://127.0.0.1:9000&region=us-east-1); a lowercase bucket name, no path, no credentials in it',
        ),
      ),
    ),
    z.transform((v) => (v === undefined ? undefined : (storageLocation(v) ?? undefined))),
  ),
  /** The bucket's credentials (the standard variables; never logged). Unset: the SDK's own chain, such as an instance role. */
  AWS_ACCESS_KEY_ID: text('AWS_ACCESS_KEY_ID'),
  AWS_SECRET_ACCESS_KEY: text('AWS_SECRET_ACCESS_KEY'),
}

export const ConfigSchema = z.object({
  ...StorageConfig,
  ...MailConfig,
  PORT: z._default(z.coerce.number({ error: 'PORT must be a whole number from 1 to 65535' }).check(z.int('PORT must be a whole number'), z.gte(1, 'PORT must be 1-65535'), z.lte(65535, 'PORT must be 1-65535')), 3000),
  /** Unset: 0.0.0.0, or 127.0.0.1 while the database holds the demo accounts (main.ts decides). */
  HOST: text('HOST'),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'DATA_DIR must not be empty')), './data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'))),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  /** The origin the app is reached at (https://funeral.example.co.ke): links in e-mails and SMS are built from it. Required in production. */
  PUBLIC_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^/?#\s]+\/?$/, 'PUBLIC_URL must be an origin such as https://funeral.example.co.ke'))),
  /** A new database gets the demo data (development only: production never seeds it). */
  SEED_DEMO: flag,
  NODE_ENV: z._default(z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }), 'development'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }), 'info'),
  /** PGlite only: its first VACUUM ANALYZE this long after start (ms), then every 6 hours. */
  MAINTENANCE_FIRST_MS: ms('MAINTENANCE_FIRST_MS', 60_000),
  /** Behind N reverse proxies: the client address (for the rate limits) is the N-th entry from the right of X-Forwarded-For. `true` is 1; unset, 0 or `false`: none. */
  TRUST_PROXY: z.pipe(
    z.optional(z.string().check(z.regex(/^(\d{1,2}|true|false)$/i, 'TRUST_PROXY must be the number of proxies in front of the server (0-99), or true (one) or false (none)'))),
    z.transform((v) => (v === undefined || /^false$/i.test(v) ? 0 : /^true$/i.test(v) ? 1 : Number(v))),
  ),
  /** An open M-Pesa push is first checked with Daraja this long after it was made. */
  RECONCILE_FIRST_MS: ms('RECONCILE_FIRST_MS', 60_000),
  /** How often the reconciler looks for pushes due a check. */
  RECONCILE_POLL_MS: ms('RECONCILE_POLL_MS', 5_000, 50),
  /** How often the SMS job looks at the outbox. */
  SMS_POLL_MS: ms('SMS_POLL_MS', 15_000, 50),
  /** Africa's Talking: SMS are sent when both the username and the API key are set. */
  AT_USERNAME: text('AT_USERNAME'),
  AT_API_KEY: text('AT_API_KEY'),
  AT_SENDER_ID: text('AT_SENDER_ID'),
  /** Safaricom's Daraja (all five or none; checked by daraja/config.ts, which names the missing ones). */
  DARAJA_BASE_URL: text('DARAJA_BASE_URL'),
  DARAJA_CONSUMER_KEY: text('DARAJA_CONSUMER_KEY'),
  DARAJA_CONSUMER_SECRET: text('DARAJA_CONSUMER_SECRET'),
  DARAJA_SHORTCODE: text('DARAJA_SHORTCODE'),
  DARAJA_PASSKEY: text('DARAJA_PASSKEY'),
  DARAJA_CALLBACK_URL: text('DARAJA_CALLBACK_URL'),
  /** Production without Daraja credentials: run the simulator anyway (no money moves). Ignored in development, where it is the default. */
  DARAJA_SIMULATOR: optIn,
  /** A simulator of one's own (shared by several instances), instead of the built-in one. */
  DARAJA_SIMULATOR_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^/?#\s]+\/?$/, 'DARAJA_SIMULATOR_URL must be an origin such as http://127.0.0.1:4010'))),
  /** With DARAJA_SIMULATOR_URL: the callback secret every instance shares (hex). */
  DARAJA_SIMULATOR_CALLBACK_SECRET: z.optional(z.string().check(z.regex(/^[0-9a-f]{32,}$/, 'DARAJA_SIMULATOR_CALLBACK_SECRET must be at least 32 lowercase hex characters (openssl rand -hex 24)'))),
  /** The built-in simulator's customer "answers" the prompt this long after the push. */
  SIMULATOR_ANSWER_MS: ms('SIMULATOR_ANSWER_MS', 6_000),
})
export type Config = z.infer<typeof ConfigSchema>

/** The server's start: the configuration, with what production needs on top (PUBLIC_URL, M-Pesa). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = parseConfig(env)
  const problems = productionProblems(config)
  if (problems.length) throw new Error(`Invalid configuration for production (NODE_ENV=production):\n${problems.map((p) => `  ${p}`).join('\n')}`)
  return config
}

/** Parses the environment (the commands in admin.ts need no more); throws one readable message listing every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' && k !== 'SEED_DEMO' ? undefined : env[k]]))
  const result = z.safeParse(ConfigSchema, picked)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = result.data
  if ((c.AT_USERNAME === undefined) !== (c.AT_API_KEY === undefined)) {
    throw new Error(`Invalid configuration:\n  ${c.AT_USERNAME === undefined ? 'AT_USERNAME' : 'AT_API_KEY'} is not set (AT_USERNAME and AT_API_KEY go together: Africa's Talking's username and API key)`)
  }
  if ((c.AWS_ACCESS_KEY_ID === undefined) !== (c.AWS_SECRET_ACCESS_KEY === undefined)) {
    throw new Error(`Invalid configuration:\n  ${c.AWS_ACCESS_KEY_ID === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY'} is not set (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: the bucket's access key and its secret)`)
  }
  return c
}

export const isProduction = (config: Pick<Config, 'NODE_ENV'>) => config.NODE_ENV === 'production'

/** Daraja credentials given (any of them): the real thing, or an error naming what is missing. */
export const darajaConfigured = (config: Config) =>
  [config.DARAJA_CONSUMER_KEY, config.DARAJA_CONSUMER_SECRET, config.DARAJA_SHORTCODE, config.DARAJA_PASSKEY, config.DARAJA_CALLBACK_URL].some((v) => v !== undefined)

/** What production needs that development does without. */
function productionProblems(config: Config): string[] {
  if (!isProduction(config)) return []
  const problems: string[] = []
  if (!config.PUBLIC_URL) problems.push('PUBLIC_URL is required: the origin the app is reached at (https://funeral.example.co.ke), from which every link in e-mails and SMS is built')
  if (!darajaConfigured(config) && !config.DARAJA_SIMULATOR) {
    problems.push('M-Pesa is not configured: set DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_SHORTCODE, DARAJA_PASSKEY and DARAJA_CALLBACK_URL (docs/daraja.md), or DARAJA_SIMULATOR=1 to run the payment simulator on purpose (no money moves)')
  }
  return problems
}

/** Loopback addresses: a server holding the demo accounts may listen only there. */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)

/**
 * The address to listen on, given whether the database holds the demo accounts (whose passwords
 * are published): loopback by default then, and a public HOST is refused, saying why.
 */
export function listenHost(config: Pick<Config, 'HOST' | 'NODE_ENV'>, demoAccounts: readonly string[]): string {
  if (demoAccounts.length > 0 && isProduction(config)) {
    throw new Error(
      `This production database holds demo accounts (${demoAccounts.join(', ')}), whose passwords are published in the README. ` +
        'Remove the demo data with `npm run demo:remove -- --yes` (it empties the database), then create the first administrator with `npm run admin:create -- --email you@example.com --name "Your Name"`.',
    )
  }
  if (demoAccounts.length === 0) return config.HOST ?? '0.0.0.0'
  if (config.HOST === undefined) return '127.0.0.1'
  if (!isLoopback(config.HOST)) {
    throw new Error(
      `HOST=${config.HOST} would put the demo accounts (${demoAccounts.join(', ')}), whose passwords are published in the README, on the network. ` +
        'A server holding the demo data listens on loopback only (HOST=127.0.0.1). To serve other machines, remove the demo data (`npm run demo:remove -- --yes`) and create a real administrator (`npm run admin:create`).',
    )
  }
  return config.HOST
}
