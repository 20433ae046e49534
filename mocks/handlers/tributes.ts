import { http, HttpResponse } from 'msw'
import { db, nextId, plain } from '../db'
import type { BookingRecord, TributeCondolenceRecord, TributeRecord, UserRecord } from '../db'
import { ApiError, body, parseId, requireUser, route } from '../http'
import { CONDOLENCE_SMS, CONDOLENCE_SMS_EVERY_MS, CONDOLENCE_SMS_KIND, CondolenceModeration, CondolenceRequest, MSG_CONDOLENCE_NOT_FOUND, MSG_CONDOLENCE_RECEIVED, TributeRequest } from '../../shared/contracts/tributes'
import { familyCondolence, looksLikeSlug, refuseSpam, refuseUnlessPublished, refuseUnlessTributeOwner, slugFrom, tributeFields, tributePage, wireTribute } from '../../shared/tributes'
import { findVisibleBooking } from './bookings'
import { harambeeOf } from './contributions'
import { storedSettings } from './settings'
import { queueMockSms } from '../messages'

const stored = (t: TributeRecord) => ({ ...t, livestreamUrl: t.livestream_url, updatedAt: t.updated_at })
const wireCondolence = (c: TributeCondolenceRecord) => familyCondolence({ ...c, at: c.created_at })
const tributeOf = (booking: BookingRecord) => db.tribute.findFirst((q) => q.where({ booking_id: booking.id }))

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n)
  globalThis.crypto.getRandomValues(bytes)
  return bytes
}

function publishedBySlug(slug: unknown): { tribute: TributeRecord; booking: BookingRecord } {
  const s = typeof slug === 'string' ? slug : ''
  const tribute = looksLikeSlug(s) ? db.tribute.findFirst((q) => q.where({ slug: s })) : undefined
  const booking = tribute ? db.booking.findFirst((q) => q.where({ id: tribute.booking_id })) : undefined
  refuseUnlessPublished(booking ? tribute : undefined)
  return { tribute: tribute!, booking: booking! }
}

function moderatorBooking(user: UserRecord, id: string | readonly string[] | undefined): BookingRecord {
  const booking = findVisibleBooking(user, id)
  if (user.role === 'morgue_attendant') refuseUnlessTributeOwner(user)
  return booking
}

/** The tribute page (shared/contracts/tributes.ts), as the server answers it. */
export const tributeHandlers = [
  http.get(
    '*/api/bookings/:id/tribute',
    route(async ({ request, params }) => {
      const booking = findVisibleBooking(await requireUser(request), params.id)
      const t = tributeOf(booking)
      const condolences = t
        ? db.tributeCondolence
            .findMany((q) => q.where({ tribute_id: t.id }))
            .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
            .map(wireCondolence)
        : []
      return HttpResponse.json({ tribute: t ? wireTribute(stored(t)) : null, condolences })
    }),
  ),

  http.put(
    '*/api/bookings/:id/tribute',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const booking = findVisibleBooking(user, params.id)
      refuseUnlessTributeOwner(user)
      const f = tributeFields(await body(request, TributeRequest))
      const fields = { published: f.published, findable: f.findable, story: f.story, born: f.born, livestream_url: f.livestreamUrl, events: f.events, updated_at: new Date().toISOString() }
      const existing = tributeOf(booking)
      const row = existing
        ? await db.tribute.update((q) => q.where({ id: existing.id }), { data: (t) => void Object.assign(t, fields) })
        : await db.tribute.create({ id: nextId('tribute'), booking_id: booking.id, slug: slugFrom(randomBytes(32)), ...fields })
      return HttpResponse.json({ tribute: wireTribute(stored(plain(row ?? existing!))) })
    }),
  ),

  http.patch(
    '*/api/bookings/:id/tribute/condolences/:cid',
    route(async ({ request, params }) => {
      const booking = moderatorBooking(await requireUser(request), params.id)
      const { status } = await body(request, CondolenceModeration)
      const id = parseId(params.cid, MSG_CONDOLENCE_NOT_FOUND)
      const t = tributeOf(booking)
      const row = t ? await db.tributeCondolence.update((q) => q.where({ id, tribute_id: t.id }), { data: (c) => void (c.status = status) }) : undefined
      if (!row) throw new ApiError(404, MSG_CONDOLENCE_NOT_FOUND)
      return HttpResponse.json({ condolence: wireCondolence(plain(row)) })
    }),
  ),

  http.get(
    '*/api/tributes/:slug',
    route(async ({ params }) => {
      const { tribute, booking } = publishedBySlug(params.slug)
      const general = storedSettings().general
      const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
      const approved = db.tributeCondolence.findMany((q) => q.where({ tribute_id: tribute.id, status: 'approved' })).map((c) => ({ name: c.name, message: c.message, at: c.created_at }))
      return HttpResponse.json(
        tributePage({
          tribute: stored(tribute),
          deceasedName: deceased ? `${deceased.first_name} ${deceased.last_name}` : '',
          died: deceased?.date_of_death ?? '',
          home: { name: general.facilityName, phone: general.contactPhone, email: general.contactEmail },
          harambee: harambeeOf(booking),
          approved,
        }),
      )
    }),
  ),

  http.post(
    '*/api/tributes/:slug/condolences',
    route(async ({ request, params }) => {
      const input = await body(request, CondolenceRequest)
      const { tribute, booking } = publishedBySlug(params.slug)
      refuseSpam(input)
      await db.tributeCondolence.create({ id: nextId('tributeCondolence'), tribute_id: tribute.id, name: input.name.trim(), message: input.message.trim(), status: 'pending', created_at: new Date().toISOString() })
      // The family hears of new ones at most once a day per booking.
      const since = Date.now() - CONDOLENCE_SMS_EVERY_MS
      const told = db.sms.findMany((q) => q.where({ booking_id: booking.id, kind: CONDOLENCE_SMS_KIND })).some((m) => Date.parse(m.created_at) > since)
      if (!told) {
        const d = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
        const home = storedSettings().general.facilityName
        await queueMockSms({ userId: booking.client_id, kind: CONDOLENCE_SMS_KIND, bookingId: booking.id, body: (language) => CONDOLENCE_SMS[language === 'sw' ? 'sw' : 'en'](home, d ? `${d.first_name} ${d.last_name}` : '') })
      }
      return HttpResponse.json({ message: MSG_CONDOLENCE_RECEIVED }, { status: 201 })
    }),
  ),
]
