/**
 * What a contribution link's page shows of the harambee (`/contribute/{token}`): the deceased's
 * name, the service, the family's words, the progress and the contributions, or why the page is
 * closed or unknown, as HTML in English or Kiswahili. One function writes it for both sides: the
 * real server puts it in the page it sends (server/contribute-html.ts), so the name and the progress
 * paint before any script, and the app sets the very same markup in the same place
 * (src/features/public/contribute/contribute-page.tsx), so taking the page over changes nothing on
 * screen, and a refresh after a payment redraws it from new data. Every value is escaped.
 */
import { TIME_ZONE } from './constants'
import type { ContributionPage } from './contracts/contributions'
import { escapeHtml, kshIn } from './page-data'
import type { PageLanguage } from './page-language'

/** The element the markup goes in: the app renders it, the server fills it in the pre-rendered shell. */
export const CONTRIBUTION_SLOT_ID = 'contribution-summary'
/** The page's data, as the server wrote it, for the app's first render (the link's token and the page). */
export const CONTRIBUTION_DATA_ID = 'afh-contribution-page'

type Closed = 'closed' | 'settled' | 'expired' | 'unknown'

export interface ContributionWords {
  loading: string
  title: (name: string) => string
  service: (date: string) => string
  familyWords: string
  raised: string
  progress: (paid: string, total: string) => string
  stillDue: (due: string) => string
  contributions: string
  none: string
  closed: Record<Closed, string>
  closedBody: Record<Closed, string>
  contact: string
  orEmail: string
}

/** The words the page used in the app's catalogues (src/locales/sw/contribute.po), kept as they were. */
export const CONTRIBUTION_WORDS: Record<PageLanguage, ContributionWords> = {
  en: {
    loading: 'Opening the contribution page…',
    title: (name) => `In memory of ${name}`,
    service: (date) => `Funeral service: ${date}`,
    familyWords: 'From the family',
    raised: 'Raised so far',
    progress: (paid, total) => `${paid} of ${total}`,
    stillDue: (due) => `${due} still due`,
    contributions: 'Contributions so far',
    none: 'Be the first to contribute.',
    closed: {
      closed: 'This contribution page is closed',
      settled: 'The funeral bill has been paid in full',
      expired: 'This contribution page has ended',
      unknown: 'We could not find this contribution page',
    },
    closedBody: {
      closed: 'The family is no longer collecting contributions here. Thank you for thinking of them.',
      settled: 'Thanks to everyone who contributed, nothing more is due. Thank you for thinking of the family.',
      expired: 'Contributions were collected until 30 days after the funeral. Thank you for thinking of the family.',
      unknown: 'The link may be incomplete. Please ask the family to send it again.',
    },
    contact: 'Questions? Call the funeral home on',
    orEmail: 'or write to',
  },
  sw: {
    loading: 'Inafungua ukurasa wa michango…',
    title: (name) => `Kwa kumbukumbu ya ${name}`,
    service: (date) => `Ibada ya mazishi: ${date}`,
    familyWords: 'Kutoka kwa familia',
    raised: 'Kilichochangwa hadi sasa',
    progress: (paid, total) => `${paid} kati ya ${total}`,
    stillDue: (due) => `${due} bado zinadaiwa`,
    contributions: 'Michango hadi sasa',
    none: 'Kuwa wa kwanza kuchangia.',
    closed: {
      closed: 'Ukurasa huu wa michango umefungwa',
      settled: 'Gharama ya mazishi imelipwa yote',
      expired: 'Muda wa ukurasa huu wa michango umekwisha',
      unknown: 'Hatukuweza kupata ukurasa huu wa michango',
    },
    closedBody: {
      closed: 'Familia haikusanyi tena michango hapa. Asante kwa kuwakumbuka.',
      settled: 'Shukrani kwa wote waliochangia, hakuna kinachodaiwa tena. Asante kwa kuikumbuka familia.',
      expired: 'Michango ilikusanywa hadi siku 30 baada ya mazishi. Asante kwa kuikumbuka familia.',
      unknown: 'Huenda kiungo hakijakamilika. Tafadhali iombe familia ikitume tena.',
    },
    contact: 'Una maswali? Piga simu kwa nyumba ya mazishi kupitia',
    orEmail: 'au tuandikie kwa',
  },
}

/**
 * The look of the app's own panels, in the theme's CSS variables (build/theme-stylesheet.ts: on
 * `:root` in every page's stylesheet). Inside the markup itself, so the server's page and the app's
 * carry it alike.
 */
const STYLE = `<style>.cp{display:flex;flex-direction:column;gap:var(--spacingVerticalL)}.cp h1{margin:0;font-size:var(--fontSizeHero700);line-height:var(--lineHeightHero700);font-weight:var(--fontWeightSemibold);color:var(--colorNeutralForeground1)}
.cp h2{margin:0;font-size:var(--fontSizeBase500);line-height:var(--lineHeightBase500);font-weight:var(--fontWeightSemibold)}.cp p{margin:0}
.cp-panel{display:flex;flex-direction:column;gap:var(--spacingVerticalM);padding:var(--spacingHorizontalL);border-radius:var(--borderRadiusLarge);background:var(--colorNeutralBackground1);box-shadow:var(--shadow4)}
.cp-muted{display:block;color:var(--colorNeutralForeground2)}.cp-home{font-size:var(--fontSizeBase200);line-height:var(--lineHeightBase200);color:var(--colorNeutralForeground2)}
.cp-label{font-weight:var(--fontWeightSemibold)}.cp-due{font-size:var(--fontSizeBase500);line-height:var(--lineHeightBase500);font-weight:var(--fontWeightSemibold)}
.cp-track{height:8px;border-radius:var(--borderRadiusCircular);background:var(--colorNeutralBackground5);overflow:hidden}.cp-fill{height:100%;background:var(--colorBrandBackground)}
.cp-quote{margin:0;padding-left:var(--spacingHorizontalM);border-left:var(--strokeWidthThickest) solid var(--colorBrandStroke2);white-space:pre-wrap;overflow-wrap:anywhere}
.cp-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--spacingVerticalXS)}.cp-list li{display:flex;justify-content:space-between;gap:var(--spacingHorizontalM);overflow-wrap:anywhere}
.cp a{color:var(--colorBrandForegroundLink)}.cp-nb{white-space:nowrap}</style>`

/** '2026-03-10' or a Nairobi wall-clock time → '10 Mar 2026', as the app writes a date (src/lib/format.ts). */
function dayOf(lang: PageLanguage, value: string): string {
  let text = value
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) text = `${value}T12:00:00+03:00`
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) text = `${value}+03:00`
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(lang === 'sw' ? 'sw-KE' : 'en-KE', { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }).format(date)
}

const ksh = (lang: PageLanguage, amount: number) => `<span class="cp-nb">${escapeHtml(kshIn(lang, amount))}</span>`

/** Why there is no form (closed, settled, ended, unknown), with the home's phone and e-mail. */
function closedHtml(lang: PageLanguage, kind: Closed, contact: { phone: string; email: string }): string {
  const w = CONTRIBUTION_WORDS[lang]
  const tel = contact.phone.replace(/[^\d+]/g, '')
  return `<section class="cp-panel"><h2>${w.closed[kind]}</h2><p>${w.closedBody[kind]}</p><p>${w.contact} <a class="cp-nb" href="tel:${escapeHtml(tel)}">${escapeHtml(contact.phone)}</a> ${w.orEmail} <a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>.</p></section>`
}

/** The page of a link: who it is for, the progress and the contributions, and why it is closed when it is. */
export function contributionSummaryHtml(page: ContributionPage, lang: PageLanguage): string {
  const w = CONTRIBUTION_WORDS[lang]
  const share = page.total > 0 ? Math.min(1, page.paid / page.total) : 1
  const progress = w.progress(kshIn(lang, page.paid), kshIn(lang, page.total))
  const list = page.contributions.length
    ? `<ul class="cp-list" aria-label="${w.contributions}">${page.contributions.map((c) => `<li><span>${escapeHtml(c.name)}</span>${ksh(lang, c.amount)}</li>`).join('')}</ul>`
    : `<p class="cp-muted">${w.none}</p>`
  return (
    `${STYLE}<div class="cp"><header><span class="cp-home">${escapeHtml(page.home.name)}</span><h1>${escapeHtml(w.title(page.deceased_name))}</h1>` +
    (page.service_date ? `<span class="cp-muted">${escapeHtml(w.service(dayOf(lang, page.service_date)))}</span>` : '') +
    '</header>' +
    (page.message ? `<section class="cp-panel"><span class="cp-label">${w.familyWords}</span><blockquote class="cp-quote">${escapeHtml(page.message)}</blockquote></section>` : '') +
    `<section class="cp-panel"><span class="cp-label" id="contribute-progress">${w.raised}</span>` +
    `<div class="cp-track" role="progressbar" aria-labelledby="contribute-progress" aria-valuemin="0" aria-valuemax="${page.total}" aria-valuenow="${page.paid}" aria-valuetext="${escapeHtml(progress)}"><div class="cp-fill" style="width:${Math.round(share * 100)}%"></div></div>` +
    `<span class="cp-muted">${escapeHtml(progress)}</span><span class="cp-due">${escapeHtml(w.stillDue(kshIn(lang, page.amount_due)))}</span>` +
    `<span class="cp-label">${w.contributions}</span>${list}</section>` +
    (page.status === 'open' ? '' : closedHtml(lang, page.status, page.home)) +
    '</div>'
  )
}

/** A link that names no page (404): the home's contact instead. */
export function contributionUnknownHtml(lang: PageLanguage, contact: { phone: string; email: string }): string {
  return `${STYLE}<div class="cp">${closedHtml(lang, 'unknown', contact)}</div>`
}

/** While the app asks for the page (the build's shell holds this; the server replaces it). */
export function contributionLoadingHtml(lang: PageLanguage): string {
  return `<p role="status" style="margin:0">${CONTRIBUTION_WORDS[lang].loading}</p>`
}
