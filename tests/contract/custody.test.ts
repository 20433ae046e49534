/** The chain of custody of a body: the same on both backends. */
import { describe, expect, it } from 'vitest'
import { call, demo, fixtures, login, loginAs, seed as db, useBackend } from './target'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { BookingResponse } from '../../shared/contracts/bookings'
import { amountDueNow } from '../../shared/urgency'
import { ColdRoomFull, CUSTODY_MESSAGES, CustodyRecord, CustodySaved } from '../../shared/contracts/custody'

useBackend()

const RECEIVER = { receiver_name: 'James Achieng', receiver_id_number: '23 456 789', receiver_relationship: 'Son' }

/** The demo attendant's case for Rose Achieng (seeded: received, then moved to bay 3). */
function rose() {
  const d = db.deceased.findFirst((q) => q.where({ first_name: 'Rose', last_name: 'Achieng' }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  if (!b) throw new Error('no Rose')
  return b
}

async function custodyOf(id: number, token: string) {
  const res = await call('GET', `/bookings/${id}/custody`, { token })
  expect(res.status).toBe(200)
  return CustodyRecord.parse(res.json)
}

describe('the chain of custody', () => {
  it('the family, its attendant and admins read the same record; anyone else gets 404', async () => {
    const b = rose()
    const attendant = await loginAs('morgue_attendant')
    const record = await custodyOf(b.id, attendant)
    expect(record).toMatchObject({ booking_id: String(b.id), deceased_first_name: 'Rose', deceased_last_name: 'Achieng', home: { name: 'Amani Funeral Home' } })
    expect(record.events.map((e) => [e.kind, e.location, e.by_name])).toEqual([
      ['received', 'Mortuary receiving room', demo('morgue_attendant').name],
      ['moved_to_storage', 'Cold room, bay 3', demo('morgue_attendant').name],
    ])
    expect(await custodyOf(b.id, await loginAs('client'))).toEqual(record)
    expect(await custodyOf(b.id, await loginAs('admin'))).toEqual(record)

    expect((await call('GET', `/bookings/${b.id}/custody`)).status).toBe(401)
    const colleague = db.user.findMany((q) => q.where({ role: 'morgue_attendant' })).find((u) => u.id !== b.attendant_id)
    const otherFamily = db.user.findMany((q) => q.where({ role: 'client' })).find((u) => u.id !== b.client_id && u.email.endsWith('@example.co.ke'))
    if (!colleague || !otherFamily) throw new Error('seed')
    for (const email of [colleague.email, otherFamily.email]) {
      const res = await call('GET', `/bookings/${b.id}/custody`, { token: await login(email, SEED_USER_PASSWORD) })
      expect(res.status).toBe(404)
      expect(res.json).toMatchObject({ message: 'Booking not found' })
    }
  })

  it('the assigned attendant records a movement: the time is the server\'s, the staff member the token\'s', async () => {
    const b = rose()
    const token = await loginAs('morgue_attendant')
    const before = Date.now()
    const res = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'moved_to_storage', location: '  Cold room, bay 5 ', at: '2001-01-01T00:00:00Z', by_name: 'Someone else' } })
    expect(res.status).toBe(201)
    const saved = CustodySaved.parse(res.json)
    expect(saved).toMatchObject({ message: 'Movement recorded', event: { kind: 'moved_to_storage', location: 'Cold room, bay 5', by_name: demo('morgue_attendant').name, by_role: 'morgue_attendant', receiver_name: null } })
    const at = Date.parse(saved.event.at)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)

    const prepared = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'prepared' } })
    expect(prepared.status).toBe(201)
    expect(CustodySaved.parse(prepared.json).event).toMatchObject({ kind: 'prepared', location: null })
    expect((await custodyOf(b.id, token)).events.map((e) => e.kind)).toEqual(['received', 'moved_to_storage', 'moved_to_storage', 'prepared'])
  })

  it('refuses bad input with the 422 { message, errors } shape, naming each missing field', async () => {
    const b = rose()
    const token = await loginAs('morgue_attendant')
    const noBay = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'moved_to_storage', location: '   ' } })
    expect(noBay.status).toBe(422)
    expect(noBay.json).toEqual({ message: CUSTODY_MESSAGES.locationRequired, errors: { location: CUSTODY_MESSAGES.locationRequired } })

    const noReceiver = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'released', receiver_id_number: '12-3' } })
    expect(noReceiver.status).toBe(422)
    expect(noReceiver.json).toEqual({
      message: CUSTODY_MESSAGES.receiverNameRequired,
      errors: { receiver_name: CUSTODY_MESSAGES.receiverNameRequired, receiver_id_number: CUSTODY_MESSAGES.receiverIdInvalid, receiver_relationship: CUSTODY_MESSAGES.relationshipRequired },
    })

    const tooLong = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'prepared', location: 'x'.repeat(101) } })
    expect(tooLong.json).toMatchObject({ message: 'Location must be at most 100 characters' })
    const unknown = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'buried' } })
    expect(unknown.status).toBe(422)
    expect(unknown.json).toMatchObject({ message: expect.stringContaining('Choose what happened'), errors: { kind: expect.any(String) } })
    expect((await custodyOf(b.id, token)).events).toHaveLength(2)
  })

  it('the chain starts with one receipt; only the assigned attendant and admins add to it', async () => {
    const b = rose()
    const token = await loginAs('morgue_attendant')
    const again = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'received' } })
    expect(again.json).toEqual({ message: CUSTODY_MESSAGES.alreadyReceived })

    // A booking of another attendant: 404 for this one; an admin may record on it, receipt first.
    const other = db.booking.findMany((q) => q.where({ status: 'confirmed' })).find((x) => x.attendant_id !== b.attendant_id && x.attendant_id !== null)
    if (!other) throw new Error('no other confirmed booking')
    expect((await call('POST', `/bookings/${other.id}/custody`, { token, body: { kind: 'received' } })).status).toBe(404)
    const admin = await loginAs('admin')
    const early = await call('POST', `/bookings/${other.id}/custody`, { token: admin, body: { kind: 'prepared' } })
    expect(early.status).toBe(422)
    expect(early.json).toMatchObject({ message: CUSTODY_MESSAGES.receiveFirst })
    const received = await call('POST', `/bookings/${other.id}/custody`, { token: admin, body: { kind: 'received', location: 'Main gate' } })
    expect(received.status).toBe(201)
    expect(CustodySaved.parse(received.json).event).toMatchObject({ by_name: demo('admin').name, by_role: 'admin', location: 'Main gate' })

    // The family reads but does not write.
    const family = await call('POST', `/bookings/${b.id}/custody`, { token: await loginAs('client'), body: { kind: 'prepared' } })
    expect(family.status).toBe(403)

    // A finished booking is no longer in the morgue's care.
    const done = db.booking.findMany((q) => q.where({ status: 'completed' }))[0]
    if (!done) throw new Error('no completed booking')
    const late = await call('POST', `/bookings/${done.id}/custody`, { token: admin, body: { kind: 'received' } })
    expect(late.json).toMatchObject({ message: CUSTODY_MESSAGES.notInCare })
  })

  it('the release needs the approved permit and the receiver; it releases the body and ends the chain', async () => {
    const b = rose()
    const token = await loginAs('morgue_attendant')
    const refused = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'released', ...RECEIVER } })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ message: CUSTODY_MESSAGES.permitNotApproved })

    await fixtures.addDocument({ booking_id: b.id, uploaded_by: b.client_id, name: 'permit.pdf', document_type: 'burial_permit', status: 'approved' })
    // A balance is owed: a body is never held for a bill, so it is released all the same and the balance stays owed.
    const owing = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(amountDueNow(owing)).toBeGreaterThan(0)
    const due = amountDueNow(owing)
    // The arrangement for the balance is recorded with its reason (a reason is asked for; the balance itself refuses nothing).
    const PLAN = { settlement: 'payment_plan', settlement_reason: 'KSH 2,000 a month from January, agreed with the son' }
    const noReason = await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'released', ...RECEIVER, settlement: 'waived', settlement_reason: ' ' } })
    expect(noReason.status).toBe(422)
    expect(noReason.json).toMatchObject({ errors: { settlement_reason: CUSTODY_MESSAGES.settlementReasonRequired } })
    expect((await call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'released', ...RECEIVER, settlement: 'later' } })).status).toBe(422)
    // Two attendants' phones at the same moment: one release is kept.
    const [one, two] = await Promise.all([0, 1].map(() => call('POST', `/bookings/${b.id}/custody`, { token, body: { kind: 'released', ...RECEIVER, ...PLAN } })))
    expect([one?.status, two?.status].sort()).toEqual([201, 422])
    const res = one?.status === 201 ? one : two
    const saved = CustodySaved.parse(res?.json)
    expect(saved.message).toBe('Body released to the family')
    expect(saved.event).toMatchObject({ kind: 'released', receiver_name: 'James Achieng', receiver_id_number: '23456789', receiver_relationship: 'Son' })
    expect(saved.booking.morgue?.released_at).toBe(saved.event.at)

    for (const body of [{ kind: 'prepared' }, { kind: 'released', ...RECEIVER }]) {
      const after = await call('POST', `/bookings/${b.id}/custody`, { token, body })
      expect(after.json).toEqual({ message: CUSTODY_MESSAGES.alreadyReleased })
    }
    expect((await call('POST', `/bookings/${b.id}/release`, { token, body: RECEIVER })).json).toEqual({ message: CUSTODY_MESSAGES.alreadyReleased })
    const family = await custodyOf(b.id, await loginAs('client'))
    expect(family.events.at(-1)).toMatchObject({ kind: 'released', receiver_name: 'James Achieng', by_name: demo('morgue_attendant').name })
    const booking = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(booking.morgue?.released_at).toBe(saved.event.at)
    // The booked balance (storage as booked) is untouched by the release.
    const booked = (x: typeof owing) => amountDueNow({ ...x, charges_to_date: null })
    expect([booking.payment_status, booking.amount_paid, booked(booking)]).toEqual([owing.payment_status, owing.amount_paid, booked(owing)])
    // Kept once in the booking's audit (the office's history): the balance as the body left, the arrangement and why.
    const audit = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token: await loginAs('admin') })).json).audit
    expect(audit.filter((a) => a.field === 'release')).toEqual([expect.objectContaining({ field: 'release', from: String(due), to: 'payment_plan', reason: PLAN.settlement_reason, by: demo('morgue_attendant').name })])
  })

  it('POST /release is the same release, and records the receiver in the chain', async () => {
    const b = rose()
    const token = await loginAs('morgue_attendant')
    await fixtures.addDocument({ booking_id: b.id, uploaded_by: b.client_id, name: 'permit.pdf', document_type: 'burial_permit', status: 'approved' })
    const bare = await call('POST', `/bookings/${b.id}/release`, { token })
    expect(bare.status).toBe(422)
    expect(bare.json).toMatchObject({ message: CUSTODY_MESSAGES.receiverNameRequired })
    const ok = await call('POST', `/bookings/${b.id}/release`, { token, body: RECEIVER })
    expect(ok.status).toBe(200)
    expect(BookingResponse.parse(ok.json).morgue?.released_at).toBeTruthy()
    expect((await custodyOf(b.id, token)).events.at(-1)).toMatchObject({ kind: 'released', receiver_relationship: 'Son' })
  })
})

describe('the cold room', () => {
  it('a body received into a full cold room is refused with what is there (409), one yes and one no when two race for the last place; an admin receives it with a reason, kept in the activity log; a home with no cold room on the calendar is not checked', async () => {
    const admin = await loginAs('admin')
    // The bodies the seed has received and not released.
    const events = db.custodyEvent.findMany()
    const released = new Set(events.filter((e) => e.kind === 'released').map((e) => e.booking_id))
    const inRoom = events.filter((e) => e.kind === 'received' && !released.has(e.booking_id)).map((e) => e.booking_id)
    expect(inRoom.length).toBeGreaterThan(0)
    const waiting = db.booking.findMany().filter((b) => b.status !== 'completed' && b.status !== 'cancelled' && !events.some((e) => e.booking_id === b.id))
    const [first, second, third] = waiting
    if (!first || !second || !third) throw new Error('three bookings in care with no receipt')
    // No cold room on the calendar yet: received as before.
    expect((await call('POST', `/bookings/${first.id}/custody`, { token: admin, body: { kind: 'received' } })).status).toBe(201)
    // A cold room with one place left: two receipts race for it, one is kept.
    const capacity = inRoom.length + 2
    expect((await call('POST', '/calendar/resources', { token: admin, body: { kind: 'cold_room', name: 'Cold room', capacity } })).status).toBe(201)
    const raced = await Promise.all([second, third].map((b) => call('POST', `/bookings/${b.id}/custody`, { token: admin, body: { kind: 'received' } })))
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409])
    const winner = raced[0]?.status === 201 ? second : third
    const loser = winner === second ? third : second
    const answer = ColdRoomFull.parse(raced.find((r) => r.status === 409)?.json)
    expect(answer).toMatchObject({ message: CUSTODY_MESSAGES.coldRoomFull, capacity })
    expect(answer.bodies.map((b) => Number(b.booking_id)).sort((a, b) => a - b)).toEqual([...inRoom, first.id, winner.id].sort((a, b) => a - b))
    const d = db.deceased.findFirst((q) => q.where({ id: first.deceased_id }))
    expect(answer.bodies).toContainEqual({ booking_id: String(first.id), name: `${d?.first_name} ${d?.last_name}` })
    expect((await custodyOf(loser.id, admin)).events).toEqual([])
    // Only an admin's reason lets it in.
    const reason = 'Second cold room being repaired; body kept on ice in bay 4'
    const over = await call('POST', `/bookings/${loser.id}/custody`, { token: admin, body: { kind: 'received', override_reason: reason } })
    expect(over.status).toBe(201)
    const stats = await call<{ recentActivities: Array<{ message: string }> }>('GET', '/users/admin/statistics', { token: admin })
    expect(stats.json.recentActivities.map((a) => a.message)).toContain(`Body for booking #${loser.id} received into a full cold room by ${demo('admin').name}: ${reason}`)
  })
})
