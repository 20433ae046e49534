/**
 * The toasts come in a chunk of their own (src/app/toasts.tsx). One that cannot come (no network, an
 * old chunk gone after an update) leaves the family's page as it is, never a blank screen.
 */
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderAt } from './render-app'

vi.mock('../../src/app/toasts', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('toasts whose chunk cannot come', () => {
  it("leave the family's dashboard drawn and usable", async () => {
    await renderAt('/dashboard/client', { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mary Achieng' }, { timeout: 20_000 })).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Recent bookings' }, { timeout: 20_000 })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'What would you like to do?' })).getByRole('link', { name: 'Book Service' })).toBeInTheDocument()
  })
})
