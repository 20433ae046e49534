import { describe, expect, it, vi } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths, profileOf } from '../../src/app/paths'
import { SETTINGS_MESSAGES } from '../../machines/admin/settings.machine'
import { DEFAULT_SETTINGS } from '../../src/features/admin/settings/settings-schema'
import { DEMO_LOGINS, countRequests, findToast, renderAt } from './render-app'

/**
 * A form whose data failed to load says so, offers to try again, and never saves over values it
 * never received: the load fails (network or 500), nothing is written, then "Try again" works.
 */

vi.setConfig({ testTimeout: 60_000 })
configure({ asyncUtilTimeout: 15_000 })

const networkError = (method: 'get' | 'put', path: string) => http[method](`*/api${path}`, () => HttpResponse.error(), { once: true })
const serverError = (method: 'get' | 'put', path: string) =>
  http[method](`*/api${path}`, () => HttpResponse.json({ message: 'Internal server error' }, { status: 500 }), { once: true })
// Signing in (renderAt's login) is not a write of the form's data.
const writes = (requests: string[]) => requests.filter((r) => !r.startsWith('GET ') && r !== 'POST /api/auth/login')
const family = () => {
  const u = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))
  if (!u) throw new Error('demo client missing')
  return u
}

describe('Profile', () => {
  for (const [what, fault] of [
    ['offline', networkError('get', '/auth/me')],
    ['on a server error', serverError('get', '/auth/me')],
  ] as const) {
    it(`loaded ${what}, says the details could not be loaded, offers no Save, and keeps phone and address`, async () => {
      const before = family()
      expect(before.phone).toBeTruthy()
      expect(before.address).toBeTruthy()
      server.use(fault)
      const seen = countRequests(server)
      const user = userEvent.setup()
      await renderAt(profileOf('client'), { as: 'client' })

      expect(await screen.findByText(/Your details could not be loaded/)).toBeInTheDocument()
      expect(screen.queryByRole('form', { name: 'Contact details' })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
      expect(writes(seen.requests)).toEqual([])

      // Back online: the details arrive and the form shows what the server holds.
      await user.click(screen.getByRole('button', { name: 'Try again' }))
      const form = await screen.findByRole('form', { name: 'Contact details' })
      expect(within(form).getByLabelText('Phone')).toHaveValue(before.phone)
      expect(within(form).getByLabelText('Address')).toHaveValue(before.address)

      const name = within(form).getByLabelText(/^Name/)
      await user.clear(name)
      await user.type(name, 'Mary A. Achieng')
      await user.click(within(form).getByRole('button', { name: 'Save changes' }))
      await findToast('Profile updated successfully')
      seen.stop()
      expect(family()).toMatchObject({ name: 'Mary A. Achieng', phone: before.phone, address: before.address })
    })
  }
})

describe('Admin: edit user', () => {
  it('with the list failing to load, says so, offers no edit, and Try again brings the rows and their details', async () => {
    server.use(serverError('get', '/users'))
    const seen = countRequests(server)
    const user = userEvent.setup()
    await renderAt(paths.admin.users, { as: 'admin' })
    await findToast('Failed to fetch users')
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument()
    expect(writes(seen.requests)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const mary = family()
    await user.click(await screen.findByRole('button', { name: `Edit ${mary.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' })
    expect(within(dialog).getByLabelText('Phone')).toHaveValue(mary.phone)
    expect(within(dialog).getByLabelText('Address')).toHaveValue(mary.address)
    seen.stop()
  })

  it('when a reload fails after a change, the rows shown are no longer editable until the list is back', async () => {
    const user = userEvent.setup()
    await renderAt(paths.admin.users, { as: 'admin' })
    const mary = family()
    const edit = await screen.findByRole('button', { name: `Edit ${mary.name}` })
    expect(edit).toBeEnabled()
    server.use(networkError('get', '/users'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'client')
    await findToast('Failed to fetch users')
    expect(screen.queryByRole('button', { name: `Edit ${mary.name}` })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: `Edit ${mary.name}` })).toBeEnabled())
  })
})

describe('Admin: service catalogue and price table', () => {
  it('with the services failing to load, says so, cannot edit prices or services, and Try again restores them', async () => {
    server.use(networkError('get', '/services'))
    const seen = countRequests(server)
    const user = userEvent.setup()
    await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
    await findToast('Failed to fetch services')
    expect(screen.getByRole('button', { name: 'Edit prices' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Edit Basic Funeral/ })).not.toBeInTheDocument()
    expect(writes(seen.requests)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit prices' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    const basic = db.service.findFirst((q) => q.where({ pricing_key: 'basicFuneral' }))
    expect(within(dialog).getByLabelText(/^Basic funeral/i)).toHaveValue(String(basic?.price))
    seen.stop()
  })
})

describe('Admin: service catalogue after a change', () => {
  it('when the reload after a save fails, the prices and services shown cannot be edited until Try again', async () => {
    const user = userEvent.setup()
    await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit prices' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    server.use(networkError('get', '/services'))
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }))
    await findToast('Service prices updated successfully')
    await findToast('Failed to fetch services')
    // The price dialog may still be on its way out (its modal layer) a moment after the toasts.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit prices' })).toBeDisabled())
    expect(screen.getByRole('button', { name: /^Edit Basic Funeral/ })).toBeDisabled()
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit prices' })).toBeEnabled())
    expect(screen.getByRole('button', { name: /^Edit Basic Funeral/ })).toBeEnabled()
  })
})

describe('Admin: settings', () => {
  it('when the settings cannot be loaded, says so, shows no form, and Try again shows the stored ones', async () => {
    await db.setting.create({ id: 1, json: JSON.stringify({ general: { ...DEFAULT_SETTINGS.general, facilityName: 'Lee Funeral Home' } }) })
    server.use(http.get('*/api/settings', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }), { once: true }))
    const user = userEvent.setup()
    await renderAt(paths.admin.settings, { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'System Settings' })
    expect(await screen.findByText(SETTINGS_MESSAGES.loadFailed)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'General' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Save .* settings$/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const general = await screen.findByRole('region', { name: 'General' })
    expect(within(general).getByLabelText(/^Facility name/)).toHaveValue('Lee Funeral Home')
  })

})
