import { vi } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import { db, nextId } from '../../mocks/db'

/** A contribution link made straight in the mock's database (the family's side is tested through its screen). */
export async function seedLink(bookingId: number, closedAt: string | null = null): Promise<{ token: string; id: number }> {
  const token = 'T'.repeat(10) + String(bookingId).padStart(33, '0')
  const id = nextId('contributionLink')
  await db.contributionLink.create({ id, booking_id: bookingId, token, message: null, created_by: 1, created_at: new Date().toISOString(), closed_at: closedAt })
  return { token, id }
}

/** A relative's completed contribution, as the mock records one after M-Pesa's success. */
export async function seedContribution(
  booking: { id: number; client_id: number },
  linkId: number,
  c: { name: string; amount: number; message?: string | null; anonymous?: boolean; at?: string; receipt?: string },
): Promise<number> {
  const id = nextId('payment')
  await db.payment.create({
    id,
    booking_id: booking.id,
    client_id: booking.client_id,
    transaction_id: c.receipt ?? `RCP${String(id).padStart(7, '0')}`,
    payment_method: 'mpesa',
    status: 'completed',
    amount: c.amount,
    payment_date: c.at ?? new Date().toISOString(),
    phone: '0712 ••• 678',
    checkout_request_id: null,
    result_desc: null,
    contribution_link_id: linkId,
    contributor_name: c.name,
    contributor_message: c.message ?? null,
    contributor_anonymous: c.anonymous ?? false,
    contributor_phone: '254712345678',
    thanked_at: null,
  })
  return id
}

/**
 * Moves the payment machine's 5-second checks on (fake timers that also run by themselves) until
 * `shown` passes: the page's last word on the payment.
 */
export async function checkPaymentUntil(shown: () => void): Promise<void> {
  await waitFor(
    async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500)
      })
      shown()
    },
    { timeout: 60_000, interval: 10 },
  )
}
