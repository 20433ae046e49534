import type { Booking } from '../api/contracts/bookings'
import { PREP_TASKS, type PrepTask } from '../api/contracts/morgue'

/** The preparation steps in the words the attendant, the office and the family read. */
export const TASK_LABELS: Record<PrepTask, string> = {
  received: 'Received',
  washed: 'Washed',
  embalmed: 'Embalmed',
  dressed: 'Dressed',
  casketed: 'Casketed',
  ready_for_viewing: 'Ready for viewing',
}

export interface Preparation {
  done: PrepTask[]
  total: number
  /** The last step ticked, in the checklist's order. */
  latest: PrepTask | null
  released: boolean
}

/** How far the preparation of a booking's body has come, from the attendant's ticked tasks. */
export function preparationOf(b: Pick<Booking, 'morgue'>): Preparation {
  const done = PREP_TASKS.filter((t) => b.morgue?.tasks.includes(t))
  return { done, total: PREP_TASKS.length, latest: done.at(-1) ?? null, released: !!b.morgue?.released_at }
}

/** "Not started", "2 of 6 steps done (latest: Washed)", "All 6 steps done", "Released to the family". */
export function preparationText(p: Preparation): string {
  if (p.released) return 'Released to the family'
  if (p.done.length === 0) return 'Not started'
  if (p.done.length === p.total) return `All ${p.total} steps done`
  return `${p.done.length} of ${p.total} steps done (latest: ${TASK_LABELS[p.latest ?? p.done[0]!]})`
}

/** Short form for a table cell: "2 of 6", "Released". */
export function preparationShort(p: Preparation): string {
  return p.released ? 'Released' : `${p.done.length} of ${p.total}`
}

/**
 * The same progress in the words a grieving family reads: what it means for their loved one, not
 * the mortuary's checklist (the attendants and the office keep the precise steps above).
 */
export function preparationForFamily(p: Preparation): string {
  if (p.released) return 'Released to the family'
  if (p.done.length === 0) return 'We will let you know when your loved one is in our care'
  if (p.latest === 'ready_for_viewing' || p.done.length === p.total) return 'Your loved one is ready. Call us to arrange a viewing'
  if (p.latest === 'dressed' || p.latest === 'casketed') return 'Your loved one has been dressed and is almost ready'
  if (p.latest === 'received') return 'Your loved one is in our care'
  return 'Your loved one is in our care and being prepared'
}
