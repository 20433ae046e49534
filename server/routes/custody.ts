/**
 * The chain of custody (not in SPEC.md; the README's deviations): GET and POST
 * /bookings/:id/custody, the same as the mock's (mocks/handlers/custody.ts). The family of the
 * booking, its attendant and admins read it; the assigned attendant and admins add to it; any other
 * booking answers 404.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { sql } from 'drizzle-orm'
import { CUSTODY_MESSAGES, CustodyRequest, checkCustody, custodyOrderProblem } from '../../shared/contracts/custody'
import { permitStatus } from '../../shared/rules'
import { requireAuth } from '../auth'
import { ApiError, parse, valid } from '../http'
import type { AppEnv } from '../types'
import type { Db } from '../db/client'
import * as repo from '../repo/bookings'
import * as custody from '../repo/custody'
import { logActivity } from '../repo/users'
import { storedSettings } from './settings'
import { visibleBooking } from './bookings'

const inCare = (status: string) => status !== 'completed' && status !== 'cancelled'

/**
 * Records one movement after the checks both backends make: the fields, the booking in care, the
 * order of the chain, and for a release the approved burial permit. The booking row is locked
 * meanwhile, so two attendants cannot both record the first receipt or a release; a release sets
 * the care record's released_at to the event's time.
 */
async function recordCustody(c: Context<AppEnv>, booking: repo.BookingRow, request: CustodyRequest, status: 200 | 201) {
  const { db } = c.var.deps
  const user = c.var.user
  const checked = checkCustody(request)
  if ('errors' in checked) throw new ApiError(422, checked.message, checked.errors)
  const { input } = checked
  const event = await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.execute(sql`SELECT id FROM bookings WHERE id = ${booking.id} FOR UPDATE`)
    const recorded = await custody.custodyEventsOf(tx, booking.id)
    // A body released before the chain was kept is released all the same.
    if ((await repo.careOf(tx, booking)).releasedAt && !recorded.some((e) => e.kind === 'released')) throw new ApiError(422, CUSTODY_MESSAGES.alreadyReleased)
    const order = custodyOrderProblem(recorded, input.kind)
    if (order === CUSTODY_MESSAGES.alreadyReleased) throw new ApiError(422, order)
    if (!inCare(booking.status)) throw new ApiError(422, CUSTODY_MESSAGES.notInCare)
    if (order) throw new ApiError(422, order)
    if (input.kind === 'released') {
      // Kenyan law: no body leaves the mortuary without an approved burial permit.
      const docs = (await repo.bookingDocuments(tx, booking.id)).map((d) => ({ document_type: d.documentType, status: d.status, created_at: d.createdAt.toISOString() }))
      if (permitStatus(docs) !== 'approved') throw new ApiError(422, CUSTODY_MESSAGES.permitNotApproved)
    }
    const row = await custody.insertCustodyEvent(tx, booking.id, user, input)
    if (input.kind === 'released') await repo.updateCare(tx, booking, { releasedAt: row.at })
    return row
  })
  if (input.kind === 'released') {
    await logActivity(db, 'booking', `Body for booking #${booking.id} released to ${input.receiver_name} (${input.receiver_relationship}) by ${user.name}`, user.id)
  }
  const message = input.kind === 'released' ? CUSTODY_MESSAGES.released : CUSTODY_MESSAGES.saved
  return c.json({ event: custody.wireCustodyEvent(event), booking: await repo.toWireBooking(db, booking), message }, status)
}

export const custodyRoutes = new Hono<AppEnv>()
  .get('/:id/custody', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const deceased = await repo.findDeceased(db, booking.deceasedId)
    const general = (await storedSettings(db)).general
    return c.json({
      booking_id: booking.id,
      deceased_first_name: deceased?.firstName ?? '',
      deceased_last_name: deceased?.lastName ?? '',
      home: { name: general.facilityName, phone: general.contactPhone || null, email: general.contactEmail || null },
      events: (await custody.custodyEventsOf(db, booking.id)).map(custody.wireCustodyEvent),
    })
  })

  .post('/:id/custody', requireAuth('morgue_attendant', 'admin'), valid('json', CustodyRequest), async (c) => {
    const booking = await visibleBooking(c)
    return recordCustody(c, booking, c.req.valid('json'), 201)
  })

  // The release is the chain's last event: the same checks, and the receiver's name, ID number and
  // relationship; kept as its own address for callers that use it.
  .post('/:id/release', requireAuth('morgue_attendant', 'admin'), async (c) => {
    const booking = await visibleBooking(c)
    const json: unknown = await c.req.json().catch(() => ({}))
    const request = parse(CustodyRequest, { ...(typeof json === 'object' && json !== null ? json : {}), kind: 'released' })
    return recordCustody(c, booking, request, 200)
  })
