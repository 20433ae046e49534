/**
 * Which website messages cannot wait: a death that has just happened, or a body to be collected
 * today ("My father died this morning… can you collect him today?", "Mama amefariki leo asubuhi").
 * Such a message is marked urgent, sent at once to the admins by SMS, and leads their inbox until
 * someone of the home answers it. Plain functions over the text, in English and Kiswahili, used by
 * the mock and the server alike.
 */
import type { SmsLanguage } from './contracts/messages'
import type { ContactRequest } from './contracts/contact'
import { normaliseEmail } from './contracts/auth-rules'

/** Words that speak of a death. */
const DEATH = [
  'died', 'dies', 'dead', 'death', 'passed away', 'passed on', 'has passed', 'just passed', 'lost my', 'lost our', 'deceased', 'body',
  'amefariki', 'alifariki', 'wamefariki', 'kufariki', 'amefariki dunia', 'ameaga dunia', 'aliaga dunia', 'amekufa', 'alikufa', 'kifo', 'msiba', 'marehemu', 'mwili',
]
/** Words that ask the home to come or collect. */
const COLLECTION = [
  'collect', 'collection', 'pick up', 'pickup', 'pick him', 'pick her', 'fetch', 'come for', 'come and take', 'remove the body', 'take the body', 'transport', 'hearse', 'mortuary',
  'kuchukua', 'chukua', 'kuchukuliwa', 'mchukue', 'kubeba', 'gari la maiti', 'njooni', 'mje',
]
/** Words that say it is happening now. */
const NOW = [
  'today', 'tonight', 'this morning', 'this afternoon', 'this evening', 'last night', 'just now', 'right now', 'now', 'an hour ago', 'hours ago', 'immediately', 'asap', 'as soon as possible',
  'leo', 'asubuhi hii', 'asubuhi ya leo', 'mchana huu', 'jioni hii', 'usiku huu', 'jana usiku', 'sasa', 'sasa hivi', 'haraka', 'mara moja',
]
/** Words that say so outright. */
const ALARM = ['urgent', 'urgently', 'emergency', 'dharura', 'haraka sana']

/** Lower case, accents and punctuation gone, single spaces: "Died—this MORNING!" → "died this morning". */
function plainWords(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
}

const says = (words: string, phrases: readonly string[]) => phrases.some((p) => words.includes(` ${p} `))

/** A message speaks of a death just occurred or a collection today (or calls itself urgent). */
export function isUrgentMessage(text: string): boolean {
  const words = plainWords(text)
  if (says(words, ALARM)) return true
  return says(words, NOW) && (says(words, DEATH) || says(words, COLLECTION))
}

/** At most this much of the message goes into the SMS (one SMS page with the rest of the text). */
const EXCERPT = 70

/** The SMS each admin gets for an urgent message, in their language: who, how to reach them, what they wrote. */
export function urgentMessageSms(language: SmsLanguage, home: string, m: { name: string; phone: string | null; email: string; message: string }): string {
  const excerpt = m.message.length > EXCERPT ? `${m.message.slice(0, EXCERPT - 1).trimEnd()}…` : m.message
  const reach = m.phone ?? m.email
  return language === 'sw'
    ? `${home}: UJUMBE WA DHARURA kutoka kwa ${m.name} (${reach}): "${excerpt}" Jibu kwenye Ujumbe.`
    : `${home}: URGENT message from ${m.name} (${reach}): "${excerpt}" Answer in Messages.`
}

/** What the home keeps of a contact-form message (validated input): the phone if any, and whether it is urgent. */
export function contactMessageOf(input: ContactRequest) {
  const phone = input.phone?.trim() || null
  return { name: input.name.trim(), email: normaliseEmail(input.email), message: input.message.trim(), phone, urgent: isUrgentMessage(input.message) }
}
export type ContactMessage = ReturnType<typeof contactMessageOf>
