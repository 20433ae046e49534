import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, ensureCatalogs, translated } from '../../src/lib/i18n'
import { CondolenceRequest, MSG_CONDOLENCE_NO_LINKS, MSG_TRIBUTE_GONE, TributeRequest } from '../../shared/contracts/tributes'
import { MSG_PHOTO_NOT_IMAGE, MSG_PHOTO_TOO_LARGE, MSG_PHOTO_TOO_MANY_PIXELS, MSG_PHOTO_NOT_FOUND } from '../../shared/tribute-photo'
import { TRIBUTE_WORDS, condolenceRefusal } from '../../shared/tribute-words'

/** The first message a schema gives for a body (what the server's 422 says). */
const refusalOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, body: unknown) => {
  const checked = schema.safeParse(body)
  expect(checked.success).toBe(false)
  return checked.error!.issues[0]!.message
}

const page = { published: true, findable: false, story: '', born: '', livestream_url: '', events: [] }
const event = { title: 'Funeral service', starts_at: '2026-12-05T10:00', place: '', map_url: '' }

describe('the server\'s refusals a family can meet on the tribute page have their Kiswahili', () => {
  // The shared setup puts English back after each test.
  beforeEach(async () => {
    await activateLocale('sw')
    await ensureCatalogs('portal', 'client')
  })

  it.each([
    ['a file that is not a photo', MSG_PHOTO_NOT_IMAGE],
    ['a photo above the limit', MSG_PHOTO_TOO_LARGE],
    ['a picture too large to open', MSG_PHOTO_TOO_MANY_PIXELS],
    ['no photo to remove', MSG_PHOTO_NOT_FOUND],
    ['a story too long', refusalOf(TributeRequest, { ...page, story: 'x'.repeat(5001) })],
    ['a date of birth not a date', refusalOf(TributeRequest, { ...page, born: '31/12/1950' })],
    ['a livestream that is not a web address', refusalOf(TributeRequest, { ...page, livestream_url: 'youtube' })],
    ['a web address too long', refusalOf(TributeRequest, { ...page, livestream_url: `https://${'x'.repeat(500)}` })],
    ['too many events', refusalOf(TributeRequest, { ...page, events: Array.from({ length: 13 }, () => event) })],
    ['an event without a title', refusalOf(TributeRequest, { ...page, events: [{ ...event, title: ' ' }] })],
    ['an event title too long', refusalOf(TributeRequest, { ...page, events: [{ ...event, title: 'x'.repeat(101) }] })],
    ['an event place too long', refusalOf(TributeRequest, { ...page, events: [{ ...event, place: 'x'.repeat(201) }] })],
    ['an event time that is not one', refusalOf(TributeRequest, { ...page, events: [{ ...event, starts_at: '05/12/2026 10:00' }] })],
  ])('%s', (_, english) => {
    const said = translated(english)
    expect(said).not.toBe(english)
    expect(said.length).toBeGreaterThan(0)
  })
})

describe('the public tribute page says a refused condolence in its language', () => {
  it('says a known refusal in Kiswahili, or as sent in English', () => {
    expect(condolenceRefusal('sw', MSG_CONDOLENCE_NO_LINKS)).toMatch(/^Tafadhali usiweke viungo/)
    expect(condolenceRefusal('en', MSG_CONDOLENCE_NO_LINKS)).toBe(MSG_CONDOLENCE_NO_LINKS)
    expect(condolenceRefusal('sw', MSG_TRIBUTE_GONE)).toBe('Familia imeuondoa ukurasa huu wa kumbukumbu.')
    const tooLong = refusalOf(CondolenceRequest, { name: 'Wanjiru', message: 'x'.repeat(1001) })
    expect(condolenceRefusal('sw', tooLong)).toBe('Ujumbe wako usizidi herufi 1,000')
    expect(condolenceRefusal('sw', refusalOf(CondolenceRequest, { name: 'x'.repeat(81), message: 'Pole' }))).toBe('Jina lako lisizidi herufi 80')
  })

  it('says "not sent, try again" for anything else (no network, a fault), never a technical message', () => {
    expect(condolenceRefusal('sw', undefined)).toBe(TRIBUTE_WORDS.sw.notSent)
    expect(condolenceRefusal('en', 'Request failed (500)')).toBe('Your message could not be sent. Please try again.')
  })
})
