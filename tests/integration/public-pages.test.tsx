import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider } from '@fluentui/react-components'
import { I18nProvider } from '@lingui/react'
import { i18n } from '../../src/lib/i18n'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { createActor } from 'xstate'
import { createAuthMachine } from '../../machines/auth/auth.machine'
import { appTheme } from '../../src/app/theme'
import { SessionProvider } from '../../src/app/session'
import type { AuthActor } from '../../src/app/session-slot'
import { PublicLayout } from '../../src/app/public-layout'
import { LandingPage } from '../../src/features/public/landing/landing-page'
import { AboutPage } from '../../src/features/public/about/about-page'
import { PlanningPage } from '../../src/features/public/resources/planning-page'
import { GriefSupportPage } from '../../src/features/public/resources/grief-support-page'
import { LegalPage } from '../../src/features/public/resources/legal-page'
import { WhatToDoNowPage } from '../../src/features/public/resources/what-to-do-now-page'
import { db } from '../../mocks/db'
import { fakeScrolling, scrollEverywhere } from './scroll-kit'
import { server } from '../../mocks/node'
import { http, HttpResponse } from 'msw'

function Providers({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <I18nProvider i18n={i18n}>
      <FluentProvider theme={appTheme}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </FluentProvider>
    </I18nProvider>
  )
}

function renderLanding() {
  return render(
    <Providers>
      <LandingPage />
    </Providers>,
  )
}

fakeScrolling()

/** The contact form loads only when the visitor scrolls near it: never with the first screen. */
async function contactForm() {
  expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull()
  scrollEverywhere()
  return screen.findByRole('form', { name: 'Contact us' })
}


describe('Landing page', () => {
  it('offers four services with KSH starting prices: the seed catalogue first, then the live one', async () => {
    // The home changed a package price since the page was built.
    await db.service.update((q) => q.where({ pricing_key: 'cremation' }), { data(s) { s.price = 3500 } })
    renderLanding()
    const services = screen.getByRole('region', { name: 'Our services' })
    const offers = within(services).getAllByRole('listitem')
    expect(offers).toHaveLength(4)
    const built = [
      ['Traditional Funeral Services', 'from KSH 5,000'],
      ['Cremation Services', 'from KSH 3,000'],
      ['Burial Services', 'from KSH 4,000'],
      ['Pre-Planning Services', 'free consultation'],
    ] as const
    built.forEach(([name, price], i) => {
      const offer = offers[i]!
      expect(within(offer).getByRole('heading', { level: 3 })).toHaveTextContent(name)
      expect(within(offer).getByText(price)).toBeInTheDocument()
    })
    expect(services).not.toHaveTextContent('$')
    // Then the catalogue's own price, as the wizard will show it.
    expect(await within(offers[1]!).findByText('from KSH 3,500')).toBeInTheDocument()
    expect(within(offers[0]!).getByText('from KSH 5,000')).toBeInTheDocument()
  })

  it("takes the prices the real server wrote into the page from its first render, and asks for none", async () => {
    await db.service.update((q) => q.where({ pricing_key: 'cremation' }), { data(s) { s.price = 3500 } })
    const asked: string[] = []
    const listener = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname)
    server.events.on('request:start', listener)
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = 'afh-page-data'
    script.textContent = JSON.stringify({ prices: { basicFuneral: 6000, premiumFuneral: 7000, cremation: 3700, burial: 4100 }, lang: 'en' })
    document.head.append(script)
    try {
      const sent = renderLanding()
      const offers = within(screen.getByRole('region', { name: 'Our services' })).getAllByRole('listitem')
      expect(offers.map((o) => within(o).queryByText(/^from KSH/)?.textContent)).toEqual(['from KSH 6,000', 'from KSH 3,700', 'from KSH 4,100', undefined])
      // A page without the server's data beside it asks, as from a static host, and gets the catalogue's price.
      script.remove()
      const fromHost = renderLanding()
      const hostOffers = within(within(fromHost.container).getByRole('region', { name: 'Our services' })).getAllByRole('listitem')
      expect(await within(hostOffers[1]!).findByText('from KSH 3,500')).toBeInTheDocument()
      // By then the first page would have asked too, and drawn the catalogue's price over the server's.
      expect(within(sent.container).getByText('from KSH 3,700')).toBeInTheDocument()
      expect(asked.filter((p) => p.endsWith('/services'))).toHaveLength(1)
    } finally {
      script.remove()
      server.events.removeListener('request:start', listener)
    }
  })

  it('puts "Call us 24/7" and "what to do now" first, as a phone call and a page', () => {
    renderLanding()
    const hero = screen.getByRole('region', { name: /Compassionate funeral services/ })
    const links = within(hero).getAllByRole('link')
    expect(links[0]).toHaveAccessibleName('Call us 24/7 +254 700 000 000')
    expect(links[0]).toHaveAttribute('href', 'tel:+254700000000')
    expect(links[1]).toHaveAccessibleName('A death has just occurred: what to do now')
    expect(links[1]).toHaveAttribute('href', '/resources/what-to-do-now')
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
  it('shows every message on an empty submit and sends nothing', async () => {
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send Message' })).toBeEnabled())
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(db.contactMessage.findMany()).toHaveLength(0)
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
    expect(db.contactMessage.findMany()).toHaveLength(0)
  })

  it('sends the message to the home and says plainly that it was sent', async () => {
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    const message = 'We need help arranging a burial in Nyeri & would like a call back.'
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Achieng Otieno')
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'achieng@example.com')
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), message)
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send Message' })).toBeEnabled())
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))

    expect(await within(form).findByText('Your message has been sent. We will reply by email, usually within a few hours.')).toBeInTheDocument()
    expect(db.contactMessage.findMany()).toEqual([expect.objectContaining({ name: 'Achieng Otieno', email: 'achieng@example.com', message })])
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveValue('')
  })

  it('a death this morning: says the staff on duty will call, with the number to call now; a phone nobody can call is refused first', async () => {
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Kamau Njoroge')
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'kamau@example.co.ke')
    await user.type(within(form).getByRole('textbox', { name: /Phone/ }), 'call me')
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'My father died this morning. Can you collect him today?')
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send Message' })).toBeEnabled())
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))
    expect(await within(form).findByText('Please enter a phone number we can call, like 0712345678')).toBeInTheDocument()
    expect(db.contactMessage.findMany()).toHaveLength(0)

    await user.clear(within(form).getByRole('textbox', { name: /Phone/ }))
    await user.type(within(form).getByRole('textbox', { name: /Phone/ }), '0712 345 678')
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))
    const said = await within(form).findByText(/reached the staff on duty, who will call you shortly/)
    expect(within(said.closest('[class*="MessageBar"]') ?? said).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^tel:/))
    expect(db.contactMessage.findMany()).toEqual([expect.objectContaining({ name: 'Kamau Njoroge', phone: '0712 345 678', urgent: true })])
  })

  it('keeps what was typed when sending fails, and says so once', async () => {
    server.use(http.post('*/api/contact', () => HttpResponse.json({ message: 'Server error' }, { status: 500 })))
    const user = userEvent.setup()
    renderLanding()
    const form = await contactForm()
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Achieng Otieno')
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'achieng@example.com')
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Please call me.')
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send Message' })).toBeEnabled())
    await user.click(within(form).getByRole('button', { name: 'Send Message' }))

    expect(await within(form).findByText(/could not be sent/)).toBeInTheDocument()
    expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveValue('Please call me.')
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('Achieng Otieno')
  })
})

describe('A death has just occurred', () => {
  it('gives the first steps in order, with the number to call', () => {
    render(
      <Providers path="/resources/what-to-do-now">
        <WhatToDoNowPage />
      </Providers>,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A death has just occurred: what to do now')
    const steps = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(steps.slice(0, 5)).toEqual([
      'Call us, at any hour',
      'A doctor or the police confirm the death',
      'The notification of death and the burial permit',
      'Bring identity documents',
      'What we do next',
    ])
    expect(screen.getAllByRole('link', { name: '+254 700 000 000' })[0]).toHaveAttribute('href', 'tel:+254700000000')
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
