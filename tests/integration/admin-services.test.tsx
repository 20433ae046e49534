import { afterEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { formatKsh } from '../../src/lib/format'
import { countRequests, findToast, renderAt } from './render-app'

/**
 * The admin's Service catalogue tab with the real machines, API client and the mock /api over the
 * seeded database. What the admin sees, and what the server stored. (All bookings, on the same
 * page's other tab: admin-bookings.test.tsx.)
 */

vi.setConfig({ testTimeout: 60_000 })
configure({ asyncUtilTimeout: 15_000 })

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const networkError = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) => http[method](`*/api${path}`, () => HttpResponse.error())

async function openCatalogue() {
  const user = userEvent.setup()
  await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
  await screen.findByRole('table', { name: 'Services' })
  await screen.findAllByRole('button', { name: /^Delete / })
  return user
}

describe('Service catalogue', () => {
  it('creates a service with its words in Kiswahili too: "Service created successfully", stored and listed', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Tent and chairs')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '2500')
    await user.type(within(dialog).getByRole('textbox', { name: /Kiswahili name/ }), 'Hema na viti')
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service created successfully')
    // The Kiswahili description left empty is none: the family reads the English one.
    expect(db.service.findFirst((q) => q.where({ name: 'Tent and chairs' }))).toMatchObject({ price: 2500, name_sw: 'Hema na viti', description_sw: null })
    expect(await screen.findByRole('cell', { name: 'Tent and chairs' })).toBeInTheDocument()
  })

  it('marks a new service priced per day, and takes the mark off again when editing it', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Viewing room')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '1500')
    const perDay = within(dialog).getByRole('checkbox', { name: /Priced per day/ })
    expect(perDay).not.toBeChecked()
    await user.click(perDay)
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service created successfully')
    const made = db.service.findFirst((q) => q.where({ name: 'Viewing room' }))
    expect(made?.per_day).toBe(true)
    expect(await screen.findByText('KSH 1,500 per day')).toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'Edit Viewing room' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit service' })
    const box = within(edit).getByRole('checkbox', { name: /Priced per day/ })
    expect(box).toBeChecked()
    await user.click(box)
    await user.click(await within(edit).findByRole('button', { name: 'Save' }))
    await findToast('Service updated successfully')
    expect(db.service.findFirst((q) => q.where({ name: 'Viewing room' }))?.per_day).toBe(false)
  })

  it('refuses a service without a name or with a price that is not whole KSH, sending nothing', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '12.50')
    const requests = countRequests(server)
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Price must be a whole number of KSH')).toBeInTheDocument()
    expect(requests.requests.filter((r) => r.startsWith('POST'))).toEqual([])
    requests.stop()
  })

  it('says "Failed to create service" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('post', '/services'))
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Tent and chairs')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '2500')
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Failed to create service')
    expect(screen.getByRole('dialog', { name: 'New service' })).toBeInTheDocument()
  })

  it('edits a service: "Service updated successfully" and the new price is stored', async () => {
    const user = await openCatalogue()
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Edit ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' })
    const price = await within(dialog).findByRole('textbox', { name: /Price/ })
    await user.clear(price)
    await user.type(price, '1234')
    // The seeded Kiswahili name is shown to edit; emptied, the service has none again.
    const nameSw = within(dialog).getByRole('textbox', { name: /Kiswahili name/ })
    expect(nameSw).toHaveValue(service.name_sw)
    await user.clear(nameSw)
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service updated successfully')
    expect(db.service.findFirst((q) => q.where({ id: service.id }))).toMatchObject({ price: 1234, name_sw: null })
  })

  it('says "Failed to update service" when the edit fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('put', '/services/:id'))
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Edit ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Failed to update service')
  })

  it('deletes an unused service after confirmation and refuses one that bookings use', async () => {
    const user = await openCatalogue()
    const used = new Set(db.booking.all().flatMap((b) => b.lines.map((l) => l.service_id)))
    const unused = await db.service.create({
      id: 9001,
      name: 'Candles',
      description: '',
      price: 300,
      category: 'add_on',
      pricing_key: null,
      created_at: new Date().toISOString(),
    })
    const inUse = db.service.findFirst((q) => q.where({ id: (id) => used.has(id), pricing_key: null }))
    if (!inUse) throw new Error('no used add-on')
    // The list was loaded before Candles existed: reload it through the tab.
    await user.click(screen.getByRole('tab', { name: 'All bookings' }))
    await user.click(screen.getByRole('tab', { name: 'Service catalogue' }))
    await user.click(await screen.findByRole('button', { name: `Delete ${unused.name}` }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('Service deleted successfully')
    expect(db.service.findFirst((q) => q.where({ id: unused.id }))).toBeUndefined()

    await user.click(await screen.findByRole('button', { name: `Delete ${inUse.name}` }))
    dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('This service is used by existing bookings and cannot be deleted')
    expect(db.service.findFirst((q) => q.where({ id: inUse.id }))).toBeDefined()
  })

  it('says "Failed to delete service" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('delete', '/services/:id'))
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Delete ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('Failed to delete service')
  })

  it('updates the price table: "Service prices updated successfully" and the package price is stored', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    const basic = await within(dialog).findByRole('textbox', { name: /Basic funeral/ })
    await user.clear(basic)
    await user.type(basic, '5500')
    await user.click(await within(dialog).findByRole('button', { name: 'Save prices' }))
    await findToast('Service prices updated successfully')
    expect(db.service.findFirst((q) => q.where({ pricing_key: 'basicFuneral' }))?.price).toBe(5500)
    // Both the price table and the Basic Funeral row of the catalogue show the new price.
    await waitFor(() => expect(within(screen.getByLabelText('Price table')).getByText(formatKsh(5500))).toBeInTheDocument())
    const row = await screen.findByRole('row', { name: /^Basic Funeral/ })
    expect(within(row).getByText(formatKsh(5500))).toBeInTheDocument()
  })

  it('says "Failed to update service prices" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('put', '/services/pricing'))
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save prices' }))
    await findToast('Failed to update service prices')
  })

  it('says "Failed to fetch services" when the catalogue cannot be loaded', async () => {
    server.use(networkError('get', '/services'))
    await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
    await findToast('Failed to fetch services')
  })
})
