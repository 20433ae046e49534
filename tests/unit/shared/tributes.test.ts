import { describe, expect, it } from 'vitest'
import { looksLikeSlug, mapLink, refuseSpam, slugFrom, suggestedProgramme, tributePage } from '../../../shared/tributes'
import { MSG_CONDOLENCE_NO_LINKS, MSG_CONDOLENCE_SPAM } from '../../../shared/contracts/tributes'
import { MSG_PHOTO_NOT_IMAGE, MSG_PHOTO_TOO_LARGE, MSG_PHOTO_TOO_MANY_PIXELS, TRIBUTE_PHOTO_MAX_BYTES, fitWidth, photoKind, photoSize, refuseUnlessPhoto } from '../../../shared/tribute-photo'
import type { ApiError } from '../../../shared/errors'

const refusal = (name: string, message: string) => {
  try {
    refuseSpam({ name, message })
    return null
  } catch (e) {
    return (e as Error).message
  }
}

describe('tribute rules', () => {
  it('makes 12-character slugs of unambiguous symbols, skipping bytes that would bias them', () => {
    const bytes = new Uint8Array(32).map((_, i) => (i % 2 ? 255 : i))
    const slug = slugFrom(bytes)
    expect(slug).toHaveLength(12)
    expect(looksLikeSlug(slug)).toBe(true)
    expect(slug).not.toMatch(/[01lIoO]/)
    expect(() => slugFrom(new Uint8Array(32).fill(240))).toThrow()
    expect(looksLikeSlug('abc')).toBe(false)
    expect(looksLikeSlug('abcdefghijk0')).toBe(false)
  })

  it('refuses links, e-mail addresses and the obvious spam, and lets condolences in any language through', () => {
    expect(refusal('Otieno', 'Pole sana kwa msiba huu. Mungu awafariji.')).toBeNull()
    expect(refusal('Wanjiru', 'Rest in peace, Mama. We will miss your laugh!')).toBeNull()
    expect(refusal('A', 'see https://x.test')).toBe(MSG_CONDOLENCE_NO_LINKS)
    expect(refusal('A', 'visit best-deals.com now')).toBe(MSG_CONDOLENCE_NO_LINKS)
    expect(refusal('A', 'write to me@mail.co')).toBe(MSG_CONDOLENCE_NO_LINKS)
    expect(refusal('A', 'cheap loan offer for you')).toBe(MSG_CONDOLENCE_SPAM)
    expect(refusal('A', 'sooooooooooooo sad')).toBe(MSG_CONDOLENCE_SPAM)
    expect(refusal('A', 'WE ARE SO SORRY FOR YOUR LOSS MAMA')).toBe(MSG_CONDOLENCE_SPAM)
  })

  it('links each event to its map (the family\'s own, else a search for the place) and suggests the booking\'s service', () => {
    expect(mapLink({ place: 'Siaya', map_url: 'https://maps.app.goo.gl/x' })).toBe('https://maps.app.goo.gl/x')
    expect(mapLink({ place: "St. Stephen's, Nairobi", map_url: '' })).toBe('https://www.google.com/maps/search/?api=1&query=St.%20Stephen\'s%2C%20Nairobi')
    expect(mapLink({ place: '', map_url: '' })).toBeNull()
    expect(suggestedProgramme('2026-12-05', 'Lang\'ata')).toEqual([{ title: 'Funeral service', starts_at: '2026-12-05T10:00', place: "Lang'ata", map_url: '' }])
    expect(suggestedProgramme(null, 'x')).toEqual([])
  })

  it('gives the contribution path only while the link takes contributions, and approved condolences oldest first', () => {
    const base = {
      tribute: { slug: 's', published: true, findable: false, story: '', born: null, livestreamUrl: null, events: [], updatedAt: '2026-01-01T00:00:00Z', photo: null },
      deceasedName: 'A B',
      died: '2026-11-20',
      home: { name: 'H', phone: 'p', email: 'e' },
      approved: [
        { name: 'Later', message: 'm', at: '2026-11-22T00:00:00Z' },
        { name: 'First', message: 'm', at: '2026-11-21T00:00:00Z' },
      ],
    }
    const open = tributePage({ ...base, harambee: { status: 'open', total: 100, due: 40, token: 't' } })
    expect(open.harambee).toEqual({ status: 'open', total: 100, paid: 60, amount_due: 40, path: '/contribute/t' })
    expect(open.condolences.map((c) => c.name)).toEqual(['First', 'Later'])
    expect(tributePage({ ...base, harambee: { status: 'settled', total: 100, due: 0, token: 't' } }).harambee?.path).toBeNull()
    expect(open.photo).toBeNull()
    const photo = { width: 800, height: 600, smallWidth: 240, smallHeight: 180, mediumWidth: 480, mediumHeight: 360, version: 'v1' }
    expect(tributePage({ ...base, tribute: { ...base.tribute, photo }, harambee: null }).photo).toEqual({
      url: '/api/tributes/s/photo?v=v1',
      small_url: '/api/tributes/s/photo/small?v=v1',
      width: 800,
      height: 600,
      small_width: 240,
      small_height: 180,
      medium_url: '/api/tributes/s/photo/medium?v=v1',
      medium_width: 480,
      medium_height: 360,
    })
  })

  it('knows a photo by its first bytes and reads its size from its header; refuses the rest with a status that says why', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0x0f, 0xa0, 0, 0, 0x0b, 0xb8, 8, 2])
    expect(photoSize(png)).toEqual({ width: 4000, height: 3000 })
    // A JPEG: an APP1 (EXIF) segment of 8 bytes, then the frame header SOF2 (progressive).
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 8, 69, 120, 105, 102, 0, 0, 0xff, 0xc2, 0, 17, 8, 0x02, 0x58, 0x03, 0x20, 3, 0, 0, 0, 0, 0, 0])
    expect(photoKind(jpeg)).toBe('jpeg')
    expect(photoSize(jpeg)).toEqual({ width: 800, height: 600 })
    expect(fitWidth({ width: 4000, height: 3000 }, 800)).toEqual({ width: 800, height: 600 })
    expect(fitWidth({ width: 300, height: 500 }, 800)).toEqual({ width: 300, height: 500 })
    const photoRefusal = (bytes: Uint8Array) => {
      try {
        refuseUnlessPhoto(bytes)
      } catch (error) {
        return [(error as ApiError).status, (error as ApiError).message]
      }
      return null
    }
    expect(photoRefusal(new TextEncoder().encode('%PDF-1.7 not a photo'))).toEqual([415, MSG_PHOTO_NOT_IMAGE])
    expect(photoRefusal(png.subarray(0, 12))).toEqual([415, MSG_PHOTO_NOT_IMAGE])
    expect(photoRefusal(new Uint8Array(TRIBUTE_PHOTO_MAX_BYTES + 1))).toEqual([413, MSG_PHOTO_TOO_LARGE])
    const huge = png.slice()
    huge.set([0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20], 16)
    expect(photoRefusal(huge)).toEqual([413, MSG_PHOTO_TOO_MANY_PIXELS])
    expect(refuseUnlessPhoto(png)).toEqual({ kind: 'png', width: 4000, height: 3000 })
  })
})
