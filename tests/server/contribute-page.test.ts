/**
 * A contribution link's page as the server sends it (`/contribute/{token}`): the build's shell with
 * the link's harambee written in (the name and the progress in the HTML, escaped), its data for the
 * app's first render, the root marked for hydration, its stylesheet inlined; 404 with the home's contact for a link that
 * names nothing; revalidated with an ETag that a payment changes. The shell here is a small stand-in
 * for the build's, holding the slot as the app's render writes it.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startServerTarget } from '../contract/server-target'
import { bookings, contributionLinks, deceased, payments } from '../../server/db/schema'
import { CONTRIBUTION_DATA_ID, contributionLoadingHtml } from '../../shared/contribution-page-html'
import type { PageLanguage } from '../../shared/page-language'

const shell = (lang: PageLanguage) =>
  `<!doctype html><html lang="${lang}"><head><title>Contribute</title><script type="module" src="/assets/app.js"></script><link rel="stylesheet" crossorigin href="/assets/app-1a2b.css" disabled>\n<style data-inlined="/assets/app-1a2b.css">:root{--colorBrandBackground:#34634b}</style></head><body>` +
  `<div id="root" data-prerendered="/contribute/link"><header>Amani</header><div class="c"><div id="contribution-summary">${contributionLoadingHtml(lang)}</div></div><footer>+254 700 000 000</footer></div></body></html>`
const dist = mkdtempSync(join(tmpdir(), 'contribute-dist-'))
mkdirSync(join(dist, 'contribute'))
writeFileSync(join(dist, 'contribute', 'index.html'), shell('en'))
writeFileSync(join(dist, 'contribute', 'index.sw.html'), shell('sw'))
writeFileSync(join(dist, 'spa.html'), '<!doctype html><title>shell</title>')
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'assets', 'app-1a2b.css'), ':root{--colorBrandBackground:#34634b}')

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target
let token: string
let bookingId: number

beforeAll(async () => {
  target = await startServerTarget({ staticDir: dist })
  const login = await call<{ token: string }>('POST', '/api/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })
  const family = login.json.token
  const pending = await call<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/api/payments/pending', family)
  bookingId = pending.json.bookings.find((b) => b.payment_status === 'pending')!.id
  // A name and family words that would be markup if they were not escaped.
  const [row] = await target.db.select({ deceasedId: bookings.deceasedId }).from(bookings).where(eq(bookings.id, bookingId))
  await target.db.update(deceased).set({ firstName: '<script>alert(1)</script>', lastName: 'Achieng & "Sons"' }).where(eq(deceased.id, row!.deceasedId))
  token = (await call<{ link: { token: string } }>('POST', `/api/bookings/${bookingId}/contributions/link`, family, { message: 'Pole </script><b>sana</b>' })).json.link.token
}, 120_000)
afterAll(async () => {
  await target.close()
})

async function call<T = unknown>(method: string, path: string, token?: string, body?: unknown) {
  const res = await target.fetch(
    new Request(`http://localhost:3000${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, json: (await res.json()) as T }
}
const get = (path: string, headers: Record<string, string> = {}) => target.fetch(new Request(`http://localhost:3000${path}`, { headers }))

/** The data script's JSON, as the app reads it. */
const served = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${CONTRIBUTION_DATA_ID}">([^<]*)</script>`).exec(html)![1]!) as { token: string; page: { paid: number; deceased_name: string } | null }

describe('the contribution page in HTML', () => {
  it('carries the name and the progress before any script, escaped, with its data, and changes when a payment comes', async () => {
    const res = await get(`/contribute/${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    // It carries its data: nothing is to be preloaded.
    expect(res.headers.get('link')).toBeNull()
    const html = await res.text()
    expect(html).toContain('<h1>In memory of &#60;script&#62;alert(1)&#60;/script&#62; Achieng &#38; &#34;Sons&#34;</h1>')
    expect(html).toContain('<blockquote class="cp-quote">Pole &#60;/script&#62;&#60;b&#62;sana&#60;/b&#62;</blockquote>')
    expect(html).not.toContain('<script>alert')
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="0"/)
    expect(html).toMatch(/<span class="cp-due">KSH [\d,]+ still due<\/span>/)
    expect(html).toContain('Be the first to contribute.')
    expect(html).not.toContain('Opening the contribution page')
    // Its stylesheet comes in it as the build wrote it (build/first-paint.ts): the first paint waits for no other file.
    expect(html).toContain('<style data-inlined="/assets/app-1a2b.css">:root{--colorBrandBackground:#34634b}</style>')
    // The app hydrates this path's markup (src/main.tsx), with the page as its first state.
    expect(html).toContain(`<div id="root" data-prerendered="/contribute/${token}">`)
    const data = served(html)
    expect(data.token).toBe(token)
    expect(data.page?.deceased_name).toBe('<script>alert(1)</script> Achieng & "Sons"')
    // The JSON cannot end its script element early.
    expect(html).not.toContain('Pole </script>')

    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect((await get(`/contribute/${token}`, { 'If-None-Match': etag })).status).toBe(304)

    // A relative's payment: the next visit revalidates and gets the new progress, not a 304.
    const [link] = await target.db.select({ id: contributionLinks.id }).from(contributionLinks).where(eq(contributionLinks.bookingId, bookingId))
    const [booking] = await target.db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.id, bookingId))
    await target.db.insert(payments).values({ bookingId, clientId: booking!.clientId, paymentMethod: 'mpesa', status: 'completed', amount: 1000, contributionLinkId: link!.id, contributorName: 'Otieno' })
    const after = await get(`/contribute/${token}`, { 'If-None-Match': etag })
    expect(after.status).toBe(200)
    const fresh = await after.text()
    expect(fresh).toMatch(/role="progressbar"[^>]*aria-valuenow="1000"/)
    expect(fresh).toMatch(/<li><span>Otieno<\/span><span class="cp-nb">KSH 1,000<\/span><\/li>/)
    expect(served(fresh).page?.paid).toBe(1000)
  })

  it("says what is owed today: a booking paid in full whose body stayed past the booked days shows the storage since as still due", async () => {
    const login = await call<{ token: string }>('POST', '/api/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })
    const family = login.json.token
    // The demo's Teresia Auma: paid in full for one day of storage, in care for many more.
    const pending = await call<{ bookings: Array<{ id: number; deceased_first_name: string; payment_status: string; amount_due: number; charges_to_date: number }> }>('GET', '/api/payments/pending', family)
    const teresia = pending.json.bookings.find((b) => b.deceased_first_name === 'Teresia')!
    expect(teresia.payment_status).toBe('paid')
    expect(teresia.amount_due).toBeGreaterThan(0)
    const link = (await call<{ link: { token: string } }>('POST', `/api/bookings/${teresia.id}/contributions/link`, family, {})).json.link.token
    const html = await (await get(`/contribute/${link}`)).text()
    expect(html).toContain(`<span class="cp-due">KSH ${teresia.amount_due.toLocaleString('en-KE')} still due</span>`)
    expect(html).toMatch(new RegExp(`aria-valuemax="${teresia.charges_to_date}"`))
  })

  it('speaks Kiswahili to a Kiswahili browser, and goes compressed', async () => {
    const res = await get(`/contribute/${token}`, { 'Accept-Language': 'sw-KE,sw;q=0.9', 'Accept-Encoding': 'gzip' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
    expect(html).toContain('<html lang="sw">')
    expect(html).toContain('<h1>Kwa kumbukumbu ya &#60;script&#62;')
    expect(html).toMatch(/KSH [\d,]+ bado zinadaiwa/)
  })

  it('answers a link that names nothing with a 404 that says so, with the home\'s contact', async () => {
    for (const path of ['/contribute/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '/contribute/short']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toContain('<h2>We could not find this contribution page</h2>')
      expect(html).toContain('<a class="cp-nb" href="tel:+254')
      expect(served(html).page).toBeNull()
    }
  })
})
