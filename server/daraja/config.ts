/**
 * Which Daraja the server talks to, from the environment: Safaricom's (sandbox or production) when
 * the DARAJA_* credentials are set, else the simulator. Half a configuration is an error, never a
 * silent fall-back to the simulator (a production server that "takes" payments nobody is asked for).
 * Problems name the variables, never their values.
 */
import { callbackPath, callbackUrlProblem, CALLBACK_ROUTE } from './callback'
import type { DarajaConfig } from './client'

export const DARAJA_ENV = {
  baseUrl: 'DARAJA_BASE_URL',
  consumerKey: 'DARAJA_CONSUMER_KEY',
  consumerSecret: 'DARAJA_CONSUMER_SECRET',
  shortcode: 'DARAJA_SHORTCODE',
  passkey: 'DARAJA_PASSKEY',
  callbackUrl: 'DARAJA_CALLBACK_URL',
} as const

export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke'
export const DARAJA_PRODUCTION_URL = 'https://api.safaricom.co.ke'

/** The shortest callback secret accepted (hex characters): guessing it must be hopeless. */
const MIN_SECRET = 32

export type DarajaSetup =
  | { mode: 'daraja'; config: DarajaConfig; callbackSecret: string; description: string }
  | { mode: 'simulator'; description: string }
  | { mode: 'invalid'; problems: string[] }

/** The secret of a callback URL of ours (…/api/hooks/daraja/stk/<secret>), or null when its path is not our route. */
export function callbackSecretOf(url: string): string | null {
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    return null
  }
  const prefix = CALLBACK_ROUTE.slice(0, CALLBACK_ROUTE.indexOf(':secret'))
  if (!path.startsWith(prefix)) return null
  const secret = decodeURIComponent(path.slice(prefix.length))
  return /^[0-9a-f]+$/.test(secret) ? secret : null
}

/** From the server's configuration (config.ts) or any record holding the DARAJA_* variables. */
export function darajaSetupFromEnv(env: Readonly<Record<string, unknown>>): DarajaSetup {
  const value = (name: string) => {
    const v = env[name]
    return typeof v === 'string' ? v.trim() || undefined : undefined
  }
  const credentials = [DARAJA_ENV.consumerKey, DARAJA_ENV.consumerSecret, DARAJA_ENV.shortcode, DARAJA_ENV.passkey, DARAJA_ENV.callbackUrl]
  const set = credentials.filter((name) => value(name) !== undefined)
  if (set.length === 0) return { mode: 'simulator', description: `M-Pesa: the Daraja simulator (no ${DARAJA_ENV.consumerKey} etc. set)` }

  const problems = credentials.filter((name) => value(name) === undefined).map((name) => `${name} is not set (the other DARAJA_* variables are)`)
  const baseUrl = value(DARAJA_ENV.baseUrl) ?? DARAJA_SANDBOX_URL
  if (!/^https:\/\/[^/]+\/?$/.test(baseUrl)) problems.push(`${DARAJA_ENV.baseUrl} must be an https origin such as ${DARAJA_SANDBOX_URL}`)
  const shortcode = value(DARAJA_ENV.shortcode) ?? ''
  if (shortcode && !/^\d{5,7}$/.test(shortcode)) problems.push(`${DARAJA_ENV.shortcode} must be 5 to 7 digits`)
  const callbackUrl = value(DARAJA_ENV.callbackUrl) ?? ''
  const secret = callbackUrl ? callbackSecretOf(callbackUrl) : null
  if (callbackUrl) {
    const problem = callbackUrlProblem(callbackUrl)
    if (problem) problems.push(`${DARAJA_ENV.callbackUrl}: ${problem}`)
    else if (secret === null || secret.length < MIN_SECRET) {
      problems.push(`${DARAJA_ENV.callbackUrl} must end in ${CALLBACK_ROUTE.replace(':secret', '<secret>')}, the secret at least ${MIN_SECRET} hex characters (e.g. openssl rand -hex 24)`)
    }
  }
  if (problems.length > 0 || secret === null) return { mode: 'invalid', problems }

  const config: DarajaConfig = {
    baseUrl: baseUrl.replace(/\/$/, ''),
    consumerKey: value(DARAJA_ENV.consumerKey) ?? '',
    consumerSecret: value(DARAJA_ENV.consumerSecret) ?? '',
    shortcode,
    passkey: value(DARAJA_ENV.passkey) ?? '',
    callbackUrl,
  }
  const where = config.baseUrl === DARAJA_SANDBOX_URL ? "Safaricom's sandbox" : config.baseUrl === DARAJA_PRODUCTION_URL ? 'Safaricom (production)' : config.baseUrl
  return { mode: 'daraja', config, callbackSecret: secret, description: `M-Pesa: Daraja at ${where}, shortcode ${shortcode}, callbacks to ${new URL(callbackUrl).origin}` }
}

/** Credentials the simulator accepts; nothing secret about them. */
export const SIMULATOR_CREDENTIALS = { consumerKey: 'simulator-key', consumerSecret: 'simulator-secret', shortcode: '174379', passkey: 'simulator-passkey' } as const

/** The client's configuration for a simulator at `simulatorUrl`, calling back our server at `serverOrigin` (loopback http is fine here). */
export function simulatorDarajaConfig(simulatorUrl: string, serverOrigin: string, callbackSecret: string): DarajaConfig {
  return { baseUrl: simulatorUrl, ...SIMULATOR_CREDENTIALS, callbackUrl: `${serverOrigin.replace(/\/+$/, '')}${callbackPath(callbackSecret)}` }
}
