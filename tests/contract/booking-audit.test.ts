/** The audit trail of booking changes and the amount paid: the same on both backends. */
import { describe, expect, it } from 'vitest'
import { call, demo, loginAs, seed as db, useBackend } from './target'
import { BookingResponse, MSG_PAID_NEEDS_REASON } from '../../shared/contracts/bookings'
import { amountPaid } from '../../mocks/serialize'

useBackend()

function bookingWhere(test: (id: number) => boolean) {
  const b = db.booking.findMany((q) => q.where({ status: (s) => s !== 'cancelled' && s !== 'completed' })).find((x) => test(x.id) && x.payment_status !== 'paid')
  if (!b) throw new Error('no booking to change')
  return b
}

describe('the audit trail of booking changes', () => {
  it('marking paid with no completed payment needs a receipt number or reason, and records who', async () => {
    const admin = await loginAs('admin')
    const b = bookingWhere((id) => amountPaid(id) === 0)
    const refused = await call('PATCH', `/bookings/${b.id}/payment`, { token: admin, body: { payment_status: 'paid' } })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ message: MSG_PAID_NEEDS_REASON })

    const ok = await call('PATCH', `/bookings/${b.id}/payment`, { token: admin, body: { payment_status: 'paid', reason: 'Receipt 0042' } })
    expect(ok.status).toBe(200)
    const booking = BookingResponse.parse(ok.json)
    expect(booking.payment_status).toBe('paid')
    expect(booking.audit).toEqual([
      expect.objectContaining({ by: 'Grace Wanjiru', field: 'payment_status', from: b.payment_status, to: 'paid', reason: 'Receipt 0042' }),
    ])
    expect(Number.isNaN(Date.parse(booking.audit[0]?.at ?? ''))).toBe(false)
  })

  it('cancelling keeps the payment status unless a refund is asked for; both changes are kept', async () => {
    const admin = await loginAs('admin')
    const paid = bookingWhere((id) => amountPaid(id) > 0)
    const res = await call('PATCH', `/bookings/${paid.id}/status`, { token: admin, body: { status: 'cancelled', notes: 'Family moved', refund: true } })
    const booking = BookingResponse.parse(res.json)
    expect(booking).toMatchObject({ status: 'cancelled', payment_status: 'refunded', notes: 'Family moved' })
    expect(booking.amount_paid).toBe(amountPaid(paid.id))
    expect(booking.audit.map((a) => [a.field, a.from, a.to, a.reason])).toEqual([
      ['status', paid.status, 'cancelled', 'Family moved'],
      ['payment_status', paid.payment_status, 'refunded', 'Family moved'],
    ])

    const other = bookingWhere((id) => id !== paid.id)
    const kept = BookingResponse.parse((await call('PATCH', `/bookings/${other.id}/status`, { token: admin, body: { status: 'cancelled' } })).json)
    expect(kept.payment_status).toBe(other.payment_status)
    expect(kept.audit).toHaveLength(1)
  })

  it('every booking in a list carries what was paid and its (so far empty) trail', async () => {
    const admin = await loginAs('admin')
    const res = await call<{ bookings: Array<{ id: number; amount_paid: number; audit: unknown[] }> }>('GET', '/bookings', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.bookings.length).toBe(db.booking.findMany().length)
    for (const b of res.json.bookings) {
      expect(b.amount_paid).toBe(amountPaid(b.id))
      expect(b.audit).toEqual([])
    }
  })

  it('a family cancelling its own booking cannot ask for a refund; a payment status set again is not a change', async () => {
    const client = await loginAs('client')
    const me = db.user.findFirst((q) => q.where({ email: demo('client').email }))
    const own = db.booking.findMany((q) => q.where({ client_id: me?.id ?? -1, status: 'pending' })).find((b) => b.payment_status !== 'refunded')
    expect(own).toBeDefined()
    const res = await call('PATCH', `/bookings/${own?.id}/status`, { token: client, body: { status: 'cancelled', refund: true } })
    expect(res.status).toBe(200)
    const booking = BookingResponse.parse(res.json)
    expect(booking.payment_status).toBe(own?.payment_status)
    expect(booking.audit.map((a) => [a.field, a.by])).toEqual([['status', demo('client').name]])
    const admin = await loginAs('admin')
    const b = bookingWhere(() => true)
    const same = BookingResponse.parse((await call('PATCH', `/bookings/${b.id}/payment`, { token: admin, body: { payment_status: b.payment_status } })).json)
    expect(same.audit).toEqual([])
  })
})
