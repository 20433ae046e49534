import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Booking } from '../../shared/contracts/bookings'
import { PREP_TASKS, type PrepTask } from '../../shared/contracts/morgue'
import { i18n } from '../lib/i18n'

const TASK_WORDS: Record<PrepTask, MessageDescriptor> = {
  received: msg`Received`,
  washed: msg`Washed`,
  embalmed: msg`Embalmed`,
  dressed: msg`Dressed`,
  casketed: msg`Casketed`,
  ready_for_viewing: msg`Ready for viewing`,
}

/** The preparation steps in the words the attendant, the office and the family read, in the language in use when read. */
export const TASK_LABELS = Object.defineProperties(
  {},
  Object.fromEntries(PREP_TASKS.map((task) => [task, { enumerable: true, get: () => i18n._(TASK_WORDS[task]) }])),
) as Readonly<Record<PrepTask, string>>

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
  if (p.released) return i18n._(msg`Released to the family`)
  if (p.done.length === 0) return i18n._(msg`Not started`)
  const total = p.total
  if (p.done.length === total) return i18n._(msg`All ${total} steps done`)
  const done = p.done.length
  const latest = TASK_LABELS[p.latest ?? p.done[0]!]
  return i18n._(msg`${done} of ${total} steps done (latest: ${latest})`)
}

/** Short form for a table cell: "2 of 6", "Released". */
export function preparationShort(p: Preparation): string {
  const done = p.done.length
  const total = p.total
  return p.released ? i18n._(msg`Released`) : i18n._(msg`${done} of ${total}`)
}

/**
 * The same progress in the words a grieving family reads: what it means for their loved one, not
 * the mortuary's checklist (the attendants and the office keep the precise steps above).
 */
export function preparationForFamily(p: Preparation): string {
  if (p.released) return i18n._(msg`Released to the family`)
  if (p.done.length === 0) return i18n._(msg`We will let you know when your loved one is in our care`)
  if (p.latest === 'ready_for_viewing' || p.done.length === p.total) return i18n._(msg`Your loved one is ready. Call us to arrange a viewing`)
  if (p.latest === 'dressed' || p.latest === 'casketed') return i18n._(msg`Your loved one has been dressed and is almost ready`)
  if (p.latest === 'received') return i18n._(msg`Your loved one is in our care`)
  return i18n._(msg`Your loved one is in our care and being prepared`)
}
