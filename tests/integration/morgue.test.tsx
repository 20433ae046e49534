import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { activateLocale } from '../../src/lib/i18n'
import { casePath } from '../../src/features/morgue/case-path'
import { nairobiDay } from '../../shared/dates'
import { findToast, renderAt, toastsText } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

const careOf = (first: string, last: string) => {
  const d = db.deceased.findFirst((q) => q.where({ first_name: first, last_name: last }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  return b ? db.morgueCare.findFirst((q) => q.where({ booking_id: b.id })) : undefined
}

const counter = (label: string) => screen.getByRole('group', { name: label })

/** The demo attendant's booking for this deceased (the seed may reuse a name elsewhere). */
const bookingOf = (first: string, last: string) => {
  const attendant = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
  const ids = db.deceased.findMany((q) => q.where({ first_name: first, last_name: last })).map((d) => d.id)
  const b = db.booking.findMany((q) => q.where({ attendant_id: attendant.id })).find((x) => ids.includes(x.deceased_id))
  if (!b) throw new Error(`${first} ${last}`)
  return b
}

/** An urgent panel of the dashboard, once its data is in. */
const panel = async (name: string) => screen.findByRole('region', { name })

describe('Morgue attendant portal', () => {
  it('dashboard counts come from the attendant\'s own bookings and link to bodies and tasks', async () => {
    await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Morgue Dashboard' })).toBeInTheDocument()
    await waitFor(() => expect(counter('Scheduled transfers')).toHaveTextContent('2'))
    expect(counter('Storage alerts')).toHaveTextContent('1')
    expect(counter('Bodies in storage')).toHaveTextContent('2')
    expect(counter('Pending tasks')).toHaveTextContent('7')
    expect(screen.getByRole('link', { name: 'View bodies' })).toHaveAttribute('href', paths.morgue.bodies)
    expect(screen.getByRole('link', { name: 'View tasks' })).toHaveAttribute('href', paths.morgue.tasks)
  })

  it('the dashboard leads with what is urgent, each case one tap away, and keeps the four cards below', async () => {
    await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
    const teresia = bookingOf('Teresia', 'Auma')
    const rose = bookingOf('Rose', 'Achieng')
    // Teresia's cremation is tomorrow morning; Rose's service is five days away.
    const soon = await panel('Services in the next 48 hours')
    await waitFor(() => expect(within(soon).getAllByRole('link').map((a) => a.textContent)).toEqual(['Teresia Auma']))
    expect(within(soon).getByRole('link', { name: 'Teresia Auma' })).toHaveAttribute('href', casePath(String(teresia.id)))
    expect(within(soon).getByText('Kariokor Crematorium, Nairobi')).toBeInTheDocument()
    // Neither can be released: Rose's permit is missing, Teresia's was rejected, with the office's reason.
    const blocked = await panel('Cannot be released')
    const item = (region: HTMLElement, name: string) => within(region).getByRole('link', { name }).closest('li') as HTMLElement
    expect(item(blocked, 'Rose Achieng')).toHaveTextContent('Burial permit not uploaded')
    expect(item(blocked, 'Teresia Auma')).toHaveTextContent('Burial permit rejected: The scan is not legible. Please upload a clearer copy.')
    expect(within(item(blocked, 'Rose Achieng')).getByRole('link', { name: /^07/ }).getAttribute('href')).toMatch(/^tel:07\d{8}$/)
    expect(within(blocked).getByRole('link', { name: 'Rose Achieng' })).toHaveAttribute('href', casePath(String(rose.id)))
    // The day before the service the remaining steps are late.
    const late = await panel('Preparation overdue')
    expect(within(late).getAllByRole('link').map((a) => a.textContent)).toEqual(['Teresia Auma'])
    expect(item(late, 'Teresia Auma')).toHaveTextContent('Late: Dressed, Casketed, Ready for viewing')
    expect(within(await panel('Transfers today')).getByText('No transfers today.')).toBeInTheDocument()
    // SPEC.md's cards stay, after the urgent work.
    const urgentHeading = screen.getByRole('heading', { level: 2, name: 'Needs attention' })
    expect(urgentHeading.compareDocumentPosition(counter('Scheduled transfers')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(counter('Storage alerts')).toHaveTextContent('1')
  })

  it('"My day" leads the dashboard: today\'s events of the attendant\'s cases and those holding them as staff, in order, in Nairobi time, with where and the family; an empty day says so', async () => {
    // A simulated clock: 08:00 in Nairobi on a day the seed books nothing.
    const day = '2031-03-14'
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse(`${day}T08:00:00+03:00`))
    try {
      const empty = await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
      const first = await screen.findByRole('region', { name: 'My day' })
      expect(await within(first).findByText('Nothing on the calendar for your cases today.')).toBeInTheDocument()
      expect(first.compareDocumentPosition(screen.getByRole('heading', { level: 2, name: 'Needs attention' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      empty.unmount()

      const rose = bookingOf('Rose', 'Achieng')
      const teresia = bookingOf('Teresia', 'Auma')
      const attendant = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
      const someoneElses = db.booking.findMany().find((b) => b.attendant_id !== attendant.id)!
      const chapel = db.calendarResource.findFirst((q) => q.where({ kind: 'chapel' }))!
      const hearse = db.calendarResource.findFirst((q) => q.where({ kind: 'hearse' }))!
      const at = (time: string, d = day) => new Date(`${d}T${time}:00+03:00`).toISOString()
      let id = 9100
      const event = (title: string, booking_id: number, from: string, to: string, resource: number) =>
        db.calendarEvent.create({ id: id++, title, booking_id, starts_at: from, ends_at: to, resource_ids: [resource], override_reason: null, created_by: null, created_at: at('07:00') })
      await event('Service: Rose Achieng', rose.id, at('14:00'), at('15:30'), chapel.id)
      // A trip that left yesterday evening and is back this morning: it shows its day.
      await event('Teresia Auma', teresia.id, at('18:00', '2031-03-13'), at('09:30'), hearse.id)
      await event('Not mine', someoneElses.id, at('10:00'), at('11:00'), chapel.id)
      await event('Tomorrow', rose.id, at('10:00', '2031-03-15'), at('11:00', '2031-03-15'), chapel.id)
      // On the calendar as a driver too (his account linked): a trip of another's case, shown without its case.
      await db.calendarResource.create({ id: 9190, kind: 'driver', name: 'Peter (driver)', capacity: null, user_id: attendant.id, created_at: at('07:00') })
      await db.calendarEvent.create({ id: 9199, title: 'Trip to Kisumu', booking_id: someoneElses.id, starts_at: at('11:00'), ends_at: at('13:00'), resource_ids: [hearse.id, 9190], override_reason: null, created_by: null, created_at: at('07:00') })

      await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
      const mine = await screen.findByRole('list', { name: 'My day' })
      await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(3))
      const [trip, driving, service] = within(mine).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement]
      expect(driving).toHaveTextContent(`11:00–13:00Trip to KisumuAt: ${hearse.name}`)
      expect(within(driving).queryByRole('link')).toBeNull()
      expect(trip).toHaveTextContent('13 Mar, 18:00–09:30')
      expect(within(trip).getByRole('link', { name: 'Teresia Auma' })).toHaveAttribute('href', casePath(String(teresia.id)))
      expect(trip).toHaveTextContent(`At: ${hearse.name}`)
      expect(service).toHaveTextContent('14:00–15:30')
      expect(within(service).getByRole('link', { name: 'Service: Rose Achieng' })).toHaveAttribute('href', casePath(String(rose.id)))
      expect(service).toHaveTextContent('At: Chapel')
      expect(service).toHaveTextContent('Rose Achieng')
      expect(within(service).getByRole('link', { name: /^07/ }).getAttribute('href')).toMatch(/^tel:07\d{8}$/)
    } finally {
      vi.useRealTimers()
    }
  })

  it('the attendant makes, copies, renews and turns off their private calendar address from My calendar', async () => {
    const user = userEvent.setup()
    await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
    await user.click(await screen.findByRole('link', { name: 'My calendar' }))
    const panel = await screen.findByRole('region', { name: 'Calendar on your phone' })
    expect(within(panel).queryByRole('textbox', { name: 'Feed address' })).toBeNull()
    await user.click(within(panel).getByRole('button', { name: 'Make my feed address' }))
    const address = await within(panel).findByRole('textbox', { name: 'Feed address' })
    const first = (address as HTMLInputElement).value
    expect(first).toMatch(/\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/)
    const attendant = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
    expect(db.calendarFeed.findFirst((q) => q.where({ user_id: attendant.id }))?.token).toBe(first.slice(-68, -4))
    await user.click(within(panel).getByRole('button', { name: 'Copy address' }))
    expect(await within(panel).findByText('Address copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(first)
    // A new address kills the old one.
    await user.click(within(panel).getByRole('button', { name: 'Make a new address' }))
    await waitFor(() => expect((within(panel).getByRole('textbox', { name: 'Feed address' }) as HTMLInputElement).value).not.toBe(first))
    expect(db.calendarFeed.findMany((q) => q.where({ user_id: attendant.id }))).toHaveLength(1)
    await user.click(within(panel).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(within(panel).queryByRole('textbox', { name: 'Feed address' })).toBeNull())
    expect(db.calendarFeed.findFirst((q) => q.where({ user_id: attendant.id }))).toBeUndefined()
  })

  it('today\'s transfers show when, from where and to where; a case link opens that body\'s panel', async () => {
    const user = userEvent.setup()
    const rose = bookingOf('Rose', 'Achieng')
    await db.booking.update((q) => q.where({ id: rose.id }), { data: (b) => void b.lines.forEach((l) => (l.scheduled_date = `${nairobiDay(new Date())}T16:30:00`)) })
    const { location } = await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
    const today = await panel('Transfers today')
    await waitFor(() => expect(within(today).getByRole('link', { name: 'Rose Achieng' })).toBeInTheDocument())
    const card = within(today).getByRole('link', { name: 'Rose Achieng' }).closest('li') as HTMLElement
    expect(card).toHaveTextContent('16:30, Scheduled')
    expect(card).toHaveTextContent('Pickup: Our mortuary')
    expect(card).toHaveTextContent('Destination: Holy Family Basilica, Nairobi')
    await user.click(within(today).getByRole('link', { name: 'Rose Achieng' }))
    const detail = await screen.findByRole('dialog')
    expect(within(detail).getByText('Cannot release: the family has not uploaded the burial permit yet.')).toBeInTheDocument()
    expect(location().pathname).toBe(casePath(String(rose.id)))
    await user.click(within(detail).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(location().pathname).toBe(paths.morgue.bodyManagement))
  })

  it('a case opened by its address gives the office\'s reason for a rejected permit, the pickup and the destination', async () => {
    const teresia = bookingOf('Teresia', 'Auma')
    await renderAt(casePath(String(teresia.id)), { as: 'morgueAttendant' })
    const detail = await screen.findByRole('dialog')
    expect(within(detail).getByText("The office's reason: The scan is not legible. Please upload a clearer copy.")).toBeInTheDocument()
    expect(within(detail).getByText('Pickup', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Our mortuary')
    expect(within(detail).getByText('Destination', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Kariokor Crematorium, Nairobi')
    expect(within(detail).getByRole('link', { name: /^07/ }).getAttribute('href')).toMatch(/^tel:07\d{8}$/)
  })

  it('body management lists the bodies, and the detail panel says why a body cannot be released', async () => {
    const user = userEvent.setup()
    await renderAt(paths.morgue.bodyManagement, { as: 'morgueAttendant' })
    const list = await screen.findByRole('list', { name: 'Bodies assigned to you' })
    const rose = within(list).getByRole('heading', { name: 'Rose Achieng' }).closest('li') as HTMLElement
    expect(within(rose).getByText('Burial permit: Not uploaded')).toBeInTheDocument()
    expect(within(rose).getByText(/Jaramogi Oginga Odinga Hospital/)).toBeInTheDocument()
    // The family's phone is one tap away.
    const call = within(rose).getByRole('link', { name: /^[+\d][\d\s]+$/ })
    expect(call.getAttribute('href')).toMatch(/^tel:\+?\d{9,13}$/)
    const teresia = within(list).getByRole('heading', { name: 'Teresia Auma' }).closest('li') as HTMLElement
    expect(within(teresia).getByText('In care more than 14 days')).toBeInTheDocument()
    await user.click(within(rose).getByRole('button', { name: 'Details: Rose Achieng' }))
    const panel = await screen.findByRole('dialog')
    expect(within(panel).getByText('Cannot release: the family has not uploaded the burial permit yet.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Release to family' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('body management shows the bodies in care by default; Released and All show the others', async () => {
    const user = userEvent.setup()
    await renderAt(paths.morgue.bodyManagement, { as: 'morgueAttendant' })
    const list = await screen.findByRole('list', { name: 'Bodies assigned to you' })
    const count = () => within(screen.getByRole('list', { name: 'Bodies assigned to you' })).queryAllByRole('listitem').length
    const inCare = count()
    expect(screen.getByRole('tab', { name: 'In care' })).toHaveAttribute('aria-selected', 'true')
    expect(within(list).queryByText('Released')).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'All, completed included' }))
    const all = count()
    expect(all).toBeGreaterThanOrEqual(inCare)
    await user.click(screen.getByRole('tab', { name: 'Released' }))
    const released = within(screen.getByRole('list', { name: 'Bodies assigned to you' })).queryAllByRole('listitem')
    expect(released.length).toBeGreaterThan(0)
    for (const item of released) expect(within(item).getAllByText(/^Released/).length).toBeGreaterThan(0)
  })

  it('body management hides completed and cancelled cases until All is chosen', async () => {
    const user = userEvent.setup()
    const attendant = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
    const mine = db.booking.findMany((q) => q.where({ attendant_id: attendant.id }))
    const done = mine.filter((b) => b.status === 'completed' || b.status === 'cancelled')
    expect(done.length).toBeGreaterThan(0)
    const nameOf = (b: (typeof mine)[number]) => {
      const d = db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))!
      return `${d.first_name} ${d.last_name}`
    }
    await renderAt(paths.morgue.bodyManagement, { as: 'morgueAttendant' })
    const items = async () => within(await screen.findByRole('list', { name: 'Bodies assigned to you' })).getAllByRole('listitem')
    // In care by default: the open cases only (the completed ones were released after their funerals).
    expect(await items()).toHaveLength(mine.length - done.length)
    expect((await items()).map((li) => within(li).getByRole('heading').textContent)).not.toContain(nameOf(done[0]!))
    await user.click(screen.getByRole('tab', { name: 'All, completed included' }))
    expect(await items()).toHaveLength(mine.length)
    const completed = (await items()).find((li) => within(li).queryByRole('heading', { name: nameOf(done[0]!) }))
    expect(completed).toBeDefined()
    expect(within(completed!).getByText(/^(Completed|Cancelled)$/)).toBeInTheDocument()
    // Released: the completed cases whose bodies were in the mortuary and went home, never a cancelled one.
    await user.click(screen.getByRole('tab', { name: 'Released' }))
    const completedNames = done.filter((b) => b.status === 'completed' && db.morgueCare.findFirst((q) => q.where({ booking_id: b.id }))?.released_at).map(nameOf)
    expect(completedNames.length).toBeGreaterThan(0)
    await waitFor(async () => expect((await items()).map((li) => within(li).getByRole('heading').textContent).sort()).toEqual([...completedNames].sort()))
  })

  it('wherever the attendant sees the family\'s phone, it is a tel: link', async () => {
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const phone = family.phone!
    const teresia = bookingOf('Teresia', 'Auma')
    for (const path of [paths.morgue.home, paths.morgue.bodyManagement, casePath(String(teresia.id)), paths.morgue.tasks, paths.morgue.transport, paths.morgue.documents]) {
      const { unmount } = await renderAt(path, { as: 'morgueAttendant' })
      await screen.findByRole('heading', { level: 1 })
      await waitFor(() => expect(screen.queryByLabelText('Loading your caseload')).toBeNull())
      // Every place the number is written (outside the top bar's own profile) is inside a tel: link.
      // The dashboard says it is loading in words, not with the skeleton's label: wait for the number itself.
      const written = () => screen.queryAllByText((_, el) => !!el && el.children.length === 0 && (el.textContent ?? '').includes(phone))
      if (path !== paths.morgue.tasks && path !== paths.morgue.documents) await waitFor(() => expect(written().length, path).toBeGreaterThan(0))
      for (const el of written()) expect(el.closest('a')?.getAttribute('href'), path).toBe(`tel:${phone}`)
      unmount()
    }
  })

  it('/bodies opens the same screen; a failed load says \'Failed to fetch attendant bookings\'', async () => {
    server.use(http.get('*/api/bookings/attendant', () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    await renderAt(paths.morgue.bodies, { as: 'morgueAttendant' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Body Management' })).toBeInTheDocument()
    await findToast('Failed to fetch attendant bookings')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('ticking a preparation task is kept by the server', async () => {
    const user = userEvent.setup()
    await renderAt(paths.morgue.tasks, { as: 'morgueAttendant' })
    const group = await screen.findByRole('group', { name: 'Preparation tasks for Rose Achieng' })
    const embalmed = within(group).getByRole('checkbox', { name: 'Embalmed' })
    expect(embalmed).not.toBeChecked()
    expect(within(group).getByRole('checkbox', { name: 'Washed' })).toBeChecked()
    await user.click(embalmed)
    await findToast('Preparation tasks updated')
    await waitFor(() => expect(embalmed).toBeChecked())
    expect(careOf('Rose', 'Achieng')?.tasks).toEqual(['received', 'washed', 'embalmed'])
  })

  it('ticking a step leaves the other steps free; a refused step alone is undone, with the reason', async () => {
    const user = userEvent.setup()
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.put('*/api/bookings/:id/tasks', async () => {
        await held
        return HttpResponse.json({ message: 'Server unavailable' }, { status: 503 })
      }, { once: true }),
    )
    await renderAt(paths.morgue.tasks, { as: 'morgueAttendant' })
    const group = await screen.findByRole('group', { name: 'Preparation tasks for Rose Achieng' })
    const embalmed = within(group).getByRole('checkbox', { name: 'Embalmed' })
    const dressed = within(group).getByRole('checkbox', { name: 'Dressed' })
    await user.click(embalmed)
    // Shown at once, busy alone: the other steps (and the other bodies) can still be ticked.
    expect(embalmed).toBeChecked()
    expect(within(group).getByRole('progressbar', { name: 'Saving: Embalmed' })).toBeInTheDocument()
    expect(dressed).toBeEnabled()
    expect(within(screen.getByRole('group', { name: 'Preparation tasks for Teresia Auma' })).getByRole('checkbox', { name: 'Dressed' })).toBeEnabled()
    await user.click(dressed)
    expect(dressed).toBeChecked()
    answer()
    await findToast('Server unavailable')
    await waitFor(() => expect(embalmed).not.toBeChecked())
    await waitFor(() => expect(within(group).queryByRole('progressbar', { name: /^Saving/ })).toBeNull())
    expect(dressed).toBeChecked()
    expect(careOf('Rose', 'Achieng')?.tasks).toEqual(['received', 'washed', 'dressed'])
  })

  it('transport lists the transfers soonest first; departure waits for the release', async () => {
    await renderAt(paths.morgue.transport, { as: 'morgueAttendant' })
    const list = await screen.findByRole('list', { name: 'Scheduled transfers' })
    const names = within(list).getAllByRole('heading').map((h) => h.textContent)
    expect(names).toEqual(['Teresia Auma', 'Rose Achieng'])
    expect(within(list).getByRole('button', { name: 'Mark departed: Rose Achieng' })).toBeDisabled()
  })

  it('each transfer says where the body is collected and where it goes; the attendant can change the pickup', async () => {
    const user = userEvent.setup()
    await renderAt(paths.morgue.transport, { as: 'morgueAttendant' })
    const rose = await screen.findByRole('group', { name: 'Transfer of Rose Achieng' })
    const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    // Received into the mortuary, so collected there; the destination is the booking's venue.
    expect(fact(rose, 'Pickup')).toBe('Our mortuary')
    expect(fact(rose, 'Destination')).toBe('Holy Family Basilica, Nairobi')
    expect(within(rose).getByRole('link', { name: /^07/ }).getAttribute('href')).toMatch(/^tel:07\d{8}$/)
    await user.click(within(rose).getByRole('button', { name: 'Change pickup: Rose Achieng' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change pickup: Rose Achieng' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Pickup place/ }), 'Family home, Kisumu')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await findToast('Pickup place updated')
    await waitFor(() => expect(fact(screen.getByRole('group', { name: 'Transfer of Rose Achieng' }), 'Pickup')).toBe('Family home, Kisumu'))
    expect(careOf('Rose', 'Achieng')?.pickup_location).toBe('Family home, Kisumu')
  })

  it('a body not yet received is collected where the person died', async () => {
    const care = careOf('Rose', 'Achieng')!
    await db.morgueCare.update((q) => q.where({ id: care.id }), { data: (c) => void (c.tasks = []) })
    await renderAt(paths.morgue.transport, { as: 'morgueAttendant' })
    const rose = await screen.findByRole('group', { name: 'Transfer of Rose Achieng' })
    expect(within(rose).getByText('Pickup', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Jaramogi Oginga Odinga Hospital, Kisumu')
  })

  it('documents lists the assigned bookings\' documents read-only', async () => {
    await renderAt(paths.morgue.documents, { as: 'morgueAttendant' })
    const table = await screen.findByRole('table', { name: 'Documents for Teresia Auma' })
    expect(within(table).getByText('Burial Permit')).toBeInTheDocument()
    expect(within(table).getByText('Rejected')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /delete|upload/i })).toBeNull()
  })

  it('on a phone each document is a card with its whole name, its state and full-size buttons', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} })
    vi.stubGlobal('matchMedia', phone)
    try {
      await renderAt(paths.morgue.documents, { as: 'morgueAttendant' })
      const list = await screen.findByRole('list', { name: 'Documents for Teresia Auma' })
      expect(screen.queryByRole('table')).toBeNull()
      const permit = within(list).getAllByRole('listitem').find((li) => within(li).queryByText(/^Burial Permit, uploaded /)) as HTMLElement
      expect(within(permit).getByText(/^burial-permit-auma\.(pdf|png)$/)).toBeInTheDocument()
      expect(within(permit).getByText('Rejected')).toBeInTheDocument()
      expect(within(permit).getByRole('button', { name: /^Preview burial-permit-auma/ })).toBeInTheDocument()
      expect(within(permit).getByRole('button', { name: /^Download burial-permit-auma/ })).toBeInTheDocument()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a family cannot open the morgue portal', async () => {
    const { location } = await renderAt(paths.morgue.home, { as: 'client' })
    await waitFor(() => expect(location().pathname).toBe(paths.client.home))
  })
})

describe('Messages', () => {
  it('the family writes in a booking\'s conversation: Enter sends to the server, Shift+Enter breaks the line', async () => {
    const user = userEvent.setup()
    await renderAt(paths.client.messages, { as: 'client' })
    const threads = await screen.findByRole('list', { name: 'Conversations' })
    await user.click(within(threads).getAllByRole('link')[0]!)
    const log = await screen.findByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1))
    expect(within(log).getByText('Welcome to Amani Funeral Home messages. We are here to help you at every step.')).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: 'Your message' })
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}second line')
    expect(box).toHaveValue('Hello\nsecond line')
    await user.type(box, '{Enter}')
    await waitFor(() => expect(box).toHaveValue(''))
    const items = within(log).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[1]).toHaveTextContent(/You, \d{1,2} \w{3}, \d{2}:\d{2}/)
    const stored = db.chatMessage.findMany((q) => q.where({ author_role: 'client' }))
    expect(stored.map((m) => m.body)).toEqual(['Hello\nsecond line'])
  })

  it('refuses an empty message with its reason and keeps a message that failed to send in the box', async () => {
    const user = userEvent.setup()
    await renderAt(paths.client.messages, { as: 'client' })
    await user.click(within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('link')[0]!)
    await screen.findByRole('log', { name: 'Conversation' })
    await user.click(await screen.findByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please write a message before sending')).toBeInTheDocument()
    server.use(http.post('*/api/messages/threads/:id/messages', () => HttpResponse.json({ message: 'Server unavailable' }, { status: 503 }), { once: true }))
    const box = screen.getByRole('textbox', { name: 'Your message' })
    await user.type(box, 'Please call me')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    // Said once, under the box it concerns, and kept there: no toast repeating it.
    expect(await screen.findByText('Server unavailable')).toBeInTheDocument()
    expect(toastsText()).not.toContain('Server unavailable')
    expect(box).toHaveValue('Please call me')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(box).toHaveValue(''))
    expect(db.chatMessage.findMany((q) => q.where({ author_role: 'client' })).map((m) => m.body)).toEqual(['Please call me'])
  })

  it('in Kiswahili the box says why a message was refused or not sent in Kiswahili, under the box only', async () => {
    const user = userEvent.setup()
    await renderAt(paths.client.messages, { as: 'client' })
    await user.click(within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('link')[0]!)
    await screen.findByRole('log', { name: 'Conversation' })
    await act(() => activateLocale('sw'))
    // The home's welcome, every family's first message, in Kiswahili too.
    expect(await within(screen.getByRole('log', { name: 'Mazungumzo' })).findByText(/^Karibu kwenye huduma ya ujumbe ya Amani Funeral Home/)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Tuma' }))
    expect(await screen.findByText('Tafadhali andika ujumbe kabla ya kutuma')).toBeInTheDocument()
    // No answer at all: the app's own words, in Kiswahili.
    server.use(http.post('*/api/messages/threads/:id/messages', () => HttpResponse.error(), { once: true }))
    await user.type(screen.getByRole('textbox', { name: 'Ujumbe wako' }), 'Tafadhali nipigie')
    await user.click(screen.getByRole('button', { name: 'Tuma' }))
    expect(await screen.findByText('Ujumbe wako haukutumwa. Bado uko kwenye kisanduku: jaribu tena.')).toBeInTheDocument()
    expect(toastsText()).toBe('')
  })

  it('the attendant sees a family\'s message in the inbox with its unread count and answers as themselves', async () => {
    const user = userEvent.setup()
    const attendant = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ attendant_id: attendant.id, client_id: family.id }))[0]!
    const { bookingThread, addMessage } = await import('../../mocks/messages')
    const thread = await bookingThread(booking.id)
    await addMessage(family, thread, 'When is the viewing?')
    await renderAt(paths.morgue.messages, { as: 'morgueAttendant' })
    const inbox = await screen.findByRole('list', { name: 'Conversations' })
    const link = within(inbox).getByRole('link', { name: /1 unread message/ })
    expect(await screen.findByRole('link', { name: /^Messages/ })).toBeInTheDocument()
    await user.click(link)
    const log = await screen.findByRole('log', { name: 'Conversation' })
    expect(await within(log).findByText('When is the viewing?')).toBeInTheDocument()
    expect(within(log).getByText(/Mary Achieng \(Family\)/)).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Friday at 4 pm.{Enter}')
    await within(log).findByText('Friday at 4 pm.')
    const answer = db.chatMessage.findFirst((q) => q.where({ body: 'Friday at 4 pm.' }))
    expect(answer).toMatchObject({ author_role: 'morgue_attendant', author_name: 'Peter Otieno' })
    expect(db.sms.findMany((q) => q.where({ kind: 'reply', booking_id: booking.id }))).toHaveLength(1)
  })
})

describe('Messages: the family\'s way in and what a message may hold', () => {
  it('a family with one booking goes straight into its conversation', async () => {
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const [keep, ...others] = db.booking.findMany((q) => q.where({ client_id: family.id }))
    expect(others.length).toBeGreaterThan(0)
    for (const b of others) await db.booking.delete((q) => q.where({ id: b.id }))
    const { location } = await renderAt(paths.client.messages, { as: 'client' })
    const log = await screen.findByRole('log', { name: 'Conversation' })
    await within(log).findByText(/Welcome to Amani Funeral Home messages/)
    const thread = db.messageThread.findFirst((q) => q.where({ booking_id: keep!.id }))!
    expect(location().pathname).toBe(`${paths.client.messages}/${thread.id}`)
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument()
  })

  it('shows a message as plain text: markup is written out, not run; web addresses are links', async () => {
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const admin = db.user.findFirst((q) => q.where({ email: 'admin@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id }))[0]!
    const { bookingThread, addMessage } = await import('../../mocks/messages')
    const thread = await bookingThread(booking.id)
    const body = '<b>Directions</b> <img src=x onerror="alert(1)"> see https://maps.example.com/amani?x=1&y=2.'
    await addMessage(admin, thread, body)
    await renderAt(`${paths.client.messages}/${thread.id}`, { as: 'client' })
    const log = await screen.findByRole('log', { name: 'Conversation' })
    const item = (await within(log).findByText(/Directions/)).closest('li')!
    expect(item).toHaveTextContent('<b>Directions</b> <img src=x onerror="alert(1)"> see https://maps.example.com/amani?x=1&y=2.')
    expect(item.querySelector('b, img, script')).toBeNull()
    const link = within(item).getByRole('link', { name: 'https://maps.example.com/amani?x=1&y=2' })
    expect(link).toHaveAttribute('href', 'https://maps.example.com/amani?x=1&y=2')
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
    expect(within(item).getAllByRole('link')).toHaveLength(1)
    expect(within(item).getByText(/Grace Wanjiru \(our team\)/)).toBeInTheDocument()
  })
})

describe('Messages from the booking page and the SMS choice', () => {
  it('the booking page carries its own conversation with the funeral home', async () => {
    const user = userEvent.setup()
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id }))[0]!
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const section = await screen.findByRole('region', { name: 'Write to us about this booking' })
    const log = await within(section).findByRole('log', { name: 'Conversation' })
    await within(log).findByText(/Welcome to Amani Funeral Home messages/)
    // The page's later cards have come in too: one still loading would suspend inside a keystroke.
    await screen.findByRole('heading', { name: 'Tribute page' }, { timeout: 15_000 })
    await user.type(within(section).getByRole('textbox', { name: 'Your message' }), 'Is the chapel free on Saturday?{Enter}')
    await within(log).findByText('Is the chapel free on Saturday?')
    const thread = db.messageThread.findFirst((q) => q.where({ booking_id: booking.id }))!
    expect(db.chatMessage.findMany((q) => q.where({ thread_id: thread.id, author_role: 'client' })).map((m) => m.body)).toEqual(['Is the chapel free on Saturday?'])
  })

  it('the family can turn SMS off in their profile, and the server keeps the choice', async () => {
    const user = userEvent.setup()
    await renderAt(paths.client.home + '/profile', { as: 'client' })
    const sms = await screen.findByRole('switch', { name: 'Send me SMS about my bookings' })
    expect(sms).toBeChecked()
    await user.click(sms)
    await findToast('Profile updated successfully')
    await waitFor(() => expect(db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))?.sms_notifications).toBe(false))
    expect(screen.getByRole('switch', { name: 'Send me SMS about my bookings' })).not.toBeChecked()
  })
})

describe('Profile', () => {
  it('is reached from the name in the top bar; saving updates the server and the top bar at once', async () => {
    const user = userEvent.setup()
    await renderAt(paths.client.home, { as: 'client' })
    await user.click(await screen.findByRole('link', { name: /my profile/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly')
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await user.clear(name)
    await user.type(name, 'Mary Wanjiru Kamau')
    const phone = screen.getByRole('textbox', { name: 'Phone' })
    await user.clear(phone)
    await user.type(phone, '0722 111 222')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await findToast('Profile updated successfully')
    expect(screen.getByRole('link', { name: /my profile/ })).toHaveTextContent('Mary Wanjiru Kamau')
    const stored = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    expect(stored).toMatchObject({ name: 'Mary Wanjiru Kamau', phone: '0722 111 222' })
  })

  it('a profile failure shows the server\'s message', async () => {
    const user = userEvent.setup()
    server.use(http.put('*/api/auth/profile', () => HttpResponse.json({ message: 'Phone number is not valid' }, { status: 422 })))
    await renderAt('/dashboard/morgue/profile', { as: 'morgueAttendant' })
    // The stored session is checked with /auth/me first; the phone it returns fills the form.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveValue(''))
    await user.click(await screen.findByRole('button', { name: 'Save changes' }))
    await findToast('Phone number is not valid')
  })

  it('change password: mismatch sends nothing; a wrong current password gets the server\'s message; then it works', async () => {
    const user = userEvent.setup()
    const calls: string[] = []
    await renderAt('/dashboard/admin/profile', { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
    server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname))
    await user.type(screen.getByLabelText(/^Current password/), 'wrong-one')
    await user.type(screen.getByLabelText(/^New password/), 'NewPass#1')
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewPass#2')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    expect(calls).not.toContain('/api/auth/change-password')
    const confirm = screen.getByLabelText(/^Confirm new password/)
    await user.clear(confirm)
    await user.type(confirm, 'NewPass#1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await findToast('Current password is incorrect')
    const current = screen.getByLabelText(/^Current password/)
    await user.clear(current)
    await user.type(current, 'Admin#2026')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await findToast('Password changed successfully')
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''))
  })
})
