import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { db } from '../../mocks/node'
import { renderAt } from './render-app'

/**
 * The register screen renders before the code that sends it (the API client and the submission
 * machine arrive in their own chunk). On a very slow network a family may press Register first:
 * the form says it is working and sends as soon as that code is there; nothing typed is lost.
 */
let release: () => void = () => {}
const arrived = new Promise<void>((resolve) => {
  release = resolve
})
vi.mock('../../src/features/public/register/register-submission', async (importOriginal) => {
  await arrived
  return importOriginal()
})

describe('Register on a slow network', () => {
  it('a form sent before its code arrived is sent when it does', async () => {
    const { location } = await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
    fill(/^First name/, 'Akinyi')
    fill(/^Last name/, 'Odera')
    fill(/^Email/, 'akinyi.odera@example.test')
    fill(/^Phone/, '0712345678')
    fill(/^Address/, 'Kisumu')
    fill(/^Password/, 'Pole#2026')
    fill(/^Confirm password/, 'Pole#2026')
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    const busy = await screen.findByRole('button', { name: 'Creating account...' })
    expect(busy).toBeDisabled()
    expect(db.user.findFirst((q) => q.where({ email: 'akinyi.odera@example.test' }))).toBeFalsy()

    release()
    await waitFor(() => expect(location().pathname).toBe('/dashboard/client/book-service'), { timeout: 3000 })
    expect(db.user.findFirst((q) => q.where({ email: 'akinyi.odera@example.test' }))?.name).toBe('Akinyi Odera')
  })
})
