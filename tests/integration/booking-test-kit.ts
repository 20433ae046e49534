/** Shared steps for the booking integration tests: fill the wizard as a family would. */
import { expect } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { server } from '../../mocks/node'
import { addDays, nairobiDay } from '../../shared/dates'

export const today = () => nairobiDay()
export const daysFromToday = (n: number) => addDays(nairobiDay(), n)

/** The top bar's unread-messages count, which the portal refreshes on its own clock whatever the screen does. */
const BACKGROUND = new Set(['GET /api/messages/unread'])

/**
 * Every request the screen sends to the mock /api while the log is on ("METHOD /api/path"), and the
 * JSON bodies sent; the portal's background refresh is left out (a slow run may meet it).
 */
export function requestLog() {
  const seen: string[] = []
  const bodies: { call: string; body: unknown }[] = []
  const listener = ({ request }: { request: Request }) => {
    const call = `${request.method} ${new URL(request.url).pathname}`
    if (BACKGROUND.has(call)) return
    seen.push(call)
    if (request.method !== 'GET') {
      void request
        .clone()
        .text()
        .then((text) => bodies.push({ call, body: text ? (JSON.parse(text) as unknown) : null }))
    }
  }
  server.events.on('request:start', listener)
  return {
    get requests() {
      return seen
    },
    bodiesOf(call: string) {
      return bodies.filter((b) => b.call === call).map((b) => b.body)
    },
    stop: () => server.events.removeListener('request:start', listener),
  }
}

export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))

/**
 * Puts `value` into the field as a person would. Text arrives in one paste: typed a character at a
 * time, each key redrew the whole wizard and a walk to the review was a hundred redraws (a third of
 * these files' time); the field's checks run on the change either way. Dates and times are typed,
 * as a phone's picker fills them.
 */
export async function typeInto(user: UserEvent, label: string, value: string) {
  const input = field(label)
  await user.clear(input)
  if (!value) return
  if (input instanceof HTMLInputElement && ['date', 'time'].includes(input.type)) await user.type(input, value)
  else await user.paste(value)
}

export async function expectStep(n: 1 | 2 | 3 | 4, title: string) {
  expect(await screen.findByRole('heading', { level: 2, name: `Step ${n} of 4 · ${title}` }, { timeout: 5000 })).toBeInTheDocument()
}

export const cont = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Continue' }))
export const back = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Back' }))

export interface DeceasedInput {
  firstName: string
  lastName: string
  dateOfDeath: string
  placeOfDeath: string
  gender?: 'Male' | 'Female' | 'Other'
  religion?: string
}

export const JOSEPH: DeceasedInput = {
  firstName: 'Joseph',
  lastName: 'Mwangi',
  dateOfDeath: daysFromToday(-2),
  placeOfDeath: 'Kenyatta National Hospital',
  gender: 'Male',
  religion: 'Christian',
}

export async function chooseServices(user: UserEvent, names: string[]) {
  await screen.findByRole('checkbox', { name: names[0] })
  for (const name of names) await user.click(screen.getByRole('checkbox', { name }))
}

export async function fillDeceased(user: UserEvent, d: DeceasedInput) {
  // The step's code may still be arriving after Continue: a family waits for the form to appear.
  await screen.findByLabelText(/^First name/, undefined, { timeout: 5000 })
  await typeInto(user, 'First name', d.firstName)
  await typeInto(user, 'Last name', d.lastName)
  await typeInto(user, 'Date of death', d.dateOfDeath)
  await typeInto(user, 'Place of death', d.placeOfDeath)
  if (d.gender) await user.click(screen.getByRole('radio', { name: d.gender }))
  if (d.religion) await typeInto(user, 'Religion', d.religion)
}

export async function fillSchedule(user: UserEvent, s: { date: string; time: string; specialRequests?: string }) {
  await typeInto(user, 'Service date', s.date)
  await typeInto(user, 'Service time', s.time)
  if (s.specialRequests) await typeInto(user, 'Special requests', s.specialRequests)
}

/**
 * Services → deceased → schedule → the review, with the standard family data. Twenty days ahead by
 * default: past every seeded event (the demo's open bookings hold the hearses and the chapel within
 * two weeks), so the booking's hold never meets one.
 */
export async function walkToReview(user: UserEvent, options: { services?: string[]; date?: string; notes?: string } = {}) {
  await chooseServices(user, options.services ?? ['Basic Funeral', 'Hearse Transport'])
  await cont(user)
  await expectStep(2, 'About your loved one')
  await fillDeceased(user, JOSEPH)
  await cont(user)
  await expectStep(3, 'Schedule Service')
  await fillSchedule(user, { date: options.date ?? daysFromToday(20), time: '10:30', specialRequests: options.notes ?? 'Choir at the graveside' })
  await cont(user)
  await expectStep(4, 'Review & Confirm')
}

export async function waitForPath(location: () => { pathname: string }, pattern: RegExp) {
  await waitFor(() => expect(location().pathname).toMatch(pattern))
}
