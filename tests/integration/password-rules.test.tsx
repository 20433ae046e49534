/**
 * The forms check a new password against the rules the admin set (read from GET /settings/public)
 * before anything is sent, with the rule's own message; if the rules cannot be read, the defaults.
 */
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'
import { paths } from '../../src/app/paths'
import { countRequests, findToast, renderAt } from './render-app'

async function setRules(minPasswordLength: string, requireComplexity: boolean) {
  await db.setting.create({ id: 1, json: JSON.stringify({ ...DEFAULT_SETTINGS, security: { ...DEFAULT_SETTINGS.security, minPasswordLength, requireComplexity } }) })
}

async function fillRegister(password: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^First name/), 'Akinyi')
  await user.type(screen.getByLabelText(/^Last name/), 'Odhiambo')
  await user.type(screen.getByLabelText(/^Email/), 'akinyi@example.test')
  await user.type(screen.getByLabelText(/^Phone/), '0712345678')
  await user.type(screen.getByLabelText(/^Address/), 'Kisumu')
  await user.type(screen.getByLabelText(/^Password/), password)
  await user.type(screen.getByLabelText(/^Confirm password/), password)
  await user.click(screen.getByRole('button', { name: 'Register' }))
}

describe('Register screen and the password rules', () => {
  it('with the minimum raised to 12, says so, refuses 11 characters with the rule and sends nothing; 12 register', async () => {
    await setRules('12', false)
    await renderAt('/register')
    // The hint follows the rules once they are read.
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument()
    const counter = countRequests(server)
    await fillRegister('abcdefghijk')
    expect(await screen.findByText('Password must be at least 12 characters')).toBeVisible()
    expect(counter.requests).toEqual([])
    counter.stop()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/^Password/), 'l')
    await user.type(screen.getByLabelText(/^Confirm password/), 'l')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await screen.findByText('Welcome, Akinyi.')
    expect(db.user.findFirst((q) => q.where({ email: 'akinyi@example.test' }))).toBeTruthy()
  })

  it('with complexity on, refuses a password without a digit, naming what it needs', async () => {
    await setRules('8', true)
    await renderAt('/register')
    expect(await screen.findByText('At least 8 characters, with an upper-case letter, a lower-case letter and a digit')).toBeInTheDocument()
    const counter = countRequests(server)
    await fillRegister('Abcdefghij')
    expect(await screen.findByText('Password must contain an upper-case letter, a lower-case letter and a digit')).toBeVisible()
    expect(counter.requests).toEqual([])
    counter.stop()
  })

  it('takes the rules the real server wrote into the page from the first render, and asks for none', async () => {
    await setRules('12', false)
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'afh-page-data' })
    script.textContent = JSON.stringify({ password: { minLength: 10, requireComplexity: false }, lang: 'en' })
    document.head.append(script)
    const asked: string[] = []
    const listener = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname)
    server.events.on('request:start', listener)
    try {
      await renderAt('/register')
      expect(await screen.findByText('At least 10 characters')).toBeInTheDocument()
      // Long enough for a request the screen made to have come back with the database's 12.
      const user = userEvent.setup()
      await user.type(screen.getByLabelText(/^Password/), 'abcdefghi')
      await user.click(screen.getByRole('button', { name: 'Register' }))
      expect(await screen.findByText('Password must be at least 10 characters')).toBeVisible()
      expect(screen.getByText('At least 10 characters')).toBeInTheDocument()
      expect(asked).not.toContain('/api/settings/public')
    } finally {
      script.remove()
      server.events.removeListener('request:start', listener)
    }
  })

  it('when the rules cannot be read, checks the defaults (at least 6 characters)', async () => {
    await setRules('12', false)
    server.use(http.get('*/api/settings/public', () => HttpResponse.json({ message: 'Down' }, { status: 500 })))
    await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    await fillRegister('abcde')
    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible()
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument()
  })
})

describe('Staff account and the password rules', () => {
  it('the create-staff dialog checks the raised minimum before sending', async () => {
    await setRules('12', false)
    const user = userEvent.setup()
    await renderAt(paths.admin.users, { as: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Create staff' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create staff account' })
    expect(await within(dialog).findByText('At least 12 characters')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/^Name/), 'Grace Atieno')
    await user.type(within(dialog).getByLabelText(/^Email/), 'grace.atieno@funeral.test')
    await user.type(within(dialog).getByLabelText(/^Password/), 'Secret#2026')
    const counter = countRequests(server)
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
    expect(await within(dialog).findByText('Password must be at least 12 characters')).toBeInTheDocument()
    expect(counter.requests).toEqual([])
    counter.stop()
    await user.type(within(dialog).getByLabelText(/^Password/), '!')
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
    await findToast('User created successfully')
    expect(db.user.findFirst((q) => q.where({ email: 'grace.atieno@funeral.test' }))?.role).toBe('morgue_attendant')
  })
})
