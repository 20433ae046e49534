/**
 * `/contribute/{token}` as the server sends it: the build's shell with the link's harambee written
 * in (server/contribute-html.ts), from the same use case as `GET /api/contributions/{token}`.
 * server/static.ts serves it (compression, ETag, the language's shell); this says what goes in.
 */
import type { Context } from 'hono'
import { ApiError } from '../http'
import type { AppEnv } from '../types'
import type { ContributionPage } from '../../shared/contracts/contributions'
import type { PageLanguage } from '../../shared/page-language'
import { publicPage } from '../domain/contributions'
import { storedSettings } from '../domain/settings'
import { fillContributionShell } from '../contribute-html'
import type { OwnPage } from '../static'

/** Tokens are base64url (server/domain/contributions.ts); anything else names no page. */
const PATH = /^\/contribute\/([^/]+)\/?$/
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/**
 * The page of `/contribute/{token}` (404 for a link that names none), or null for any other path,
 * and when the database does not answer: the shell then goes as built, and the app asks.
 */
export async function contributionOwnPage(c: Context<AppEnv>, lang: PageLanguage): Promise<OwnPage | null> {
  const token = PATH.exec(c.req.path)?.[1]
  if (token === undefined) return null
  const { db, log } = c.var.deps
  const away = (error: unknown) => {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'contribution page sent without its data')
    return null
  }
  let general: Awaited<ReturnType<typeof storedSettings>>['general']
  try {
    general = (await storedSettings(db)).general
  } catch (error) {
    return away(error)
  }
  const contact = { phone: general.contactPhone, email: general.contactEmail }
  let page: ContributionPage | null = null
  try {
    if (TOKEN.test(token)) page = await publicPage(db, token, { name: general.facilityName, ...contact })
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) return away(error)
  }
  return { status: page ? 200 : 404, fill: (shell) => fillContributionShell(shell, { path: c.req.path, token, lang, page, contact }) }
}
