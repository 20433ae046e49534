/**
 * The public tribute page itself, `/t/{slug}`, as HTML written by the server (server/tribute-html.ts)
 * from the same use case as `GET /api/tributes/{slug}`: it paints before any script and loads none.
 * English or Kiswahili by `?lang`, else the device's choice or the browser's (shared/page-language.ts).
 * Revalidated on every visit (ETag, 304): an edit or an unpublish shows at once, an unchanged page
 * costs a few hundred bytes. The condolence form posts here and is answered with a redirect (303).
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { CondolenceRequest } from '../../shared/contracts/tributes'
import { pageLanguage, type PageLanguage } from '../../shared/page-language'
import { CONDOLENCE_REFUSALS_SW, TRIBUTE_WORDS } from '../../shared/tribute-words'
import { ApiError, publicOrigin } from '../http'
import type { AppEnv } from '../types'
import { notModified } from '../static'
import { leaveCondolence, publicTribute, tributePreview } from '../domain/tributes'
import { previewPath, tributeDates, tributeHtml, tributeMissingHtml, type TributeRender } from '../tribute-html'
import { previewImage } from '../tribute-photo'
import { homeOf, limitCondolences } from './tributes'

const languageOf = (c: Context<AppEnv>, chosen?: unknown): PageLanguage =>
  chosen === 'en' || chosen === 'sw' ? chosen : pageLanguage(c.req.header('cookie'), c.req.header('accept-language'))

const gzipped = promisify(gzip)

/**
 * The page, gzipped when the browser takes it (about a third of its size: one round trip less on a
 * slow line); compressed off the event loop, in libuv's pool.
 */
async function htmlBody(c: Context<AppEnv>, html: string, status: 200 | 404 | 410 | 422 | 429) {
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.html(html, status)
  c.header('Content-Encoding', 'gzip')
  c.header('Content-Type', 'text/html; charset=UTF-8')
  return c.body(new Uint8Array(await gzipped(html)), status)
}

const etagOf = (html: string) => `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`

async function render(c: Context<AppEnv>, lang: PageLanguage, notice?: TributeRender['notice'], status: 200 | 422 | 429 = 200) {
  const slug = c.req.param('slug') ?? ''
  let html: string
  try {
    const page = await publicTribute(c.var.deps, slug, await homeOf(c))
    html = tributeHtml({ page, lang, url: `${publicOrigin(c.var.deps)}/t/${page.slug}`, notice })
    if (!page.findable) c.header('X-Robots-Tag', 'noindex')
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) throw error
    c.header('X-Robots-Tag', 'noindex')
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Encoding')
    return htmlBody(c, tributeMissingHtml(lang, error.status), error.status)
  }
  const etag = etagOf(html)
  c.header('Cache-Control', 'no-cache')
  c.header('Vary', 'Accept-Language, Cookie, Accept-Encoding')
  c.header('ETag', etag)
  if (status === 200 && notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304)
  return htmlBody(c, html, status)
}

/**
 * Made previews, by slug, language and what they show (previewPath's version): a page shared to a
 * large group is fetched by many phones' link previews at once, and libvips takes some 100 ms a
 * picture. Small (about 60 KB each), the oldest dropped past PREVIEWS_KEPT.
 */
const previews = new Map<string, Promise<Uint8Array>>()
const PREVIEWS_KEPT = 64

async function preview(c: Context<AppEnv>) {
  const lang = languageOf(c, c.req.query('lang'))
  const { page, photo } = await tributePreview(c.var.deps, c.req.param('slug') ?? '', await homeOf(c))
  const key = previewPath(page, lang)
  let made = previews.get(key)
  if (!made) {
    made = previewImage({ lead: TRIBUTE_WORDS[lang].inMemory, name: page.deceased_name, dates: tributeDates(page, lang), photo })
    previews.set(key, made)
    made.catch(() => previews.delete(key))
    if (previews.size > PREVIEWS_KEPT) previews.delete(previews.keys().next().value!)
  }
  const bytes = await made
  // Revalidated like the page: unpublished, the preview is gone (410) at once.
  const etag = `"${key.slice(key.indexOf('v=') + 2)}-${lang}"`
  const headers = { 'Cache-Control': 'public, no-cache', ETag: etag, 'X-Robots-Tag': 'noindex' }
  if (notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'image/jpeg' })
}

export const tributePageRoutes = new Hono<AppEnv>()
  .get('/:slug/preview.jpg', async (c) => {
    try {
      return await preview(c)
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return c.body(null, error.status, { 'Cache-Control': 'no-cache' })
      throw error
    }
  })
  .get('/:slug', (c) => {
    const lang = languageOf(c, c.req.query('lang'))
    return render(c, lang, c.req.query('sent') === '1' ? { sent: true } : undefined)
  })

  .post('/:slug', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Request body is too large', 413) }), async (c) => {
    const form = await c.req.parseBody()
    const lang = languageOf(c, form.lang)
    const typed = { name: typeof form.name === 'string' ? form.name : '', message: typeof form.message === 'string' ? form.message : '' }
    const refused = (message: string) => (lang === 'sw' ? (CONDOLENCE_REFUSALS_SW[message] ?? message) : message)
    const parsed = CondolenceRequest.safeParse(typed)
    if (!parsed.success) return render(c, lang, { error: refused(parsed.error.issues[0]?.message ?? 'Invalid'), ...typed }, 422)
    try {
      await limitCondolences(c, c.req.param('slug'))
      await leaveCondolence(c.var.deps, c.req.param('slug'), parsed.data, (await homeOf(c)).name)
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 429)) return render(c, lang, { error: refused(error.message), ...typed }, error.status)
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return render(c, lang)
      throw error
    }
    return c.redirect(`/t/${encodeURIComponent(c.req.param('slug'))}?lang=${lang}&sent=1#condolences`, 303)
  })
