import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, serverLog, serverOnly, useBackend } from './target'
import { unpaidBooking } from './payment-helpers'
import { LIMITS } from '../../shared/contracts/limits'
import {
  CONDOLENCE_SMS_KIND,
  MSG_CONDOLENCE_NO_LINKS,
  MSG_CONDOLENCE_RECEIVED,
  MSG_CONDOLENCE_SPAM,
  MSG_ONLY_FAMILY_TRIBUTE,
  MSG_TRIBUTE_GONE,
  MSG_TRIBUTE_NOT_FOUND,
  type AdminCondolence,
  type BookingTribute,
  type Tribute,
  type TributePage,
} from '../../shared/contracts/tributes'
import { MSG_PHOTO_NOT_IMAGE, MSG_PHOTO_TOO_LARGE, TRIBUTE_PHOTO_MAX_BYTES } from '../../shared/tribute-photo'
import { pdfFile, pngFile } from '../server/files'

useBackend()

const edit = {
  published: true,
  findable: false,
  story: 'Mama loved her garden in Kisumu.',
  born: '1950-03-02',
  livestream_url: 'https://youtube.com/live/abc',
  events: [
    { title: 'Burial', starts_at: '2026-12-06T11:00', place: 'Family land, Siaya', map_url: '' },
    { title: 'Funeral service', starts_at: '2026-12-05T10:00', place: 'St. Stephen\'s, Nairobi', map_url: 'https://maps.app.goo.gl/xyz' },
  ],
}

async function publish(body: Record<string, unknown> = {}) {
  const family = await loginAs('client')
  const booking = await unpaidBooking(family)
  const res = await call<{ tribute: Tribute }>('PUT', `/bookings/${booking.id}/tribute`, { token: family, body: { ...edit, ...body } })
  expect(res.status).toBe(200)
  return { family, booking, tribute: res.json.tribute, slug: res.json.tribute.slug }
}

const page = (slug: string) => call<TributePage>('GET', `/tributes/${slug}`)
/** The condolence SMS in the outbox, as the admin's Messages sent lists them. */
async function smsCount() {
  const admin = await loginAs('admin')
  const res = await call<{ messages?: Array<{ kind: string }>; sms?: Array<{ kind: string }> }>('GET', '/sms-outbox', { token: admin })
  return (res.json.messages ?? res.json.sms ?? []).filter((m) => m.kind === CONDOLENCE_SMS_KIND).length
}
const condole = (slug: string, body: Record<string, unknown>) => call<{ message: string }>('POST', `/tributes/${slug}/condolences`, { body })

describe('Tribute page: the family publishes a page with the programme, relatives leave condolences', () => {
  it('publishes at a short unguessable address with what the page shows; unpublishing answers 410 at once', async () => {
    const { family, booking, tribute, slug } = await publish()
    expect(slug).toMatch(/^[A-Za-z0-9]{12}$/)
    // Programme in time order; empty texts are none.
    expect(tribute.events.map((e) => e.title)).toEqual(['Funeral service', 'Burial'])
    const again = await call<{ tribute: Tribute }>('PUT', `/bookings/${booking.id}/tribute`, { token: family, body: { ...edit, story: 'Changed', livestream_url: '' } })
    expect(again.json.tribute).toMatchObject({ slug, story: 'Changed', livestream_url: null })

    const p = await page(slug)
    expect(p.status).toBe(200)
    expect(p.json).toMatchObject({ slug, deceased_name: `${booking.deceased_first_name} ${booking.deceased_last_name}`, born: '1950-03-02', story: 'Changed', findable: false, condolences: [] })
    expect(p.json.died).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(p.json.home.name).toBeTruthy()
    const text = JSON.stringify(p.json)
    expect(text).not.toContain('family@funeral.test')

    // The harambee shows once the family made its link, with the link itself.
    expect(p.json.harambee).toBeNull()
    const link = await call<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, { token: family, body: {} })
    const withLink = (await page(slug)).json
    expect(withLink.harambee).toMatchObject({ status: 'open', total: booking.total_amount, amount_due: booking.amount_due, path: `/contribute/${link.json.link.token}` })

    await call('PUT', `/bookings/${booking.id}/tribute`, { token: family, body: { ...edit, published: false } })
    const gone = await page(slug)
    expect(gone.status).toBe(410)
    expect(gone.json).toEqual({ message: MSG_TRIBUTE_GONE })
    expect((await condole(slug, { name: 'Jane', message: 'Pole sana' })).status).toBe(410)
    expect((await page('abcdefghijkm')).json).toEqual({ message: MSG_TRIBUTE_NOT_FOUND })
    expect((await page('x')).status).toBe(404)
  })

  it('lets only the family edit; others see no booking; bad input is a 422 naming the field', async () => {
    const family = await loginAs('client')
    const booking = await unpaidBooking(family)
    const admin = await loginAs('admin')
    const byAdmin = await call('PUT', `/bookings/${booking.id}/tribute`, { token: admin, body: edit })
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.json).toMatchObject({ message: MSG_ONLY_FAMILY_TRIBUTE })
    expect((await call('GET', `/bookings/${booking.id}/tribute`, { token: admin })).json).toEqual({ tribute: null, condolences: [] })
    expect((await call('PUT', `/bookings/${booking.id}/tribute`, { body: edit })).status).toBe(401)
    const bad = await call<{ errors: Record<string, string> }>('PUT', `/bookings/${booking.id}/tribute`, {
      token: family,
      body: { ...edit, livestream_url: 'javascript:alert(1)', events: [{ title: 'x', starts_at: '5 Dec', place: '', map_url: '' }] },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.errors).sort()).toEqual(['events.0.starts_at', 'livestream_url'])
  })

  it('keeps condolences from view until the family approves; hidden ones leave the page; links and spam are refused', async () => {
    const { family, booking, slug } = await publish()
    const sent = await condole(slug, { name: '  Otieno  ', message: 'Pole sana kwa familia. Mungu awape nguvu.' })
    expect(sent.status).toBe(201)
    expect(sent.json).toEqual({ message: MSG_CONDOLENCE_RECEIVED })
    expect((await page(slug)).json.condolences).toEqual([])
    // The family is told by SMS once; a second condolence the same day sends none.
    const told = await fixtures.lastSms(CONDOLENCE_SMS_KIND)
    expect(told?.body).toMatch(/new condolence messages for .+ are waiting for you/)
    expect((await condole(slug, { name: 'Akinyi', message: 'Rest in peace' })).status).toBe(201)
    expect(await smsCount()).toBe(1)

    const link = await condole(slug, { name: 'Bot', message: 'Condolences, see www.example.com' })
    expect(link.status).toBe(422)
    expect(link.json).toMatchObject({ message: MSG_CONDOLENCE_NO_LINKS })
    const spam = await condole(slug, { name: 'Bot', message: 'EARN MONEY FAST WITH BITCOIN TODAY' })
    expect(spam.json).toMatchObject({ message: MSG_CONDOLENCE_SPAM })
    expect((await condole(slug, { name: '', message: 'x'.repeat(1001) })).status).toBe(422)

    const list = await call<BookingTribute>('GET', `/bookings/${booking.id}/tribute`, { token: family })
    expect(list.json.condolences.map((c) => [c.name, c.status])).toEqual([
      ['Akinyi', 'pending'],
      ['Otieno', 'pending'],
    ])
    const id = list.json.condolences.find((c) => c.name === 'Otieno')!.id
    const approved = await call('PATCH', `/bookings/${booking.id}/tribute/condolences/${id}`, { token: family, body: { status: 'approved' } })
    expect(approved.status).toBe(200)
    // The admin's list across every page: what waits, with the page it was left on; the family may not read it.
    const admin = await loginAs('admin')
    const waiting = async (status?: string) =>
      (await call<{ condolences: AdminCondolence[] }>('GET', `/tributes/condolences${status ? `?status=${status}` : ''}`, { token: admin })).json.condolences.filter((c) => c.slug === slug)
    expect((await waiting()).map((c) => [c.name, c.status, String(c.booking_id), c.deceased_name])).toEqual([['Akinyi', 'pending', String(booking.id), `${booking.deceased_first_name} ${booking.deceased_last_name}`]])
    expect((await waiting('approved')).map((c) => c.name)).toEqual(['Otieno'])
    expect((await call('GET', '/tributes/condolences', { token: family })).status).toBe(403)
    expect((await page(slug)).json.condolences).toEqual([expect.objectContaining({ name: 'Otieno', message: 'Pole sana kwa familia. Mungu awape nguvu.' })])

    // The admin may moderate too; the attendant may not.
    const attendant = await loginAs('morgue_attendant')
    expect([403, 404]).toContain((await call('PATCH', `/bookings/${booking.id}/tribute/condolences/${id}`, { token: attendant, body: { status: 'hidden' } })).status)
    expect((await call('PATCH', `/bookings/${booking.id}/tribute/condolences/${id}`, { token: admin, body: { status: 'hidden' } })).status).toBe(200)
    expect((await waiting('hidden')).map((c) => c.name)).toEqual(['Otieno'])
    expect((await page(slug)).json.condolences).toEqual([])
    expect((await call('PATCH', `/bookings/${booking.id}/tribute/condolences/99999`, { token: family, body: { status: 'hidden' } })).status).toBe(404)
  })

  it('takes the family\'s photo (sizes for the page, at its own address while published), refuses what is not a picture or too large', async () => {
    const { family, booking, slug } = await publish()
    const upload = (bytes: Uint8Array<ArrayBuffer>, token = family) =>
      call<{ tribute: Tribute }>('PUT', `/bookings/${booking.id}/tribute/photo`, { token, rawBody: bytes, headers: { 'Content-Type': 'image/png' } })
    const added = await upload(new Uint8Array(pngFile(1000, 500)))
    expect(added.status).toBe(200)
    expect(added.json.tribute.photo).toMatchObject({ width: 800, height: 400 })
    const shown = (await page(slug)).json.photo!
    expect(shown).toMatchObject({ width: 800, height: 400, small_width: 240, small_height: 120, medium_width: 480, medium_height: 240 })
    expect(shown.url).toMatch(new RegExp(`^/api/tributes/${slug}/photo\\?v=`))
    const picture = await call('GET', shown.url.replace(/^\/api/, ''))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/)
    expect((await call('GET', shown.small_url.replace(/^\/api/, ''))).status).toBe(200)
    expect((await call('GET', shown.medium_url!.replace(/^\/api/, ''))).status).toBe(200)

    const notPhoto = await upload(new Uint8Array(pdfFile()))
    expect(notPhoto.status).toBe(415)
    expect(notPhoto.json).toMatchObject({ message: MSG_PHOTO_NOT_IMAGE })
    const tooLarge = await upload(new Uint8Array(TRIBUTE_PHOTO_MAX_BYTES + 1))
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.json).toMatchObject({ message: MSG_PHOTO_TOO_LARGE })
    expect((await upload(new Uint8Array(pngFile(10, 10)), await loginAs('admin'))).status).toBe(403)
    // The refused ones left the photo as it was.
    expect((await page(slug)).json.photo).toEqual(shown)

    await call('PUT', `/bookings/${booking.id}/tribute`, { token: family, body: { ...edit, published: false } })
    expect((await call('GET', `/tributes/${slug}/photo`)).status).toBe(410)
    await call('PUT', `/bookings/${booking.id}/tribute`, { token: family, body: edit })
    const removed = await call<{ tribute: Tribute }>('DELETE', `/bookings/${booking.id}/tribute/photo`, { token: family })
    expect(removed.json.tribute.photo).toBeNull()
    expect((await page(slug)).json.photo).toBeNull()
    expect((await call('GET', `/tributes/${slug}/photo`)).status).toBe(404)
  })

  serverOnly.it('limits condolences per address and page, and keeps the slug out of the log', async () => {
    const { slug } = await publish()
    const stop = serverLog()
    for (let i = 0; i < LIMITS.condolencePerAddressAndPage.max; i++) expect((await condole(slug, { name: `N${i}`, message: 'Pole' })).status).toBe(201)
    const refused = await condole(slug, { name: 'More', message: 'Pole' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    await page(slug)
    const lines = stop()
    expect(lines.some((l) => l.includes('/api/tributes/:slug'))).toBe(true)
    expect(lines.filter((l) => l.includes(slug))).toEqual([])
  })
})
