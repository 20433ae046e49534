import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'

/** Words of the dashboard's "Needs attention" and "Upcoming services", as Lingui descriptors. */
export const AGENDA_TEXT = {
  attention: msg`Needs attention`,
  attentionHint: msg`Urgent website messages, then services in the next 48 hours with something missing.`,
  urgentFrom: (name: string) => msg`Urgent message from ${name}`,
  urgentOpen: (name: string) => msg`Open the urgent message from ${name}`,
  attentionEmpty: msg`Nothing is missing for the services of the next 48 hours.`,
  upcoming: msg`Upcoming services`,
  upcomingHint: msg`The next 7 days, by date.`,
  upcomingEmpty: msg`No services in the next 7 days.`,
  open: (deceased: string) => msg`Open the case file of ${deceased}`,
  noAttendant: msg`No attendant`,
  preparation: msg`Preparation not done`,
  balance: (amount: string) => msg`Balance due ${amount}`,
  notSigned: msg`Agreement not signed`,
  paperMissing: (paper: string) => msg`${paper} missing`,
  paperRejected: (paper: string) => msg`${paper} rejected`,
  paperPending: (paper: string) => msg`${paper} waiting for review`,
  attendant: (name: string) => msg`Attendant: ${name}`,
  ready: msg`Ready`,
  toDo: (n: number) => msg`${plural(n, { one: '# thing to do', other: '# things to do' })}`,
} as const

export type PaperWords = (paper: string) => MessageDescriptor
export const PAPER_STATE_WORDS: Record<string, PaperWords> = {
  missing: AGENDA_TEXT.paperMissing,
  rejected: AGENDA_TEXT.paperRejected,
  pending: AGENDA_TEXT.paperPending,
}
