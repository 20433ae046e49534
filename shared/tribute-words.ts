/**
 * The words of the public tribute page, in English and Kiswahili: the server writes the page in
 * HTML with them (server/tribute-html.ts), before any script. The family's own words (the story,
 * the programme) are shown as written, in whatever language they wrote them.
 */
import type { PageLanguage } from './page-language'
import { TIME_ZONE } from './constants'
import { CONDOLENCE_MESSAGE_MAX, CONDOLENCE_NAME_MAX, MSG_CONDOLENCE_MESSAGE, MSG_CONDOLENCE_NAME, MSG_CONDOLENCE_NO_LINKS, MSG_CONDOLENCE_SPAM, MSG_TRIBUTE_GONE, MSG_TRIBUTE_NOT_FOUND } from './contracts/tributes'
import { MSG_TOO_MANY_REQUESTS } from './contracts/limits'

export interface TributeWords {
  inMemory: string
  title: (name: string) => string
  description: (name: string) => string
  born: string
  died: string
  story: string
  programme: string
  map: string
  livestream: string
  watch: string
  harambee: string
  given: (paid: string, total: string) => string
  due: (due: string) => string
  contribute: string
  harambeeClosed: string
  condolences: string
  noCondolences: string
  leave: string
  yourName: string
  yourMessage: string
  send: string
  sent: string
  shownAfter: string
  contact: string
  share: string
  shareText: (name: string, url: string) => string
  language: string
  notFound: string
  gone: string
  /** A condolence that did not go (the network, the server): nothing of what they wrote is lost. */
  notSent: string
}

export const TRIBUTE_WORDS: Record<PageLanguage, TributeWords> = {
  en: {
    inMemory: 'In loving memory of',
    title: (name) => `In loving memory of ${name}`,
    description: (name) => `The life, the funeral programme and the harambee of ${name}. Leave a message for the family.`,
    born: 'Born',
    died: 'Died',
    story: 'Life story',
    programme: 'Funeral programme',
    map: 'Map and directions',
    livestream: 'Livestream',
    watch: 'Watch the service live',
    harambee: 'Harambee',
    given: (paid, total) => `${paid} given of ${total}`,
    due: (due) => `${due} still needed`,
    contribute: 'Contribute',
    harambeeClosed: 'The harambee is closed. Thank you to everyone who gave.',
    condolences: 'Condolences',
    noCondolences: 'No messages yet.',
    leave: 'Leave a message for the family',
    yourName: 'Your name',
    yourMessage: 'Your message',
    send: 'Send message',
    sent: 'Thank you. Your message will show once the family has read it.',
    shownAfter: 'Messages show once the family has read them. Links are not allowed.',
    contact: 'Funeral home',
    share: 'Share on WhatsApp',
    shareText: (name, url) => `In loving memory of ${name}: the funeral programme and the harambee. ${url}`,
    language: 'Kiswahili',
    notFound: 'This tribute page does not exist. Please check the link with the family.',
    gone: 'The family has taken this tribute page down.',
    notSent: 'Your message could not be sent. Please try again.',
  },
  sw: {
    inMemory: 'Kwa kumbukumbu ya',
    title: (name) => `Kwa kumbukumbu ya ${name}`,
    description: (name) => `Maisha, ratiba ya mazishi na harambee ya ${name}. Acha ujumbe kwa familia.`,
    born: 'Alizaliwa',
    died: 'Alifariki',
    story: 'Historia ya maisha',
    programme: 'Ratiba ya mazishi',
    map: 'Ramani na maelekezo',
    livestream: 'Matangazo ya moja kwa moja',
    watch: 'Tazama ibada moja kwa moja',
    harambee: 'Harambee',
    given: (paid, total) => `${paid} zimechangwa kati ya ${total}`,
    due: (due) => `${due} bado zinahitajika`,
    contribute: 'Changia',
    harambeeClosed: 'Harambee imefungwa. Asanteni nyote mliochangia.',
    condolences: 'Salamu za rambirambi',
    noCondolences: 'Bado hakuna ujumbe.',
    leave: 'Acha ujumbe kwa familia',
    yourName: 'Jina lako',
    yourMessage: 'Ujumbe wako',
    send: 'Tuma ujumbe',
    sent: 'Asante. Ujumbe wako utaonekana familia ikishausoma.',
    shownAfter: 'Ujumbe huonekana familia ikishausoma. Viungo haviruhusiwi.',
    contact: 'Nyumba ya mazishi',
    share: 'Shiriki kwa WhatsApp',
    shareText: (name, url) => `Kwa kumbukumbu ya ${name}: ratiba ya mazishi na harambee. ${url}`,
    language: 'English',
    notFound: 'Ukurasa huu wa kumbukumbu haupo. Tafadhali hakikisha kiungo na familia.',
    gone: 'Familia imeuondoa ukurasa huu wa kumbukumbu.',
    notSent: 'Ujumbe wako haukutumwa. Tafadhali jaribu tena.',
  },
}

/** The API's refusals of a condolence (English, as every MSG_*) in Kiswahili, for the page's form. */
export const CONDOLENCE_REFUSALS_SW: Record<string, string> = {
  [MSG_CONDOLENCE_NO_LINKS]: 'Tafadhali usiweke viungo wala anwani za mtandao: andika ujumbe kwa maneno yako.',
  [MSG_CONDOLENCE_SPAM]: 'Ujumbe huu unaonekana kuwa taka na haukutumwa. Tafadhali andika maneno yako mwenyewe kwa familia.',
  [MSG_CONDOLENCE_NAME]: 'Tafadhali andika jina lako',
  [MSG_CONDOLENCE_MESSAGE]: 'Tafadhali andika ujumbe',
  [MSG_TOO_MANY_REQUESTS]: 'Maombi mengi mno kwa muda mfupi. Tafadhali subiri dakika chache ujaribu tena.',
  [`Your name can be at most ${CONDOLENCE_NAME_MAX} characters`]: `Jina lako lisizidi herufi ${CONDOLENCE_NAME_MAX}`,
  [`Your message can be at most ${CONDOLENCE_MESSAGE_MAX} characters`]: `Ujumbe wako usizidi herufi ${CONDOLENCE_MESSAGE_MAX.toLocaleString('en-KE')}`,
  [MSG_TRIBUTE_NOT_FOUND]: 'Ukurasa huu wa kumbukumbu haupo. Tafadhali hakikisha kiungo na familia.',
  [MSG_TRIBUTE_GONE]: 'Familia imeuondoa ukurasa huu wa kumbukumbu.',
}

/**
 * What the page says of a refused condolence, in its language: one of the API's known refusals as
 * its own words; anything else (no network, a fault on the server) as "not sent, try again", never
 * a raw technical message.
 */
export function condolenceRefusal(lang: PageLanguage, message: string | undefined): string {
  if (message !== undefined && message in CONDOLENCE_REFUSALS_SW) return lang === 'sw' ? CONDOLENCE_REFUSALS_SW[message]! : message
  return TRIBUTE_WORDS[lang].notSent
}

const locale = (lang: PageLanguage) => (lang === 'sw' ? 'sw-KE' : 'en-KE')

/** '2026-12-05' → '5 December 2026' in the page's language. */
export function tributeDay(lang: PageLanguage, iso: string): string {
  const t = Date.parse(`${iso.slice(0, 10)}T12:00:00+03:00`)
  return Number.isNaN(t) ? iso : new Intl.DateTimeFormat(locale(lang), { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(t)
}

/** A Nairobi local time ('2026-12-05T10:00') → 'Saturday, 5 December 2026 at 10:00' in the page's language. */
export function tributeTime(lang: PageLanguage, local: string): string {
  const t = Date.parse(`${local}:00+03:00`)
  if (Number.isNaN(t)) return local
  return new Intl.DateTimeFormat(locale(lang), { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(t)
}
