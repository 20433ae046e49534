import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { nextId } from '../../mocks/db'
import { paths } from '../../src/app/paths'
import { renderAt } from './render-app'

/** The admin's e-mails beside the SMS in "Messages sent": recipient and outcome, failures explained, never the link. */
describe('e-mails in Messages sent', () => {
  it('lists a reset e-mail and a failed one with its reason and tries; the link is nowhere on screen', async () => {
    const res = await fetch('http://localhost/api/auth/forgot-password', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test' }) })
    const { resetUrl } = (await res.json()) as { resetUrl: string }
    await db.mail.create({ id: nextId('mail'), to: 'attendant@funeral.test', kind: 'password_reset', language: 'sw', status: 'failed', attempts: 5, last_error: '550 Mailbox unavailable', created_at: new Date().toISOString(), sent_at: null })
    await renderAt(paths.admin.smsOutbox, { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'E-mails' })
    const table = await within(section).findByRole('table', { name: 'E-mails' })
    const [, failed, sent] = within(table).getAllByRole('row')
    expect(within(failed!).getByText('attendant@funeral.test')).toBeInTheDocument()
    expect(within(failed!).getByText('Password reset · Kiswahili')).toBeInTheDocument()
    expect(within(failed!).getByText('Failed')).toBeInTheDocument()
    expect(within(failed!).getByText('Gave up after 5 tries')).toBeInTheDocument()
    expect(within(failed!).getByText('550 Mailbox unavailable')).toBeInTheDocument()
    expect(within(sent!).getByText('family@funeral.test')).toBeInTheDocument()
    expect(within(sent!).getByText('Password reset · English')).toBeInTheDocument()
    expect(within(sent!).getByText('Sent')).toBeInTheDocument()
    expect(within(section).getByText('1 e-mail could not be sent.')).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(new URL(resetUrl, 'http://x').searchParams.get('token')!)
  })

  it('warns when the server has no SMTP server and keeps the e-mails waiting', async () => {
    server.use(http.get('*/api/mail-outbox', () => HttpResponse.json({ mails: [], transport: 'none' })))
    await renderAt(paths.admin.smsOutbox, { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'E-mails' })
    expect(await within(section).findByText(/No SMTP server is configured: e-mails wait here and are not sent/)).toBeInTheDocument()
    expect(within(section).getByText('No e-mails yet.')).toBeInTheDocument()
  })
})
