import { http, HttpResponse } from 'msw'
import { db, nextId, plain } from '../db'
import type { BookingRecord, TributeCondolenceRecord, TributeRecord, UserRecord } from '../db'
import { ApiError, body, parseId, requireRole, requireUser, route } from '../http'
import { ADMIN_CONDOLENCES_MAX, CONDOLENCE_SMS, CONDOLENCE_SMS_EVERY_MS, CONDOLENCE_SMS_KIND, CondolenceModeration, CondolenceRequest, MSG_CONDOLENCE_NOT_FOUND, MSG_CONDOLENCE_RECEIVED, TributeRequest } from '../../shared/contracts/tributes'
import { condolenceListStatus, familyCondolence, looksLikeSlug, refuseSpam, refuseUnlessPublished, refuseUnlessTributeOwner, slugFrom, tributeFields, tributePage, wireTribute } from '../../shared/tributes'
import { findVisibleBooking } from './bookings'
import { harambeeOf } from './contributions'
import { storedSettings } from './settings'
import { queueMockSms } from '../messages'
import { deleteFile, hasStoredFile, putFile, readFile } from '../files'
import { MSG_PHOTO_NOT_FOUND, PHOTO_TYPES, TRIBUTE_PHOTO_MEDIUM_WIDTH, TRIBUTE_PHOTO_SMALL_WIDTH, TRIBUTE_PHOTO_WIDTH, fitWidth, refuseUnlessPhoto } from '../../shared/tribute-photo'

const stored = (t: TributeRecord) => ({
  ...t,
  livestreamUrl: t.livestream_url,
  updatedAt: t.updated_at,
  photo: t.photo ? { width: t.photo.width, height: t.photo.height, smallWidth: t.photo.small_width, smallHeight: t.photo.small_height, mediumWidth: t.photo.medium_width ?? null, mediumHeight: t.photo.medium_height ?? null, version: t.photo.version } : null,
})
/** The photo's bytes live in the file store beside documents, under the tribute's id negated (documents' ids are positive). */
const photoFileId = (t: TributeRecord) => -t.id
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

/** The booking's tribute, made unpublished when the family adds a photo before saving anything else. */
async function tributeToEdit(booking: BookingRecord): Promise<TributeRecord> {
  const existing = tributeOf(booking)
  if (existing) return existing
  const f = tributeFields({ published: false, findable: false, story: '', born: '', livestream_url: '', events: [] })
  const row = await db.tribute.create({ id: nextId('tribute'), booking_id: booking.id, slug: slugFrom(randomBytes(32)), published: f.published, findable: f.findable, story: f.story, born: f.born, livestream_url: f.livestreamUrl, events: f.events, updated_at: new Date().toISOString(), photo: null })
  return plain(row)
}

async function setPhoto(t: TributeRecord, photo: TributeRecord['photo']): Promise<TributeRecord> {
  const row = await db.tribute.update((q) => q.where({ id: t.id }), { data: (r) => void (r.photo = photo) })
  return plain(row ?? t)
}

/** The booking the signed-in family edits the tribute of (403 for anyone else who sees it). */
async function ownerBooking(request: Request, id: string | readonly string[] | undefined): Promise<BookingRecord> {
  const user = await requireUser(request)
  const booking = findVisibleBooking(user, id)
  refuseUnlessTributeOwner(user)
  return booking
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
      const booking = await ownerBooking(request, params.id)
      const f = tributeFields(await body(request, TributeRequest))
      const fields = { published: f.published, findable: f.findable, story: f.story, born: f.born, livestream_url: f.livestreamUrl, events: f.events, updated_at: new Date().toISOString() }
      const existing = tributeOf(booking)
      const row = existing
        ? await db.tribute.update((q) => q.where({ id: existing.id }), { data: (t) => void Object.assign(t, fields) })
        : await db.tribute.create({ id: nextId('tribute'), booking_id: booking.id, slug: slugFrom(randomBytes(32)), ...fields })
      return HttpResponse.json({ tribute: wireTribute(stored(plain(row ?? existing!))) })
    }),
  ),

  // The mock keeps the picture as given (no re-encoding: the server's sharp does that) and answers
  // with the sizes the server would give, from the picture's header.
  http.put(
    '*/api/bookings/:id/tribute/photo',
    route(async ({ request, params }) => {
      const booking = await ownerBooking(request, params.id)
      const bytes = new Uint8Array(await request.arrayBuffer())
      const { kind, ...size } = refuseUnlessPhoto(bytes)
      const large = fitWidth(size, TRIBUTE_PHOTO_WIDTH)
      const small = fitWidth(size, TRIBUTE_PHOTO_SMALL_WIDTH)
      const medium = fitWidth(size, TRIBUTE_PHOTO_MEDIUM_WIDTH)
      const t = await tributeToEdit(booking)
      await putFile(photoFileId(t), { bytes, type: PHOTO_TYPES[kind], name: `photo.${kind}` })
      const row = await setPhoto(t, { width: large.width, height: large.height, small_width: small.width, small_height: small.height, medium_width: medium.width, medium_height: medium.height, version: Date.now().toString(36) })
      return HttpResponse.json({ tribute: wireTribute(stored(row)) })
    }),
  ),

  http.delete(
    '*/api/bookings/:id/tribute/photo',
    route(async ({ request, params }) => {
      const booking = await ownerBooking(request, params.id)
      const t = await tributeToEdit(booking)
      await deleteFile(photoFileId(t))
      return HttpResponse.json({ tribute: wireTribute(stored(await setPhoto(t, null))) })
    }),
  ),

  // One picture for every size: the browser scales it to the width and height the page gives.
  ...['*/api/tributes/:slug/photo', '*/api/tributes/:slug/photo/small', '*/api/tributes/:slug/photo/medium'].map((path) =>
    http.get(
      path,
      route(async ({ params }) => {
        const { tribute } = publishedBySlug(params.slug)
        if (!tribute.photo || !hasStoredFile(photoFileId(tribute))) throw new ApiError(404, MSG_PHOTO_NOT_FOUND)
        const file = readFile(photoFileId(tribute), { name: 'photo', type: 'image/jpeg', title: 'photo' })
        return new HttpResponse(file.bytes.slice().buffer, { headers: { 'Content-Type': file.type, 'Cache-Control': 'no-cache' } })
      }),
    ),
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

  // Before '*/api/tributes/:slug'.
  http.get(
    '*/api/tributes/condolences',
    route(async ({ request }) => {
      requireRole(await requireUser(request), 'admin')
      const status = condolenceListStatus(new URL(request.url).searchParams.get('status'))
      const condolences = db.tributeCondolence
        .findMany((q) => q.where({ status }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
        .slice(0, ADMIN_CONDOLENCES_MAX)
        .flatMap((c) => {
          const t = db.tribute.findFirst((q) => q.where({ id: c.tribute_id }))
          const booking = t && db.booking.findFirst((q) => q.where({ id: t.booking_id }))
          const d = booking && db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
          if (!t || !booking) return []
          return [{ id: c.id, booking_id: booking.id, deceased_name: d ? `${d.first_name} ${d.last_name}` : '', slug: t.slug, published: t.published, name: c.name, message: c.message, status: c.status, at: c.created_at }]
        })
      return HttpResponse.json({ condolences })
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
