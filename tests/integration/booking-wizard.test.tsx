import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { findToast, renderAt } from './render-app'
import {
  JOSEPH,
  back,
  chooseServices,
  cont,
  daysFromToday,
  expectStep,
  field,
  fillDeceased,
  fillSchedule,
  requestLog,
  today,
  typeInto,
  walkToReview,
} from './booking-test-kit'

// Whole journeys through the real app: generous on a busy 2-core machine.
vi.setConfig({ testTimeout: 40_000 })

async function openWizard() {
  const user = userEvent.setup()
  const app = await renderAt(paths.client.bookService, { as: 'client' })
  await expectStep(1, 'Select Services')
  return { user, ...app }
}

describe('Book Service wizard: step 1, services', () => {
  it('a service priced per day asks for its days, and the total follows', async () => {
    const { user } = await openWizard()
    await user.click(await screen.findByRole('checkbox', { name: 'Body Storage (per day)' }))
    const days = screen.getByRole('spinbutton', { name: /Number of days/ })
    expect(days).toHaveValue(1)
    await user.clear(days)
    await user.type(days, '4')
    expect(screen.getByText('4 days × KSH 1,000 = KSH 4,000')).toBeInTheDocument()
    expect(screen.getByText('Total: KSH 4,000')).toBeInTheDocument()
    await user.clear(days)
    await user.type(days, '120')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Number of days must be a whole number from 1 to 90')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 4/ })).toBeInTheDocument()
  })

  it('lists the services from the server with description and KSH price, and keeps a running total', async () => {
    const { user } = await openWizard()
    expect(screen.getByRole('heading', { level: 1, name: 'Book Service' })).toBeInTheDocument()
    const steps = screen.getByRole('navigation', { name: 'Booking steps' })
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1Select Services',
      '2About your loved one',
      '3Schedule Service',
      '4Review & Confirm',
    ])
    expect(within(steps).getByText('Select Services').closest('li')).toHaveAttribute('aria-current', 'step')

    const basic = await screen.findByRole('checkbox', { name: 'Basic Funeral' })
    expect(basic).toHaveAccessibleDescription(/Essential funeral arrangements/)
    expect(screen.getByText('KSH 5,000')).toBeInTheDocument()
    expect(screen.getByText('KSH 2,500')).toBeInTheDocument()
    expect(screen.getByText('Total: KSH 0')).toBeInTheDocument()

    await chooseServices(user, ['Basic Funeral', 'Hearse Transport'])
    expect(screen.getByText('Total: KSH 7,500')).toBeInTheDocument()
    expect(screen.getByText('2 services selected')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Hearse Transport' }))
    expect(screen.getByText('Total: KSH 5,000')).toBeInTheDocument()
  })

  it("refuses Continue without a service: 'Please select at least one service', nothing sent", async () => {
    const { user } = await openWizard()
    await screen.findByRole('checkbox', { name: 'Basic Funeral' })
    const log = requestLog()
    await cont(user)
    expect(await screen.findByText('Please select at least one service')).toBeVisible()
    await expectStep(1, 'Select Services')
    expect(log.requests).toEqual([])
    log.stop()
  })

  it("shows 'Failed to fetch services' with Retry when the list cannot load, and recovers", async () => {
    server.use(http.get('*/api/services', () => HttpResponse.json({ message: 'down' }, { status: 500 }), { once: true }))
    const { user } = await openWizard()
    await findToast('Failed to fetch services')
    expect(screen.getAllByText('Failed to fetch services')).toHaveLength(2) // the toast and the inline error
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('checkbox', { name: 'Cremation' })).toBeInTheDocument()
  })
})

describe('Book Service wizard: step 2, deceased details', () => {
  it('shows every required message on an empty Continue and sends nothing', async () => {
    const { user } = await openWizard()
    await chooseServices(user, ['Cremation'])
    await cont(user)
    await expectStep(2, 'About your loved one')
    const log = requestLog()
    await cont(user)
    for (const message of ['First name is required', 'Last name is required', 'Date of death is required', 'Place of death is required']) {
      expect(await screen.findByText(message)).toBeVisible()
    }
    await expectStep(2, 'About your loved one')
    expect(log.requests).toEqual([])
    log.stop()
  })

  it("refuses a date of death tomorrow ('Date of death cannot be in the future') and accepts today", async () => {
    const { user } = await openWizard()
    await chooseServices(user, ['Cremation'])
    await cont(user)
    await fillDeceased(user, { ...JOSEPH, dateOfDeath: daysFromToday(1) })
    const log = requestLog()
    await cont(user)
    expect(await screen.findByText('Date of death cannot be in the future')).toBeVisible()
    await expectStep(2, 'About your loved one')
    expect(log.requests).toEqual([])
    log.stop()

    await typeInto(user, 'Date of death', today())
    await cont(user)
    await expectStep(3, 'Schedule Service')
  })

  it('lets gender and religion be left out', async () => {
    const { user } = await openWizard()
    await chooseServices(user, ['Cremation'])
    await cont(user)
    expect(screen.getByRole('radio', { name: 'Not specified' })).toBeChecked()
    await fillDeceased(user, { firstName: 'Achieng', lastName: 'Otieno', dateOfDeath: daysFromToday(-1), placeOfDeath: 'Kisumu' })
    await cont(user)
    await expectStep(3, 'Schedule Service')
  })
})

describe('Book Service wizard: step 3, schedule', () => {
  async function toSchedule() {
    const app = await openWizard()
    await chooseServices(app.user, ['Burial'])
    await cont(app.user)
    await fillDeceased(app.user, JOSEPH)
    await cont(app.user)
    await expectStep(3, 'Schedule Service')
    return app
  }

  it('shows both required messages on an empty Continue and sends nothing', async () => {
    const { user } = await toSchedule()
    const log = requestLog()
    await cont(user)
    expect(await screen.findByText('Service date is required')).toBeVisible()
    expect(screen.getByText('Service time is required')).toBeVisible()
    await expectStep(3, 'Schedule Service')
    expect(log.requests).toEqual([])
    log.stop()
  })

  it("refuses yesterday ('Service date cannot be in the past'), offers a day's free times and says when one is full, and accepts today", async () => {
    // Both hearses are out all day in thirty days' time (a burial takes one).
    const full = daysFromToday(30)
    for (const hearse of db.calendarResource.findMany((q) => q.where({ kind: 'hearse' }))) {
      await db.calendarEvent.create({ id: 9000 + hearse.id, title: 'Trip upcountry', booking_id: null, starts_at: `${full}T03:00:00.000Z`, ends_at: `${full}T20:00:00.000Z`, resource_ids: [hearse.id], override_reason: null, created_by: null, created_at: new Date().toISOString() })
    }
    const { user } = await toSchedule()
    await fillSchedule(user, { date: daysFromToday(-1), time: '09:00' })
    await cont(user)
    expect(await screen.findByText('Service date cannot be in the past')).toBeVisible()
    await expectStep(3, 'Schedule Service')
    await typeInto(user, 'Service date', full.split('-').reverse().join('/'))
    expect(await screen.findByText('This day is full for the services you chose. Please choose another day.')).toBeVisible()
    await typeInto(user, 'Service date', daysFromToday(31).split('-').reverse().join('/'))
    const offered = await screen.findByRole('group', { name: 'Free times on this day' })
    expect(within(offered).getAllByRole('button').map((b) => b.textContent)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00'])
    await user.click(within(offered).getByRole('button', { name: '09:30' }))
    expect(field('Service time')).toHaveValue('09:30')
    // Typed as DD/MM/YYYY, as read in Kenya.
    await typeInto(user, 'Service date', today().split('-').reverse().join('/'))
    await cont(user)
    await expectStep(4, 'Review & Confirm')
  })
})

describe('Book Service wizard: moving between steps', () => {
  it('Back keeps everything typed, and Continue goes forward again without retyping', async () => {
    const { user } = await openWizard()
    await walkToReview(user, { notes: 'Choir at the graveside' })
    await back(user)
    await expectStep(3, 'Schedule Service')
    expect(field('Service time')).toHaveValue('10:30')
    expect(field('Special requests')).toHaveValue('Choir at the graveside')
    await back(user)
    await expectStep(2, 'About your loved one')
    expect(field('First name')).toHaveValue('Joseph')
    // Shown the Kenyan way, whatever the phone's locale.
    expect(field('Date of death')).toHaveValue(JOSEPH.dateOfDeath.split('-').reverse().join('/'))
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked()
    await back(user)
    await expectStep(1, 'Select Services')
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument()
    expect(await screen.findByRole('checkbox', { name: 'Basic Funeral' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Hearse Transport' })).toBeChecked()
    await cont(user)
    await cont(user)
    await cont(user)
    await expectStep(4, 'Review & Confirm')
  })

  it('Edit on the review goes straight to that step', async () => {
    const { user } = await openWizard()
    await walkToReview(user)
    await user.click(screen.getByRole('button', { name: 'Edit deceased details' }))
    await expectStep(2, 'About your loved one')
  })
})

