/** The server's configuration, read once from the environment and validated (zod/mini). */
import { z } from 'zod/mini'

const flag = z.pipe(
  z.optional(z.string()),
  z.transform((v) => v === undefined || !['0', 'false', 'no', 'off', ''].includes(v.trim().toLowerCase())),
)

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

export const ConfigSchema = z.object({
  ...MailConfig,
  PORT: z._default(z.coerce.number().check(z.int('PORT must be a whole number'), z.gte(1, 'PORT must be 1-65535'), z.lte(65535, 'PORT must be 1-65535')), 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'DATA_DIR must not be empty')), './data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'))),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  /** The origin the app is reached at (https://funeral.example.co.ke): links in e-mails and SMS are built from it. */
  PUBLIC_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^/?#]+\/?$/, 'PUBLIC_URL must be an origin such as https://funeral.example.co.ke'))),
  SEED_DEMO: flag,
  NODE_ENV: z._default(z.string(), 'development'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** PGlite only: its first VACUUM ANALYZE this long after start (ms), then every 6 hours. */
  MAINTENANCE_FIRST_MS: z._default(z.coerce.number({ error: 'MAINTENANCE_FIRST_MS must be a whole number of milliseconds' }).check(z.int('MAINTENANCE_FIRST_MS must be a whole number of milliseconds'), z.gte(0, 'MAINTENANCE_FIRST_MS must be 0 or more')), 60_000),
  /** Behind N reverse proxies: the client address (for the rate limits) is the N-th entry from the right of X-Forwarded-For. `true` is 1; unset, 0 or `false`: none. */
  TRUST_PROXY: z.pipe(
    z.optional(z.string().check(z.regex(/^(\d{1,2}|true|false)$/i, 'TRUST_PROXY must be the number of proxies in front of the server (0-99), or true (one) or false (none)'))),
    z.transform((v) => (v === undefined || /^false$/i.test(v) ? 0 : /^true$/i.test(v) ? 1 : Number(v))),
  ),
})
export type Config = z.infer<typeof ConfigSchema>

/** Parses the environment; throws one readable message listing every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' && k !== 'SEED_DEMO' ? undefined : env[k]]))
  const result = z.safeParse(ConfigSchema, picked)
  if (result.success) return result.data
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
}
