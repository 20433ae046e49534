import { z } from 'zod/mini'
import { Id, Money } from './common'

/**
 * The tribute page: one public page per booking's deceased that the family publishes at a short
 * unguessable address, with the story, the programme, the harambee and condolences.
 *
 * Family (signed in; the booking's own family edits, the admin may look and moderate):
 * - `GET /bookings/{id}/tribute`: `{ tribute, condolences }` (tribute null until first saved).
 * - `PUT /bookings/{id}/tribute` TributeRequest: saves it (made on first save, slug fixed for ever).
 * - `PATCH /bookings/{id}/tribute/condolences/{cid}` `{ status: 'approved' | 'hidden' }`.
 * - `PUT /bookings/{id}/tribute/photo` the picture's bytes (JPEG, PNG or WebP; shared/tribute-photo.ts):
 *   `{ tribute }`; 413 too large, 415 not a picture. `DELETE` the same path removes it.
 *
 * Anyone with the address (no account):
 * - `GET /tributes/{slug}`: TributePage; 404 unknown, 410 when the family unpublished it.
 * - `POST /tributes/{slug}/condolences` `{ name, message }`: 201, shown once the family approves.
 * - `GET /tributes/{slug}/photo` and `/photo/small`: the picture (404 none, 410 unpublished).
 *
 * The admin (moderation across every page; approving and hiding is the PATCH above):
 * - `GET /tributes/condolences?status=pending|approved|hidden` (pending unless told): AdminCondolences.
 */
export const TRIBUTE_STORY_MAX = 5000
export const TRIBUTE_EVENTS_MAX = 12
export const TRIBUTE_EVENT_TITLE_MAX = 100
export const TRIBUTE_PLACE_MAX = 200
export const TRIBUTE_URL_MAX = 500
export const CONDOLENCE_NAME_MAX = 80
export const CONDOLENCE_MESSAGE_MAX = 1000
/** The address's slug: 12 url-safe characters, 72 random bits. */
export const TRIBUTE_SLUG_LENGTH = 12

export const MSG_TRIBUTE_NOT_FOUND = 'This tribute page does not exist. Please check the link with the family.'
export const MSG_TRIBUTE_GONE = 'The family has taken this tribute page down.'
export const MSG_TRIBUTE_SAVED = 'Tribute page saved'
export const MSG_ONLY_FAMILY_TRIBUTE = 'Only the family can edit the tribute page'
export const MSG_CONDOLENCE_NOT_FOUND = 'Condolence not found'
export const MSG_CONDOLENCE_RECEIVED = 'Thank you. Your message will show once the family has read it.'
export const MSG_CONDOLENCE_NO_LINKS = 'Please leave out links and web addresses: write your message in your own words.'
export const MSG_CONDOLENCE_SPAM = 'This message looks like spam and was not sent. Please write your own words to the family.'
export const MSG_CONDOLENCE_NAME = 'Please enter your name'
export const MSG_CONDOLENCE_MESSAGE = 'Please write a message'
export const MSG_URL = 'Enter a web address starting with https://'
export const MSG_EVENT_TIME = 'Enter the date and time as YYYY-MM-DDTHH:MM (Nairobi time)'

const trimmed = (max: number, label: string) => z.string().check(z.trim(), z.maxLength(max, `${label} can be at most ${max} characters`))
/** An http(s) address, or empty (none). */
const WebUrl = z.string().check(
  z.trim(),
  z.maxLength(TRIBUTE_URL_MAX, `A web address can be at most ${TRIBUTE_URL_MAX} characters`),
  z.refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), MSG_URL),
)

/** A local time in Nairobi, minutes precision: '2026-12-05T10:00'. */
export const NairobiTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MSG_EVENT_TIME), z.refine((v) => !Number.isNaN(Date.parse(`${v}:00+03:00`)), MSG_EVENT_TIME))

export const TributeEvent = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Give the event a title'), z.maxLength(TRIBUTE_EVENT_TITLE_MAX, `A title can be at most ${TRIBUTE_EVENT_TITLE_MAX} characters`)),
  starts_at: NairobiTime,
  place: trimmed(TRIBUTE_PLACE_MAX, 'A place'),
  map_url: WebUrl,
})
export type TributeEvent = z.infer<typeof TributeEvent>

export const TributeRequest = z.object({
  published: z.boolean(),
  /** Search engines may list it (else the page says noindex). */
  findable: z.boolean(),
  story: trimmed(TRIBUTE_STORY_MAX, 'The story'),
  /** Date of birth, YYYY-MM-DD, or empty. */
  born: z.string().check(z.refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'Enter the date of birth as YYYY-MM-DD')),
  livestream_url: WebUrl,
  events: z.array(TributeEvent).check(z.maxLength(TRIBUTE_EVENTS_MAX, `At most ${TRIBUTE_EVENTS_MAX} events`)),
})
export type TributeRequest = z.infer<typeof TributeRequest>

export const Tribute = z.object({
  slug: z.string(),
  published: z.boolean(),
  findable: z.boolean(),
  story: z.string(),
  born: z.nullable(z.string()),
  livestream_url: z.nullable(z.string()),
  events: z.array(TributeEvent),
  updated_at: z.string(),
  /** The family's photo as the page shows it (null: none); `version` changes with each upload. */
  photo: z.nullable(z.object({ width: z.number(), height: z.number(), version: z.string() })),
})
export type Tribute = z.infer<typeof Tribute>

export const CONDOLENCE_STATUSES = ['pending', 'approved', 'hidden'] as const
export type CondolenceStatus = (typeof CONDOLENCE_STATUSES)[number]

export const FamilyCondolence = z.object({ id: Id, name: z.string(), message: z.string(), status: z.enum(CONDOLENCE_STATUSES), at: z.string() })
export type FamilyCondolence = z.infer<typeof FamilyCondolence>
export const BookingTribute = z.object({ tribute: z.nullable(Tribute), condolences: z.array(FamilyCondolence) })
export type BookingTribute = z.infer<typeof BookingTribute>
export const TributeResponse = z.object({ tribute: Tribute })
export const CondolenceModeration = z.object({ status: z.enum(['approved', 'hidden']) })
export const CondolenceResponse = z.object({ condolence: FamilyCondolence })

export const CondolenceRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, MSG_CONDOLENCE_NAME), z.maxLength(CONDOLENCE_NAME_MAX, `Your name can be at most ${CONDOLENCE_NAME_MAX} characters`)),
  message: z.string().check(z.trim(), z.minLength(1, MSG_CONDOLENCE_MESSAGE), z.maxLength(CONDOLENCE_MESSAGE_MAX, `Your message can be at most ${CONDOLENCE_MESSAGE_MAX} characters`)),
})
export type CondolenceRequest = z.infer<typeof CondolenceRequest>

/** What the public page shows. */
export const TributePage = z.object({
  slug: z.string(),
  deceased_name: z.string(),
  born: z.nullable(z.string()),
  died: z.string(),
  story: z.string(),
  livestream_url: z.nullable(z.string()),
  events: z.array(TributeEvent),
  findable: z.boolean(),
  updated_at: z.string(),
  home: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  /** The harambee beside it: null when the family made no contribution link; `path` only while it takes contributions. */
  harambee: z.nullable(z.object({ status: z.string(), total: Money, paid: Money, amount_due: Money, path: z.nullable(z.string()) })),
  condolences: z.array(z.object({ name: z.string(), message: z.string(), at: z.string() })),
  /** The photo's addresses (shared/tribute-photo.ts) and sizes, so the page keeps its place while it loads. */
  photo: z.nullable(z.object({ url: z.string(), small_url: z.string(), width: z.number(), height: z.number(), small_width: z.number(), small_height: z.number(), medium_url: z.nullable(z.string()), medium_width: z.nullable(z.number()), medium_height: z.nullable(z.number()) })),
})
export type TributePage = z.infer<typeof TributePage>

/** The family hears of new condolences by SMS at most this often (per booking). */
export const CONDOLENCE_SMS_EVERY_MS = 24 * 60 * 60_000
export const CONDOLENCE_SMS_KIND = 'condolence'
/** The SMS to the family: there are messages to read and approve on the booking's Tribute page card. */
export const CONDOLENCE_SMS = {
  en: (home: string, deceased: string) => `${home}: new condolence messages for ${deceased} are waiting for you. Open the booking's Tribute page card to read and approve them.`,
  sw: (home: string, deceased: string) => `${home}: kuna salamu mpya za rambirambi kwa ${deceased}. Fungua kadi ya Ukurasa wa kumbukumbu kwenye oda yako kuzisoma na kuziidhinisha.`,
}

/** The admin's moderation list: at most this many, newest first. */
export const ADMIN_CONDOLENCES_MAX = 200
export const AdminCondolence = z.object({
  id: Id,
  booking_id: Id,
  deceased_name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  name: z.string(),
  message: z.string(),
  status: z.enum(CONDOLENCE_STATUSES),
  at: z.string(),
})
export type AdminCondolence = z.infer<typeof AdminCondolence>
export const AdminCondolences = z.object({ condolences: z.array(AdminCondolence) })
