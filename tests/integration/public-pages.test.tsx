import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider } from '@fluentui/react-components'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { createActor } from 'xstate'
import { createAuthMachine } from '../../machines/auth/auth.machine'
import { appTheme } from '../../src/app/theme'
import { SessionProvider, type AuthActor } from '../../src/app/session'
import { PublicLayout } from '../../src/app/public-layout'
import { LandingPage } from '../../src/features/public/landing/landing-page'
import { AboutPage } from '../../src/features/public/about/about-page'
import { PlanningPage } from '../../src/features/public/resources/planning-page'
import { GriefSupportPage } from '../../src/features/public/resources/grief-support-page'
import { LegalPage } from '../../src/features/public/resources/legal-page'
import { openMailApp } from '../../src/features/public/landing/open-mail-app'

// The mail app opener navigates the window away: record the URL instead.
vi.mock('../../src/features/public/landing/open-mail-app', () => ({ openMailApp: vi.fn() }))
const mailApp = vi.mocked(openMailApp)

function Providers({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <FluentProvider theme={appTheme}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </FluentProvider>
  )
}

function renderLanding() {
  return render(
    <Providers>
      <LandingPage />
    </Providers>,
  )
}

/** The contact form loads when the browser is idle or the visitor scrolls near it. */
function contactForm() {
  return screen.findByRole('form', { name: 'Contact us' })
}

beforeEach(() => {
  mailApp.mockClear()
})

describe('Landing page', () => {
  it('offers the four services of the specification with their starting prices', () => {
    renderLanding()
    const services = screen.getByRole('region', { name: 'Our services' })
    const offers = within(services).getAllByRole('listitem')
    expect(offers).toHaveLength(4)
    const expected = [
      ['Traditional Funeral Services', 'from $2,500'],
      ['Cremation Services', 'from $1,800'],
      ['Memorial Services', 'from $1,500'],
      ['Pre-Planning Services', 'free consultation'],
    ] as const
    expected.forEach(([name, price], i) => {
      const offer = offers[i]!
      expect(within(offer).getByRole('heading', { level: 3 })).toHaveTextContent(name)
      expect(within(offer).getByText(price)).toBeInTheDocument()
    })
  })

  it('has one h1 and the sections the navigation anchors point to', () => {
    const { container } = renderLanding()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    for (const id of ['home', 'services', 'about', 'resources', 'testimonials', 'contact']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull()
    }
    expect(screen.getByText('25+ years')).toBeInTheDocument()
  })

  it('sends visitors to sign in, register, the about page and the three help resources', () => {
    renderLanding()
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Learn more about us' })).toHaveAttribute('href', '/about')
    expect(screen.getByRole('link', { name: 'Planning a funeral' })).toHaveAttribute('href', '/resources/planning')
    expect(screen.getByRole('link', { name: 'Grief support' })).toHaveAttribute('href', '/resources/grief-support')
    expect(screen.getByRole('link', { name: 'Legal requirements' })).toHaveAttribute('href', '/resources/legal')
  })

  it('shows the support details', () => {
    renderLanding()
    const contact = screen.getByRole('region', { name: 'Contact us' })
    expect(within(contact).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute('href', 'tel:+254700000000')
    expect(within(contact).getByRole('link', { name: 'support@amanifuneral.example' })).toHaveAttribute(
      'href',
      'mailto:support@amanifuneral.example',
    )
    expect(within(contact).getByText('Open 24 hours, every day')).toBeInTheDocument()
  })
})

describe('Contact form', () => {
  it('shows every message on an empty submit and opens nothing', async () => {
    const user = userEvent.setup()
    renderLanding()
    const before = window.location.href

    await user.click(within(await contactForm()).getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(mailApp).not.toHaveBeenCalled()
    expect(window.location.href).toBe(before)
    expect(screen.queryByText(/Your email app should open/)).not.toBeInTheDocument()
  })

  it('asks for a valid email address', async () => {
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Achieng Otieno')
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'achieng@')
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Please call me.')
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(mailApp).not.toHaveBeenCalled()
  })

  it('opens the mail app with the message filled in and keeps what was typed', async () => {
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    const message = 'We need help arranging a burial in Nyeri & would like a call back.'
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Achieng Otieno')
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'achieng@example.com')
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), message)
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))

    await waitFor(() => expect(mailApp).toHaveBeenCalledTimes(1))
    const url = mailApp.mock.calls[0]![0]
    expect(url.startsWith('mailto:support@amanifuneral.example?')).toBe(true)
    expect(url).toContain(`subject=${encodeURIComponent('Message from Achieng Otieno')}`)
    expect(url).toContain(encodeURIComponent(message))
    expect(url).toContain(encodeURIComponent('achieng@example.com'))
    const body = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('body')
    expect(body).toBe(`Name: Achieng Otieno\r\nEmail: achieng@example.com\r\n\r\n${message}`)

    expect(
      await screen.findByText(
        'Your email app should open with your message. If it did not, email us at support@amanifuneral.example.',
      ),
    ).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveValue(message)
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('Achieng Otieno')
  })
})

describe('About and help resource pages', () => {
  it('about page: one h1 and links to register and contact', () => {
    render(
      <Providers path="/about">
        <AboutPage />
      </Providers>,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About Amani Funeral Home')
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact')
    expect(document.title).toBe('About Amani Funeral Home · Amani Funeral Home')
  })

  const resources = [
    { Page: PlanningPage, h1: 'Planning a funeral in Kenya', others: ['Grief support', 'Legal requirements'] },
    { Page: GriefSupportPage, h1: 'Grief support', others: ['Planning a funeral', 'Legal requirements'] },
    { Page: LegalPage, h1: 'Legal requirements after a death in Kenya', others: ['Planning a funeral', 'Grief support'] },
  ] as const
  const hrefs: Record<string, string> = {
    'Planning a funeral': '/resources/planning',
    'Grief support': '/resources/grief-support',
    'Legal requirements': '/resources/legal',
  }

  for (const { Page, h1, others } of resources) {
    it(`${h1}: links to the other two resources and back home`, () => {
      render(
        <Providers>
          <Page />
        </Providers>,
      )
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(h1)
      const more = screen.getByRole('navigation', { name: 'More help' })
      for (const name of others) {
        expect(within(more).getByRole('link', { name })).toHaveAttribute('href', hrefs[name])
      }
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    })
  }

  it('legal page says it is not legal advice', () => {
    render(
      <Providers>
        <LegalPage />
      </Providers>,
    )
    expect(screen.getByText(/This is general guidance, not legal advice/)).toBeInTheDocument()
  })
})

function Where() {
  const location = useLocation()
  return <output aria-label="location">{location.pathname}</output>
}

function renderLayout(actor: AuthActor, path: string) {
  return render(
    <SessionProvider actor={actor}>
      <Providers path={path}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<p>Landing content</p>} />
            <Route path="/about" element={<p>About content</p>} />
            <Route path="/login" element={<p>Login screen</p>} />
            <Route path="/dashboard/admin" element={<p>Admin home</p>} />
          </Route>
        </Routes>
        <Where />
      </Providers>
    </SessionProvider>,
  )
}

function signedOutActor(): AuthActor {
  return createActor(createAuthMachine(() => Date.now()), { input: { storedToken: null } }).start()
}

describe('Public layout', () => {
  it('signed out on the landing page: brand, section anchors, Login and Register', async () => {
    const user = userEvent.setup()
    renderLayout(signedOutActor(), '/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Amani Funeral Home, home' })).toHaveAttribute('href', '/')
    for (const [name, href] of [
      ['Home', '#home'],
      ['Services', '#services'],
      ['About', '#about'],
      ['Resources', '#resources'],
      ['Contact', '#contact'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href)
    }
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    await user.click(within(nav).getByRole('link', { name: 'Login' }))
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/login')
    expect(screen.getByText('Login screen')).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })

  it('shows the section anchors on the landing page only', () => {
    renderLayout(signedOutActor(), '/about')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).queryByRole('link', { name: 'Services' })).not.toBeInTheDocument()
    expect(within(nav).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('signed in: Dashboard goes to the role home and Logout signs out and returns home', async () => {
    const user = userEvent.setup()
    const actor = signedOutActor()
    actor.send({ type: 'auth.setUser', user: { id: '1', name: 'Amina Wafula', email: 'admin@example.com', role: 'admin' } })
    renderLayout(actor, '/about')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin')

    await user.click(within(nav).getByRole('button', { name: 'Logout' }))
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/)
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument()
  })
})
