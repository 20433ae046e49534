import { db, nextId } from '../../mocks/db'

/** A contribution link made straight in the mock's database (the family's side is tested through its screen). */
export async function seedLink(bookingId: number): Promise<string> {
  const token = 'T'.repeat(10) + String(bookingId).padStart(33, '0')
  await db.contributionLink.create({ id: nextId('contributionLink'), booking_id: bookingId, token, message: null, created_by: 1, created_at: new Date().toISOString(), closed_at: null })
  return token
}
