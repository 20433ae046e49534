// As the API client's base (client.ts), without importing it.
const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api'
import type { ContributionPage } from '../../shared/contracts/contributions'

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
