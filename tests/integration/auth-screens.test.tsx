import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { countRequests, findToast, renderAt, toastsText } from './render-app'

const user = () => userEvent.setup()

async function fillLogin(email: string, password: string) {
  const u = user()
  if (email) await u.type(screen.getByLabelText(/^Email/), email)
  if (password) await u.type(screen.getByLabelText(/^Password/), password)
  await u.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('Login screen', () => {
  it('shows the required-field messages and sends nothing when empty', async () => {
    await renderAt('/login')
    const counter = countRequests(server)
    await user().click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Email is required')).toBeVisible()
    expect(screen.getByText('Password is required')).toBeVisible()
    expect(counter.requests).toEqual([])
    counter.stop()
  })

  it('refuses an email that is not of email format, sending nothing', async () => {
    await renderAt('/login')
    const counter = countRequests(server)
    await fillLogin('not-an-email', 'whatever')
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible()
    expect(counter.requests).toEqual([])
    counter.stop()
  })

  it("shows the server's message on 401 and keeps what was typed", async () => {
    await renderAt('/login')
    await fillLogin('family@funeral.test', 'wrong-password')
    // On the form, and there until the next try: not a toast that vanishes.
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
    expect(toastsText()).toBe('')
    expect(screen.getByLabelText(/^Email/)).toHaveValue('family@funeral.test')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it("says 'Login failed. Please try again.' when the server sends no message", async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.text('upstream down', { status: 502 })))
    await renderAt('/login')
    await fillLogin('family@funeral.test', 'Family#2026')
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.')
  })

  it("reads 'Signing in...' while busy, then 'Login successful!' and the role's home", async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.use(
      http.post('*/api/auth/login', async () => {
        await gate
        return undefined // fall through to the real mock handler
      }),
    )
    const { location } = await renderAt('/login')
    await fillLogin('admin@funeral.test', 'Admin#2026')
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    release()
    await findToast('Login successful!')
    await waitFor(() => expect(location().pathname).toBe('/dashboard/admin'))
    expect(await screen.findByText('Admin Portal')).toBeInTheDocument()
  })

  it('two-step sign-in for staff: the code from the SMS, a wrong one refused, the right one signs in', async () => {
    const { db } = await import('../../mocks/node')
    const { DEFAULT_SETTINGS } = await import('../../shared/contracts/settings')
    await db.setting.create({ id: 1, json: JSON.stringify({ ...DEFAULT_SETTINGS, security: { ...DEFAULT_SETTINGS.security, twoFactor: true } }) })
    const user = userEvent.setup()
    const { location } = await renderAt('/login')
    await screen.findByLabelText(/^Email/)
    await fillLogin('attendant@funeral.test', 'Attendant#2026')
    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toBeInTheDocument()
    const sms = db.sms.findMany().filter((m) => m.kind === 'sign-in').at(-1)
    const code = sms?.body.match(/\b(\d{6})\b/)?.[1]
    if (!sms || !code) throw new Error('no sign-in SMS')
    expect(screen.getByText(`We sent a 6-digit code by SMS to the phone ending ${sms.to_phone.slice(-4)}. It expires in 10 minutes.`)).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: /Sign-in code/ })
    await user.type(box, String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect')
    await user.clear(box)
    await user.type(box, code)
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await findToast('Login successful!')
    await waitFor(() => expect(location().pathname).toBe('/dashboard/morgue'))
  })

  it('remember me keeps the email for next time', async () => {
    const first = await renderAt('/login')
    await user().click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await fillLogin('family@funeral.test', 'Family#2026')
    await waitFor(() => expect(first.location().pathname).toBe('/dashboard/client'))
    first.actor.send({ type: 'auth.logout' })
    first.unmount()
    await renderAt('/login')
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('family@funeral.test')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked()
  })

  it('goes back to the page the guard remembered', async () => {
    const { location } = await renderAt('/dashboard/admin/users')
    await waitFor(() => expect(location().pathname).toBe('/login'))
    await findToast('Please login to access this page')
    await fillLogin('admin@funeral.test', 'Admin#2026')
    await waitFor(() => expect(location().pathname).toBe('/dashboard/admin/users'))
  })
})

describe('Register screen', () => {
  // The screen reads the password rules (GET /settings/public) as it opens, maybe while counting: not a submission.
  const sent = (requests: string[]) => requests.filter((r) => r !== 'GET /api/settings/public')
  async function fillRegister(values: Partial<Record<string, string>>) {
    const u = user()
    const labels: Record<string, RegExp> = {
      firstName: /^First name/,
      lastName: /^Last name/,
      email: /^Email/,
      phone: /^Phone/,
      address: /^Address/,
      password: /^Password/,
      confirmPassword: /^Confirm password/,
    }
    for (const [key, value] of Object.entries(values)) {
      const label = labels[key]
      if (label && value) await u.type(screen.getByLabelText(label), value)
    }
    await u.click(screen.getByRole('button', { name: 'Register' }))
  }

  it('shows a message for every empty field and sends nothing', async () => {
    await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    const counter = countRequests(server)
    await fillRegister({})
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'Address is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeVisible()
    }
    expect(sent(counter.requests)).toEqual([])
    counter.stop()
  })

  it("says 'Passwords do not match' and sends nothing", async () => {
    await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    const counter = countRequests(server)
    await fillRegister({
      firstName: 'Akinyi',
      lastName: 'Odhiambo',
      email: 'akinyi@example.test',
      phone: '0712345678',
      address: 'Kisumu',
      password: 'Secret#1',
      confirmPassword: 'Secret#2',
    })
    expect(await screen.findByText('Passwords do not match')).toBeVisible()
    expect(sent(counter.requests)).toEqual([])
    counter.stop()
  })

  it("shows the server's message on 409 and keeps the form", async () => {
    await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    await fillRegister({
      firstName: 'Mary',
      lastName: 'Achieng',
      email: 'family@funeral.test',
      phone: '0712345678',
      address: 'Nairobi',
      password: 'Secret#1',
      confirmPassword: 'Secret#1',
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists')
    expect(toastsText()).toBe('')
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Mary')
  })

  it('registers a client, signs the family in at once and takes them to booking, welcomed as new', async () => {
    const { location } = await renderAt('/register')
    await screen.findByLabelText(/^First name/)
    await fillRegister({
      firstName: 'Akinyi',
      lastName: 'Odhiambo',
      email: 'akinyi@example.test',
      phone: '0712345678',
      address: 'Kisumu',
      password: 'Secret#1',
      confirmPassword: 'Secret#1',
    })
    await waitFor(() => expect(location().pathname).toBe('/dashboard/client/book-service'))
    const nav = await screen.findByRole('navigation', { name: 'Client menu' })
    expect(within(nav).getByText('Family Portal')).toBeInTheDocument()
    expect(await screen.findByText('Welcome, Akinyi.')).toBeInTheDocument()
    // Greeted once, by the page's banner: no toast over it.
    expect(toastsText()).toBe('')
    expect(screen.queryByText(/Please log in/)).not.toBeInTheDocument()
  })
})

describe('Session end on 401', () => {
  it('a stored token the server refuses signs the user out once and asks them to sign in', async () => {
    const { login } = await import('../../src/api/auth')
    const { token } = await login({ email: 'family@funeral.test', password: 'Family#2026' })
    localStorage.setItem('token', token)
    // The server no longer accepts this token: every call answers 401.
    let refused = 0
    server.use(
      http.all('*/api/*', ({ request }) => {
        if (!request.headers.get('authorization')) return undefined
        refused += 1
        return HttpResponse.json({ message: 'Session expired, please log in again' }, { status: 401 })
      }),
    )
    const { actor, location } = await renderAt('/dashboard/client')
    // Several calls fail together (the /auth/me check and whatever the screen loads).
    const { me } = await import('../../src/api/auth')
    await Promise.allSettled([me(), me(), me()])
    await waitFor(() => expect(location().pathname).toBe('/login'))
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(localStorage.getItem('token')).toBeNull()
    await findToast('Please login to access this page')
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('Please login to access this page'))).toHaveLength(1)
    expect(refused).toBeGreaterThanOrEqual(3)
  })
})
