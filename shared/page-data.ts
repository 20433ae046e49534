/**
 * What the real server already knows when it sends a page, written into it so the app's first
 * render has it: the funeral home's contact details (Settings → General), the package prices of the
 * catalogue, the password rules (Settings → Security) and the language the page is in. The server puts them in the page's text (so the HTML
 * says what the app will say) and in `<script type="application/json" id="afh-page-data">`, which
 * the app reads before its first render (src/lib/page-data.ts): hydration matches, nothing redraws,
 * and the landing page asks for no prices. A page without it (a static host, the mock, a test) is
 * today's: the build's placeholders, then the app asks.
 */
import { CURRENCY } from './constants'
import { DEFAULT_CONTACT, telHref } from './contact-details'
import { wholeNumber } from './whole-number'
import type { PricingKey } from './contracts/services'
import { DEFAULT_PASSWORD_RULES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type PasswordRules } from './contracts/password-rules'
import type { PageLanguage } from './page-language'

export const PAGE_DATA_ID = 'afh-page-data'

/** The price table's lines (contracts/services.ts), listed here so the app's first load carries no zod. */
const PRICE_LINES = Object.keys({ basicFuneral: 1, premiumFuneral: 1, cremation: 1, burial: 1 } satisfies Record<PricingKey, 1>) as PricingKey[]

export interface PageContact {
  phone: string
  email: string
  address: string
}

export interface PageData {
  contact?: PageContact
  /** The catalogue's package prices (KSH), by line of the price table. */
  prices?: Partial<Record<PricingKey, number>>
  /** The password rules in Settings: the register page's hint and checks. */
  password?: PasswordRules
  lang?: PageLanguage
}

/** Text (or an attribute's value) as HTML shows it: never markup. */
export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * 5000 → 'KSH 5,000' as the app writes it in `lang` (src/lib/format.ts: the same Intl settings;
 * whole shillings without Intl, as there: the contribution page's first render writes its amounts).
 */
export function kshIn(lang: PageLanguage, amount: number): string {
  return `${CURRENCY} ${wholeNumber(amount) ?? new Intl.NumberFormat(lang === 'sw' ? 'sw-KE' : 'en-KE', { maximumFractionDigits: 2 }).format(amount)}`
}

/** The build's placeholder contact details replaced by the home's own, wherever the page shows them. */
export function withContact(html: string, contact: PageContact): string {
  const same = contact.phone === DEFAULT_CONTACT.phoneDisplay && contact.email === DEFAULT_CONTACT.email && contact.address === DEFAULT_CONTACT.address
  if (same) return html
  return html
    .replaceAll(telHref(DEFAULT_CONTACT.phoneDisplay), escapeHtml(telHref(contact.phone)))
    .replaceAll(DEFAULT_CONTACT.phoneDisplay, escapeHtml(contact.phone))
    .replaceAll(DEFAULT_CONTACT.email, escapeHtml(contact.email))
    .replaceAll(DEFAULT_CONTACT.address, escapeHtml(contact.address))
}

/**
 * Each starting price the page shows (an element with `data-prices="basicFuneral premiumFuneral"`,
 * written by the landing page) with the lowest of those lines' live prices, in the page's language.
 */
export function withPrices(html: string, prices: PageData['prices'] = {}, lang: PageLanguage = 'en'): string {
  return html.replace(/(<[a-z]+\b[^>]*\bdata-prices="([^"]*)"[^>]*>)([^<]*)/g, (whole, open: string, keys: string, text: string) => {
    const amounts = keys.split(' ').map((k) => prices[k as PricingKey])
    if (amounts.length === 0 || amounts.some((a) => a === undefined)) return whole
    const amount = Math.min(...(amounts as number[]))
    return open + text.replace(new RegExp(`${CURRENCY} [\\d.,\\u00a0\\u202f]*\\d`), escapeHtml(kshIn(lang, amount)))
  })
}

/** The attributes on the register page's password hint that carry its words with `{min}` left in. */
export const PASSWORD_HINT_ATTR = 'data-password-hint'
export const PASSWORD_HINT_COMPLEX_ATTR = 'data-password-hint-complex'

const unescapeAttr = (v: string) =>
  v.replace(/&(quot|#34|#x22|apos|#39|#x27|lt|#60|gt|#62|amp|#38);/g, (_, name: string) => ({ quot: '"', '#34': '"', '#x22': '"', apos: "'", '#39': "'", '#x27': "'", lt: '<', '#60': '<', gt: '>', '#62': '>', amp: '&', '#38': '&' })[name] ?? '')

/**
 * The password hint the page shows (an element carrying `data-password-hint`, written by the
 * register page with its words in the page's language) with the home's own rules: the HTML then
 * says what the app's first render says, and nothing redraws.
 */
export function withPasswordHint(html: string, rules: PasswordRules | undefined): string {
  if (!rules || (rules.minLength === DEFAULT_PASSWORD_RULES.minLength && rules.requireComplexity === DEFAULT_PASSWORD_RULES.requireComplexity)) return html
  return html.replace(new RegExp(`(<[a-z]+\\b[^>]*\\b${PASSWORD_HINT_ATTR}="[^"]*"[^>]*>)([^<]*)`, 'g'), (whole, open: string) => {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(open)?.[1]
    const template = attr(rules.requireComplexity ? PASSWORD_HINT_COMPLEX_ATTR : PASSWORD_HINT_ATTR)
    return template?.includes('{min}') ? open + escapeHtml(unescapeAttr(template).replace('{min}', String(rules.minLength))) : whole
  })
}

/** The script element carrying `data`, safe inside HTML (no `<` can end it early). */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`
}

/** The page as the server sends it: the home's details, prices and password rules in its text and in its data. */
export function withPageData(html: string, data: PageData): string {
  let out = data.contact ? withContact(html, data.contact) : html
  out = withPrices(out, data.prices, data.lang)
  out = withPasswordHint(out, data.password)
  return out.replace('</head>', `${pageDataScript(data)}\n  </head>`)
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)

/** The data of a page's script element, whatever it holds: what is not well-formed is left out. */
export function parsePageData(json: string | null | undefined): PageData {
  let value: unknown
  try {
    value = JSON.parse(json ?? '{}')
  } catch {
    return {}
  }
  if (!value || typeof value !== 'object') return {}
  const raw = value as Record<string, unknown>
  const data: PageData = {}
  const c = raw.contact as Record<string, unknown> | null | undefined
  if (c && typeof c === 'object') {
    const phone = text(c.phone)
    const email = text(c.email)
    const address = text(c.address)
    if (phone && email && address) data.contact = { phone, email, address }
  }
  const p = raw.prices as Record<string, unknown> | null | undefined
  if (p && typeof p === 'object') {
    const prices: Partial<Record<PricingKey, number>> = {}
    for (const key of PRICE_LINES) {
      const v = p[key]
      if (typeof v === 'number' && Number.isFinite(v) && v > 0) prices[key] = v
    }
    data.prices = prices
  }
  const pw = raw.password as Record<string, unknown> | null | undefined
  if (pw && typeof pw === 'object') {
    const { minLength, requireComplexity } = pw
    if (Number.isInteger(minLength) && (minLength as number) >= MIN_PASSWORD_LENGTH && (minLength as number) <= MAX_PASSWORD_LENGTH && typeof requireComplexity === 'boolean')
      data.password = { minLength: minLength as number, requireComplexity }
  }
  if (raw.lang === 'en' || raw.lang === 'sw') data.lang = raw.lang
  return data
}
