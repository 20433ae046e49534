/**
 * The public tribute page as HTML, written by the server from the same data as `GET /tributes/{slug}`
 * (shared/tributes.ts): the name, the dates, the story, the programme with its map links, the
 * harambee's progress and its Contribute button paint before any script, and the page loads none.
 * The condolence form is a plain form that posts to the page itself. Every value is escaped: the
 * family's and the visitors' words are text, never markup.
 */
import { createHash } from 'node:crypto'
import type { TributePage } from '../shared/contracts/tributes'
import { escapeHtml, kshIn } from '../shared/page-data'
import type { PageLanguage } from '../shared/page-language'
import { mapLink } from '../shared/tributes'
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './tribute-photo'
import { TRIBUTE_WORDS, tributeDay as day, tributeTime as when } from '../shared/tribute-words'


/** The family's text: paragraphs at blank lines, line breaks kept, all of it escaped. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f4f1}
main{max-width:42rem;margin:0 auto;padding:1rem}header{text-align:center;padding:1.5rem 1rem 1rem}h1{font:600 1.75rem/1.2 Georgia,serif;margin:.25rem 0}
.lead{color:#555;margin:0}.nb{white-space:nowrap}.dates{font-size:1.05rem;margin:.5rem 0 0}section{background:#fff;border-radius:12px;padding:1rem 1.25rem;margin:0 0 1rem;box-shadow:0 1px 2px #0001}
h2{font-size:1.15rem;margin:0 0 .5rem}ol{list-style:none;margin:0;padding:0}li{padding:.6rem 0;border-top:1px solid #eee}li:first-child{border-top:0}
.ev-title{font-weight:600}.muted{color:#555}a{color:#0b5cad}.btn{display:inline-block;background:#0b6e4f;color:#fff;text-decoration:none;padding:.7rem 1.4rem;border-radius:8px;font-weight:600;border:0;font:inherit;font-weight:600;cursor:pointer}
.bar{height:10px;background:#e6e6e6;border-radius:5px;overflow:hidden;margin:.5rem 0}.bar>span{display:block;height:100%;background:#0b6e4f}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,textarea{width:100%;font:inherit;padding:.55rem;border:1px solid #888;border-radius:6px}textarea{min-height:6rem}
.note{padding:.6rem .8rem;border-radius:6px;margin:.5rem 0}.ok{background:#e5f4ec}.err{background:#fdecea}blockquote{margin:0;white-space:pre-line}.by{font-weight:600;margin-top:.25rem}
.photo{display:block;margin:0 auto 1rem;width:12rem;max-width:50vw;height:auto;border-radius:12px;background:#e6e2dc}
nav{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;font-size:.95rem}footer{text-align:center;color:#555;font-size:.9rem;padding:1rem}`

export interface TributeRender {
  page: TributePage
  lang: PageLanguage
  /** The page's own address (PUBLIC_URL + /t/{slug}): Open Graph and the share link. */
  url: string
  /** After a condolence: 'sent', or the refusal's words with what was typed. */
  notice?: { sent: true } | { error: string; name: string; message: string }
}

/** "Born …", "Died …", as the page (on one line) and its preview image say them. */
export const tributeDates = (page: Pick<TributePage, 'born' | 'died'>, lang: PageLanguage): string[] => {
  const w = TRIBUTE_WORDS[lang]
  return [page.born ? `${w.born} ${day(lang, page.born)}` : null, page.died ? `${w.died} ${day(lang, page.died)}` : null].filter((d): d is string => d !== null)
}

/** The preview's address: it changes when what it shows changes (name, dates, photo), so a crawler's copy is not a stale one. */
export function previewPath(page: TributePage, lang: PageLanguage): string {
  const v = createHash('sha256').update(JSON.stringify([page.deceased_name, page.born, page.died, page.photo?.url ?? ''])).digest('base64url').slice(0, 12)
  return `/t/${encodeURIComponent(page.slug)}/preview.jpg?lang=${lang}&v=${v}`
}

export function tributeHtml({ page, lang, url, notice }: TributeRender): string {
  const w = TRIBUTE_WORDS[lang]
  const name = escapeHtml(page.deceased_name)
  const title = escapeHtml(w.title(page.deceased_name))
  // What a link preview says under the name: the description and the first event of the programme.
  const first = page.events[0]
  const description = escapeHtml([w.description(page.deceased_name), first ? `${first.title}: ${when(lang, first.starts_at)}${first.place ? `, ${first.place}` : ''}.` : ''].filter(Boolean).join(' '))
  const other: PageLanguage = lang === 'sw' ? 'en' : 'sw'
  // Each date whole on its line on a narrow phone (not 'Died 20' / 'November 2026').
  const dates = tributeDates(page, lang).map((d) => `<span class="nb">${escapeHtml(d)}</span>`).join(' · ')
  const p = page.photo
  // Its width and height keep the page from moving while it loads; the small one serves a phone's narrow
  // column, the middle one (absent for photos stored before it was made) a 2x or 3x phone screen.
  const sources = [`${escapeHtml(p?.small_url ?? '')} ${p?.small_width}w`, ...(p?.medium_url ? [`${escapeHtml(p.medium_url)} ${p.medium_width}w`] : []), `${escapeHtml(p?.url ?? '')} ${p?.width}w`]
  const photo = p
    ? `<img class="photo" src="${escapeHtml(p.url)}" srcset="${sources.join(', ')}" sizes="(max-width: 24rem) 50vw, 12rem" width="${p.width}" height="${p.height}" alt="${name}" fetchpriority="high">`
    : ''
  const events = page.events
    .map((e) => {
      const map = mapLink(e)
      return `<li><div class="ev-title">${escapeHtml(e.title)}</div><div>${escapeHtml(when(lang, e.starts_at))}</div>${e.place ? `<div class="muted">${escapeHtml(e.place)}</div>` : ''}${map ? `<a href="${escapeHtml(map)}" rel="noopener">${w.map}</a>` : ''}</li>`
    })
    .join('')
  const h = page.harambee
  // "KSH 7,500" never breaks between the currency and the amount on a narrow phone.
  const ksh = (amount: number) => kshIn(lang, amount).replace(' ', '\u00a0')
  const harambee = h
    ? `<section><h2>${w.harambee}</h2><div class="bar" role="presentation"><span style="width:${h.total > 0 ? Math.min(100, Math.round((h.paid / h.total) * 100)) : 0}%"></span></div><p>${escapeHtml(w.given(ksh(h.paid), ksh(h.total)))}${h.path ? `<br>${escapeHtml(w.due(ksh(h.amount_due)))}` : ''}</p>${h.path ? `<a class="btn" href="${escapeHtml(h.path)}">${w.contribute}</a>` : `<p class="muted">${w.harambeeClosed}</p>`}</section>`
    : ''
  const condolences = page.condolences.length
    ? `<ol>${page.condolences.map((c) => `<li><blockquote>${escapeHtml(c.message)}</blockquote><div class="by">${escapeHtml(c.name)}</div></li>`).join('')}</ol>`
    : `<p class="muted">${w.noCondolences}</p>`
  const typed = notice && 'error' in notice ? notice : { name: '', message: '' }
  const note = !notice ? '' : 'sent' in notice ? `<p class="note ok" role="status">${w.sent}</p>` : `<p class="note err" role="alert">${escapeHtml(notice.error)}</p>`
  const share = `https://wa.me/?text=${encodeURIComponent(w.shareText(page.deceased_name, url))}`
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="description" content="${description}">
${page.findable ? '' : '<meta name="robots" content="noindex">\n'}<link rel="canonical" href="${escapeHtml(url)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta property="og:image" content="${escapeHtml(new URL(previewPath(page, lang), url).href)}">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="${PREVIEW_WIDTH}">
<meta property="og:image:height" content="${PREVIEW_HEIGHT}">
<meta property="og:image:alt" content="${title}">
<meta property="og:locale" content="${lang === 'sw' ? 'sw_KE' : 'en_KE'}">
<meta name="twitter:card" content="summary_large_image">
<style>${STYLE}</style>
</head>
<body>
<main>
<nav><a href="?lang=${other}" hreflang="${other}" lang="${other}">${w.language}</a><a href="${escapeHtml(share)}" rel="noopener">${w.share}</a></nav>
<header>${photo}<p class="lead">${w.inMemory}</p><h1>${name}</h1>${dates ? `<p class="dates">${dates}</p>` : ''}</header>
${page.story ? `<section><h2>${w.story}</h2>${paragraphs(page.story)}</section>` : ''}
${events ? `<section><h2>${w.programme}</h2><ol>${events}</ol></section>` : ''}
${page.livestream_url ? `<section><h2>${w.livestream}</h2><a class="btn" href="${escapeHtml(page.livestream_url)}" rel="noopener">${w.watch}</a></section>` : ''}
${harambee}
<section id="condolences"><h2>${w.condolences}</h2>${condolences}
<h2 style="margin-top:1.25rem">${w.leave}</h2>${note}
<form method="post" action="#condolences"><input type="hidden" name="lang" value="${lang}">
<label for="c-name">${w.yourName}</label><input id="c-name" name="name" maxlength="80" required autocomplete="name" value="${escapeHtml(typed.name)}">
<label for="c-message">${w.yourMessage}</label><textarea id="c-message" name="message" maxlength="1000" required>${escapeHtml(typed.message)}</textarea>
<p class="muted">${w.shownAfter}</p><button class="btn" type="submit">${w.send}</button></form></section>
</main>
<footer>${w.contact}: ${escapeHtml(page.home.name)} · <a href="tel:${escapeHtml(page.home.phone.replace(/\s+/g, ''))}">${escapeHtml(page.home.phone)}</a> · <a href="mailto:${escapeHtml(page.home.email)}">${escapeHtml(page.home.email)}</a></footer>
</body>
</html>
`
}

/** The page a gone or unknown address shows (410 or 404): a line and nothing about the family. */
export function tributeMissingHtml(lang: PageLanguage, status: 404 | 410): string {
  const w = TRIBUTE_WORDS[lang]
  const text = status === 410 ? w.gone : w.notFound
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(text)}</title><style>${STYLE}</style></head>
<body><main><section><p>${escapeHtml(text)}</p></section></main></body></html>
`
}
