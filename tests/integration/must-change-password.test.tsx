/**
 * A user the backend asks for a new password (a one-time or expired one) sees only the screen that
 * takes it, right after sign-in; once saved, their portal. The admin portal says when production
 * simulates payments.
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { DEMO_LOGINS, findToast, renderAt } from './render-app'

describe('a password that must be replaced', () => {
  it('shows the new-password screen instead of the portal, then the portal with the new password', async () => {
    await db.user.update((q) => q.where({ email: DEMO_LOGINS.admin.email }), { data: (u) => void (u.must_change_password = true) })
    const user = userEvent.setup()
    await renderAt(paths.admin.home, { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Choose your own password' })
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument()
    expect(screen.getByText(DEMO_LOGINS.admin.email)).toBeInTheDocument()

    await user.type(screen.getByLabelText(/^Password you signed in with/), DEMO_LOGINS.admin.password)
    await user.type(screen.getByLabelText(/^New password/), DEMO_LOGINS.admin.password)
    await user.type(screen.getByLabelText(/^Confirm new password/), DEMO_LOGINS.admin.password)
    await user.click(screen.getByRole('button', { name: 'Save and continue' }))
    // The same password again is refused by the backend; the screen stays.
    await findToast('Choose a password different from the current one')
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your own password' })).toBeInTheDocument()

    await user.clear(screen.getByLabelText(/^New password/))
    await user.type(screen.getByLabelText(/^New password/), 'Mine#Own2026')
    await user.clear(screen.getByLabelText(/^Confirm new password/))
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Mine#Own2026')
    await user.click(screen.getByRole('button', { name: 'Save and continue' }))
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 })
    await findToast('Your new password is saved')
    expect(db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.admin.email }))?.must_change_password).toBe(false)
  })
})

describe('simulated payments', () => {
  it('shows no banner when the backend does not say payments are simulated (the mock, a development server)', async () => {
    await renderAt(paths.admin.home, { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })
    expect(screen.queryByText('Payments are simulated: no money moves.')).not.toBeInTheDocument()
  })

  it('shows the banner, in the portal above every screen, when the backend says payments are simulated', async () => {
    server.use(
      http.get('*/api/settings/public', () =>
        HttpResponse.json({ contact: { facilityName: 'x', contactEmail: 'a@b.c', contactPhone: '0712345678', address: 'y' }, password: { minLength: 8, requireComplexity: true }, payments: { simulated: true } }),
      ),
    )
    await renderAt(paths.admin.home, { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })
    await waitFor(() => expect(screen.getByText('Payments are simulated: no money moves.')).toBeInTheDocument())
  })
})
