import { z } from 'zod/mini'
import { BookingDraft } from '../../../../machines/booking/booking-schemas'
import type { SavedWizard } from '../../../../machines/booking/booking-wizard.machine'

/**
 * The wizard's draft in this device's localStorage, one per family account, so it survives a reload
 * and a sign-out/sign-in until the booking is made or the family discards it.
 */
export const draftKey = (userId: string) => `afh-booking-draft:${userId}`

const Saved = z.object({
  version: z.literal(1),
  step: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  draft: BookingDraft,
  deceasedId: z.nullable(z.string()),
  savedAt: z.string(),
})

/** The saved draft, or null when there is none or it cannot be read (then it is dropped). */
export function loadDraft(userId: string): SavedWizard | null {
  try {
    const raw = localStorage.getItem(draftKey(userId))
    if (!raw) return null
    const parsed = Saved.safeParse(JSON.parse(raw))
    if (!parsed.success) {
      localStorage.removeItem(draftKey(userId))
      return null
    }
    const { step, draft, deceasedId } = parsed.data
    return { step, draft, deceasedId }
  } catch {
    return null
  }
}

export function saveDraft(userId: string, saved: SavedWizard): void {
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify({ version: 1, ...saved, savedAt: new Date().toISOString() }))
  } catch {
    /* storage full or private mode: the wizard still works, only the draft is not kept */
  }
}

export function clearDraft(userId: string): void {
  try {
    localStorage.removeItem(draftKey(userId))
  } catch {
    /* nothing stored */
  }
}
