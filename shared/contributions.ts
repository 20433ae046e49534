/**
 * The rules of harambee (contributions through the family's link) that both backends follow, as
 * plain functions over plain data: who may manage the link, when a link takes pushes and how much
 * a relative may give, the limits on a link's pushes, and what the family and the public page are
 * shown. The wire shapes and words are shared/contracts/contributions.ts's.
 */
import { ApiError } from './errors'
import {
  CONTRIBUTION_PUSHES_PER_LINK,
  CONTRIBUTION_PUSHES_PER_PHONE,
  MSG_LINK_CLOSED,
  MSG_NOTHING_DUE,
  MSG_TOO_MANY_PUSHES,
  maskPhone,
  msgAmountAboveDue,
  publicName,
  type LinkStatus,
} from './contracts/contributions'

export const MSG_ONLY_FAMILY_INVITES = 'Only the family can invite contributions'
export const MSG_CONTRIBUTION_NOT_FOUND = 'Contribution not found'

/** A token is 43 url-safe characters: anything else is not one (and never reaches a store as more than a parameter). */
export const looksLikeToken = (token: string): boolean => /^[A-Za-z0-9_-]{20,100}$/.test(token)

/** Only the family invites, closes and thanks (403); anyone who may see the booking may look. */
export function refuseUnlessFamily(user: { role: string }, write: boolean): void {
  if (write && user.role !== 'client') throw new ApiError(403, MSG_ONLY_FAMILY_INVITES)
}

/** A link that is not open refuses: 409, "nothing is due" when settled, else "closed". */
export function refuseUnlessOpen(status: LinkStatus): void {
  if (status !== 'open') throw new ApiError(409, status === 'settled' ? MSG_NOTHING_DUE : MSG_LINK_CLOSED)
}

/** Pushes in CONTRIBUTION_RATE_WINDOW_MS through this link, and to this phone through any link: at the limit, 429. */
export function refuseTooManyContributionPushes(recent: { perLink: number; perPhone: number }): void {
  if (recent.perLink >= CONTRIBUTION_PUSHES_PER_LINK || recent.perPhone >= CONTRIBUTION_PUSHES_PER_PHONE) throw new ApiError(429, MSG_TOO_MANY_PUSHES)
}

/** A relative may give no more than is due less what other relatives' pushes hold right now (422). */
export function checkContribution(due: number, reserved: number, amount: number): void {
  const available = due - reserved
  if (amount > available) throw new ApiError(422, msgAmountAboveDue(available), { amount: msgAmountAboveDue(available) })
}

/** The latest of a booking's service dates (YYYY-MM-DD): its contribution link expires after it. */
export function lastServiceDate(dates: ReadonlyArray<string>): string | null {
  return [...dates].sort().at(-1) ?? null
}

/** A contribution as both stores hold it: a completed payment made through a link. */
export interface StoredContribution {
  id: number
  contributorName: string | null
  contributorAnonymous: boolean
  amount: number
  /** ISO 8601. */
  at: string
  contributorMessage: string | null
  contributorPhone: string | null
  receipt: string | null
  thanked: boolean
}

/** The family's list: who gave what, their words, and a masked number (enough to recognise, not to call). */
export function familyContribution(p: StoredContribution) {
  return {
    id: p.id,
    name: p.contributorName ?? '',
    anonymous: p.contributorAnonymous,
    amount: p.amount,
    at: p.at,
    message: p.contributorMessage,
    phone: p.contributorPhone ? maskPhone(p.contributorPhone) : null,
    receipt: p.receipt,
    thanked: p.thanked,
  }
}

/** The public page: the home, the deceased, the family's words and what is given and due; contributors by first name only (or a well-wisher). */
export function contributionPage(input: {
  status: LinkStatus
  home: { name: string; phone: string; email: string }
  deceasedName: string
  serviceDate: string | null
  message: string | null
  total: number
  due: number
  given: ReadonlyArray<{ name: string | null; anonymous: boolean; amount: number; at: string }>
}) {
  return {
    status: input.status,
    home: input.home,
    deceased_name: input.deceasedName,
    service_date: input.serviceDate,
    message: input.message,
    total: input.total,
    paid: input.total - input.due,
    amount_due: input.due,
    contributions: input.given.map((g) => ({ name: publicName(g.name ?? '', g.anonymous), amount: g.amount, at: g.at })),
  }
}
