/**
 * The tribute page as the server writes it (`/t/{slug}`): HTML with the name, the programme and the
 * harambee before any script, escaped, noindex unless the family chose otherwise, revalidated with
 * an ETag, gone (410) at once when unpublished, and a condolence form that works without script.
 */
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startServerTarget } from '../contract/server-target'
import sharp from 'sharp'
import { bookings, deceased, tributeCondolences, tributePhotos } from '../../server/db/schema'

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target
let family: string
let bookingId: number

beforeAll(async () => {
  target = await startServerTarget()
  family = (await api<{ token: string }>('POST', '/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })).json.token
  const pending = await api<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/payments/pending', family)
  const booking = pending.json.bookings.find((b) => b.payment_status === 'pending')!
  bookingId = booking.id
  // A name that would be markup if it were not escaped.
  const [row] = await target.db.select({ deceasedId: bookings.deceasedId }).from(bookings).where(eq(bookings.id, Number(booking.id)))
  await target.db.update(deceased).set({ firstName: '<script>alert(1)</script>', lastName: 'Achieng & "Sons"' }).where(eq(deceased.id, row!.deceasedId))
}, 120_000)
afterAll(async () => {
  await target.close()
})

async function api<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) {
  const res = await target.fetch(
    new Request(`http://localhost:3000/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, json: (await res.json()) as T }
}
const page = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) => target.fetch(new Request(`http://localhost:3000${path}`, { headers, redirect: 'manual', ...init }))

const tribute = {
  published: true,
  findable: false,
  story: 'She taught at Kisumu Girls.\n\n<b>Not bold</b>',
  born: '1950-03-02',
  livestream_url: '',
  events: [{ title: 'Funeral service', starts_at: '2026-12-05T10:00', place: "St. Stephen's, Nairobi", map_url: '' }],
}
const save = async (body: Record<string, unknown> = {}) => (await api<{ tribute: { slug: string } }>('PUT', `/bookings/${bookingId}/tribute`, family, { ...tribute, ...body })).json.tribute.slug

describe('the tribute page in HTML', () => {
  it('is written by the server, escaped, in the visitor\'s language, noindex, with an ETag that changes on an edit', async () => {
    const slug = await save()
    await api('POST', `/bookings/${bookingId}/contributions/link`, family, {})
    const res = await page(`/t/${slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
    const html = await res.text()
    expect(html).not.toContain('<script')
    expect(html).toContain('<h1>&#60;script&#62;alert(1)&#60;/script&#62; Achieng &#38; &#34;Sons&#34;</h1>')
    expect(html).toContain('&#60;b&#62;Not bold&#60;/b&#62;')
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).toMatch(/<meta property="og:title" content="In loving memory of &#60;script&#62;/)
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/t\/[A-Za-z0-9]{12}\/preview\.jpg\?lang=en&#38;v=[\w-]{12}">/)
    expect(html).toContain('<meta property="og:image:width" content="1200">')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    // The link preview's description names the first event of the programme.
    expect(html).toMatch(/<meta property="og:description" content="[^"]+Funeral service: Saturday, 5 December 2026 at 10:00, St\. Stephen&#39;s, Nairobi\.">/)
    expect(html).not.toContain('<img')
    expect(html).toContain('Saturday, 5 December 2026 at 10:00')
    expect(html).toContain('https://www.google.com/maps/search/?api=1&#38;query=St.%20Stephen')
    expect(html).toMatch(/<a class="btn" href="\/contribute\/[A-Za-z0-9_-]{43}">Contribute<\/a>/)
    expect(html).toContain('<form method="post"')
    // The amounts never break after "KSH" on a narrow phone.
    expect(html).toMatch(/KSH\u00a0[\d,]+/)
    expect(html).not.toMatch(/KSH \d/)

    const sw = await (await page(`/t/${slug}?lang=sw`)).text()
    expect(sw).toContain('<html lang="sw">')
    expect(sw).toContain('Ratiba ya mazishi')
    expect(sw).toContain('Jumamosi')
    expect(await (await page(`/t/${slug}`, { 'accept-language': 'sw-KE,sw;q=0.9' })).text()).toContain('Changia')

    // Gzipped for a browser that takes it: the same page in about a third of the bytes.
    const zipped = await page(`/t/${slug}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding')
    const raw = Buffer.from(await zipped.arrayBuffer())
    expect(gunzipSync(raw).toString('utf8')).toBe(html)
    expect(raw.length).toBeLessThan(html.length / 2)

    const etag = res.headers.get('etag')!
    expect((await page(`/t/${slug}`, { 'if-none-match': etag })).status).toBe(304)
    await save({ findable: true, story: 'Changed' })
    const edited = await page(`/t/${slug}`, { 'if-none-match': etag })
    expect(edited.status).toBe(200)
    expect(edited.headers.get('x-robots-tag')).toBeNull()
    expect(await edited.text()).not.toContain('noindex')
  })

  it('keeps the family\'s photo without its location or any metadata, shows it with its size, and makes a 1200x630 link preview', async () => {
    const slug = await save()
    // A phone's photo: the camera, and where it was taken (the family's home).
    const taken = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a6' } })
      .withExif({ IFD0: { Make: 'FamilyPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' } })
      .jpeg()
      .toBuffer()
    const original = await sharp(taken).metadata()
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true) // the GPS IFD's tag, little-endian
    const res = await target.fetch(new Request(`http://localhost:3000/api/bookings/${bookingId}/tribute/photo`, { method: 'PUT', headers: { Authorization: `Bearer ${family}`, 'Content-Type': 'image/jpeg' }, body: new Uint8Array(taken) }))
    expect(res.status).toBe(200)
    const [row] = await target.db.select().from(tributePhotos)
    // Three sizes: the page's, the middle one a 2x or 3x phone takes at 12rem, the small one.
    for (const [bytes, width] of [[row!.large, 800], [row!.medium!, 480], [row!.small, 240]] as const) {
      const stored = Buffer.from(bytes)
      const meta = await sharp(stored).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width, height: (width * 3) / 4 })
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined])
      expect(stored.includes('FamilyPhone')).toBe(false)
      expect(stored.includes(Buffer.from('Exif\0'))).toBe(false)
    }

    const html = await (await page(`/t/${slug}`)).text()
    expect(html).toMatch(new RegExp(`<img class="photo" src="/api/tributes/${slug}/photo\\?v=\\w+" srcset="[^"]+ 240w, /api/tributes/${slug}/photo/medium\\?v=\\w+ 480w, [^"]+ 800w" [^>]*width="800" height="600"`))
    const medium = await page(html.match(/srcset="[^"]+ 240w, ([^" ]+) 480w/)![1]!)
    expect(medium.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await medium.arrayBuffer()).equals(Buffer.from(row!.medium!))).toBe(true)

    // A photo stored before the middle size existed: the page offers what there is, and an address
    // to the middle size already handed out answers with the large one.
    await target.db.update(tributePhotos).set({ medium: null, mediumWidth: null, mediumHeight: null })
    const older = await (await page(`/t/${slug}`)).text()
    expect(older).toMatch(/srcset="[^" ]+ 240w, [^" ]+ 800w"/)
    expect(older).not.toContain('480w')
    const fallback = await page(`/api/tributes/${slug}/photo/medium?v=1`)
    expect(fallback.status).toBe(200)
    expect(Buffer.from(await fallback.arrayBuffer()).equals(Buffer.from(row!.large))).toBe(true)
    const served = await page(html.match(/src="([^"]+)"/)![1]!)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(row!.large))).toBe(true)

    const og = html.match(/<meta property="og:image" content="http:\/\/localhost:3000([^"]+)">/)![1]!.replace(/&#38;/g, '&')
    const preview = await page(og)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/jpeg')
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    expect((await page(og, { 'if-none-match': preview.headers.get('etag')! })).status).toBe(304)
    // A new photo is a new preview address; unpublished, the preview and the photo are gone at once.
    await save({ published: false })
    expect((await page(og)).status).toBe(410)
    expect((await page(html.match(/src="([^"]+)"/)![1]!)).status).toBe(410)
    await save()
  })

  it('takes a condolence from the plain form (kept pending), says why it refuses one, and is gone (410) once unpublished', async () => {
    const slug = await save()
    const form = (fields: Record<string, string>) => page(`/t/${slug}`, { 'content-type': 'application/x-www-form-urlencoded' }, { method: 'POST', body: new URLSearchParams(fields).toString() })
    const sent = await form({ name: 'Otieno', message: 'Pole sana', lang: 'sw' })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe(`/t/${slug}?lang=sw&sent=1#condolences`)
    expect(await (await page(sent.headers.get('location')!.replace(/#.*/, ''))).text()).toContain('Asante. Ujumbe wako')
    const rows = await target.db.select().from(tributeCondolences)
    expect(rows.map((r) => [r.name, r.status])).toEqual([['Otieno', 'pending']])
    expect(await (await page(`/t/${slug}`)).text()).not.toContain('Pole sana')

    const refused = await form({ name: '<i>Bot</i>', message: 'visit www.spam.example', lang: 'en' })
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(html).toContain('Please leave out links')
    expect(html).toContain('value="&#60;i&#62;Bot&#60;/i&#62;"')

    await save({ published: false })
    const gone = await page(`/t/${slug}`)
    expect(gone.status).toBe(410)
    const goneHtml = await gone.text()
    expect(goneHtml).toContain('taken this tribute page down')
    expect(goneHtml).not.toContain('Achieng')
    expect((await page('/t/abcdefghijkm')).status).toBe(404)
  })
})
