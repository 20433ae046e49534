// As the API client's base (client.ts), without importing it.
const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api'
import type { ContributionPage } from '../../shared/contracts/contributions'
import { CONTRIBUTION_DATA_ID } from '../../shared/contribution-page-html'

/**
 * GET /contributions/{token} for the relative's first load, with plain fetch: the page must be as
 * light as the home page on a cheap phone, so it does not wait for the API client and zod (they come
 * with the payment form, which loads next). The answer is checked by hand, field by field.
 * Resolves null for an unknown link (404); throws on anything else.
 */
export async function loadContributionPage(token: string): Promise<ContributionPage | null> {
  // A plain GET with no headers of its own: the real server names this very request in the page's
  // `Link: rel=preload` header (server/static.ts), and the browser hands over that answer only to a
  // request that matches it.
  const res = await fetch(`${API_BASE_URL}/contributions/${encodeURIComponent(token)}`)
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`Request failed (${res.status})`)
  const body: unknown = await res.json()
  if (!isPage(body)) throw new Error('The server sent an unexpected answer')
  return body
}

/**
 * The page the real server wrote into the HTML for `token` (server/contribute-html.ts): the page,
 * null for a link that names none, undefined when the HTML carries nothing for it (the mock, a
 * static host, a later visit within the app, data that is not well-formed). Checked as an answer is.
 */
export function servedContributionPage(token: string): ContributionPage | null | undefined {
  const script = typeof document === 'undefined' ? null : document.getElementById(CONTRIBUTION_DATA_ID)
  if (!script || script.hasAttribute('data-spent')) return undefined
  let served: unknown
  try {
    served = JSON.parse(script.textContent ?? '')
  } catch {
    return undefined
  }
  const { token: own, page } = (served ?? {}) as { token?: unknown; page?: unknown }
  if (own !== token) return undefined
  return page === null ? null : isPage(page) ? page : undefined
}

/** The served page was taken: current as the page was sent, not later in the visit. */
export function spendServedContributionPage(): void {
  document.getElementById(CONTRIBUTION_DATA_ID)?.setAttribute('data-spent', '')
}

const isText = (v: unknown): v is string => typeof v === 'string'
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function isPage(v: unknown): v is ContributionPage {
  if (typeof v !== 'object' || v === null) return false
  const p = v as Record<string, unknown>
  const home = p.home as Record<string, unknown> | null
  return (
    ['open', 'closed', 'settled', 'expired'].includes(p.status as string) &&
    typeof home === 'object' && home !== null && isText(home.name) && isText(home.phone) && isText(home.email) &&
    isText(p.deceased_name) &&
    (p.service_date === null || isText(p.service_date)) &&
    (p.message === null || isText(p.message)) &&
    isNumber(p.total) && isNumber(p.paid) && isNumber(p.amount_due) &&
    Array.isArray(p.contributions) &&
    p.contributions.every((c: unknown) => typeof c === 'object' && c !== null && isText((c as Record<string, unknown>).name) && isNumber((c as Record<string, unknown>).amount))
  )
}
