/**
 * The service agreement, signed on a phone, on both backends: the family reads the draft (the
 * quotation's lines and the home's terms), asks for a one-time code by SMS (the outbox), and signs
 * with their full name and the code. The signed PDF is kept as served (its SHA-256 is the stored
 * one) with a signature page; signing twice is refused; the admin voids it and revision 2 follows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, fixtures, loginAs, useBackend } from './target'
import { pdfText } from './pdf-text'
import { BookingList, BookingResponse } from '../../shared/contracts/bookings'
import { AgreementState, MSG_AGREEMENT_CHANGED, MSG_AGREEMENT_CODE_EXPIRED, MSG_AGREEMENT_CODE_WRONG, MSG_AGREEMENT_ONLY_FAMILY, MSG_AGREEMENT_SIGNED } from '../../shared/contracts/agreement'
import { MASKED_CODE } from '../../shared/contracts/two-factor'
import { sha256Hex } from '../../shared/paper/agreement'
import { DEFAULT_AGREEMENT_TERMS_SW, DEFAULT_SETTINGS } from '../../shared/contracts/settings'

useBackend()
afterEach(() => vi.useRealTimers())

const UA = 'Mozilla/5.0 (Linux; Android 10; TECNO KE5) Chrome/120 Mobile'

async function setUp() {
  const token = await loginAs('client')
  const [booking] = BookingList.parse((await call('GET', '/bookings/my', { token })).json).filter((b) => b.status !== 'cancelled')
  if (!booking) throw new Error('the demo family has no booking')
  const path = `/bookings/${booking.id}/agreement`
  const read = async (as = token) => AgreementState.parse((await call('GET', path, { token: as })).json)
  /** Asks for a code; the code as the phone received it (from the outbox itself: the admin's list masks it). */
  const askCode = async () => {
    const res = await call<{ challenge: string; phoneEnding: string }>('POST', `${path}/code`, { token })
    expect(res.status).toBe(200)
    const sms = await fixtures.lastSms('agreement-code')
    const code = sms?.body.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error('no agreement SMS')
    return { challenge: res.json.challenge, code, body: sms?.body ?? '' }
  }
  const sign = (body: Record<string, unknown>) => call<{ message?: string }>('POST', `${path}/sign`, { token, body, headers: { 'User-Agent': UA } })
  return { token, booking, path, read, askCode, sign }
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('the service agreement', () => {
  it('is read, signed with the name and the SMS code, kept as served, refused twice, voided and signed again as revision 2', async () => {
    const { token, booking, path, read, askCode, sign } = await setUp()
    const before = await read()
    expect(before).toMatchObject({ status: 'unsigned', signed: null, history: [] })
    expect(before.draft?.revision).toBe(1)
    // The booking says it is not signed (the office marks it), in the family's list and the office's.
    const signedFlag = async (as: string) => BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token: as })).json).agreement_signed
    const familyListFlag = async () => (await call<{ bookings: Array<{ id: string | number; agreement_signed?: boolean }> }>('GET', '/bookings/my', { token })).json.bookings.find((b) => String(b.id) === String(booking.id))?.agreement_signed
    expect(await signedFlag(token)).toBe(false)
    expect(await familyListFlag()).toBe(false)
    // The draft is the document whose hash the family signs: the same bytes on every read.
    const draft = await call('GET', `${path}/draft`, { token })
    expect(draft.headers.get('content-type')).toBe('application/pdf')
    expect(await sha256Hex(draft.bytes)).toBe(before.draft?.document_sha256)
    const draftText = await pdfText(draft.bytes)
    expect(draftText).toContain('SERVICE AGREEMENT')
    expect(draftText).toContain('Terms:')
    expect(draftText).toContain(booking.services?.[0]?.service_name ?? '')

    const first = await askCode()
    expect(first.body).toContain(`sign the service agreement is ${first.code}`)
    const admin = await loginAs('admin')
    const outbox = await call<{ messages: Array<{ kind: string; body: string }> }>('GET', '/sms-outbox', { token: admin })
    expect(outbox.json.messages.find((m) => m.kind === 'agreement-code')?.body).toContain(MASKED_CODE)

    const request = { full_name: 'Grace Wanjiru Kamau', challenge: first.challenge, code: first.code, document_sha256: before.draft?.document_sha256 }
    // Not the admin on the family's behalf; not a document other than the one read; not a wrong code.
    expect((await call<{ message: string }>('POST', `${path}/sign`, { token: admin, body: request })).json.message).toBe(MSG_AGREEMENT_ONLY_FAMILY)
    const changed = await sign({ ...request, document_sha256: 'a'.repeat(64) })
    expect([changed.status, changed.json.message]).toEqual([409, MSG_AGREEMENT_CHANGED])
    const wrong = await sign({ ...request, code: wrongOf(first.code) })
    expect([wrong.status, wrong.json.message]).toEqual([422, MSG_AGREEMENT_CODE_WRONG])

    const signed = await sign(request)
    expect(signed.status).toBe(201)
    const after = await read()
    expect(after.status).toBe('signed')
    expect(after.draft).toBeNull()
    expect(after.signed).toMatchObject({ revision: 1, signed_name: 'Grace Wanjiru Kamau', user_agent: UA, document_sha256: before.draft?.document_sha256, voided_at: null })
    // The PDF served is the one kept: its hash is the stored one, and its last page says who, when, where.
    const pdf = await call('GET', after.signed?.href ?? '', { token })
    expect(await sha256Hex(pdf.bytes)).toBe(after.signed?.sha256)
    expect(pdf.bytes.length).toBeLessThan(120_000)
    const text = await pdfText(pdf.bytes)
    expect(text).toContain('SIGNATURE')
    expect(text).toContain('Signed by Grace Wanjiru Kamau')
    expect(text).toContain(`IP address ${after.signed?.ip}`)
    expect(text).toContain('TECNO KE5')
    expect(text).toContain(before.draft?.document_sha256 ?? '')
    expect(text).toMatch(/Signed on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} EAT/)
    // The same code again, and a new signing while one is in force, are refused.
    expect((await call('POST', `${path}/code`, { token })).json.message).toBe(MSG_AGREEMENT_SIGNED)
    const twice = await sign(request)
    expect([twice.status, twice.json.message]).toEqual([409, MSG_AGREEMENT_SIGNED])
    // The office sees who signed, in the papers' list.
    const papers = await call<{ agreement: { status: string; signed_name: string } }>('GET', `/bookings/${booking.id}/papers`, { token: admin })
    expect(papers.json.agreement).toMatchObject({ status: 'signed', signed_name: 'Grace Wanjiru Kamau' })
    expect(await signedFlag(admin)).toBe(true)
    // The family's list (kept by the server until something it shows changes) says so at once.
    expect(await familyListFlag()).toBe(true)

    // Only the admin voids, with a reason; the family then signs revision 2; both stay.
    expect((await call('POST', `${path}/void`, { token, body: { reason: 'Wrong dates' } })).status).toBe(403)
    const voided = await call('POST', `${path}/void`, { token: admin, body: { reason: 'Services changed after the family called' } })
    expect(voided.status).toBe(200)
    const open = await read()
    expect(open.draft?.revision).toBe(2)
    expect(await familyListFlag()).toBe(false)
    const second = await askCode()
    expect((await sign({ ...request, challenge: second.challenge, code: second.code, document_sha256: open.draft?.document_sha256 })).status).toBe(201)
    const final = await read(admin)
    expect(final.history.map((h) => [h.revision, h.void_reason])).toEqual([
      [2, null],
      [1, 'Services changed after the family called'],
    ])
    // The first signed PDF never changed.
    expect(await sha256Hex((await call('GET', final.history[1]?.href ?? '', { token })).bytes)).toBe(after.signed?.sha256)
  }, 90_000)

  it('a code older than 10 minutes, or tried five times, is refused with a clear message', async () => {
    const { read, askCode, sign } = await setUp()
    const hash = (await read()).draft?.document_sha256
    const late = await askCode()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 })
    const expired = await sign({ full_name: 'Grace Kamau', challenge: late.challenge, code: late.code, document_sha256: hash })
    expect([expired.status, expired.json.message]).toEqual([422, MSG_AGREEMENT_CODE_EXPIRED])
    vi.useRealTimers()
    const tried = await askCode()
    const answers: Array<string | undefined> = []
    for (let i = 0; i < 5; i++) answers.push((await sign({ full_name: 'Grace Kamau', challenge: tried.challenge, code: wrongOf(tried.code), document_sha256: hash })).json.message)
    expect(answers.at(-1)).toBe(MSG_AGREEMENT_CODE_EXPIRED)
    expect((await sign({ full_name: 'Grace Kamau', challenge: tried.challenge, code: tried.code, document_sha256: hash })).json.message).toBe(MSG_AGREEMENT_CODE_EXPIRED)
    // One name is not a full name.
    expect((await sign({ full_name: 'Grace', challenge: tried.challenge, code: tried.code, document_sha256: hash })).status).toBe(422)
  }, 60_000)

  it("prints the home's Kiswahili terms for a family that reads Kiswahili, else its own English terms, else the Kiswahili defaults", async () => {
    const { token, path } = await setUp()
    const admin = await loginAs('admin')
    const draftText = async () => pdfText((await call('GET', `${path}/draft`, { token })).bytes)
    const saveTerms = async (terms: Record<string, string>) => {
      const general = { ...DEFAULT_SETTINGS.general, ...terms }
      expect((await call('PUT', '/settings/general', { token: admin, body: general })).status).toBe(200)
      // Both kept as written: the round trip gives back what the admin saved.
      expect((await call<{ settings: typeof DEFAULT_SETTINGS }>('GET', '/settings', { token: admin })).json.settings.general).toEqual(general)
    }
    expect((await call('PUT', '/auth/profile', { token, body: { language: 'sw' } })).status).toBe(200)
    // No terms of the home's own: the Kiswahili defaults.
    expect(await draftText()).toContain(DEFAULT_AGREEMENT_TERMS_SW.split('\n\n')[0]!.slice(3, 40))

    await saveTerms({ agreementTerms: 'Storage is charged per day in our care.', agreementTermsSw: 'Uhifadhi hutozwa kwa kila siku mwili uko nasi.' })
    const sw = await draftText()
    expect(sw).toContain('Uhifadhi hutozwa kwa kila siku mwili uko nasi.')
    expect(sw).not.toContain('Storage is charged per day in our care.')

    // The Kiswahili left blank: the home's own English terms, as written.
    await saveTerms({ agreementTerms: 'Storage is charged per day in our care.', agreementTermsSw: '' })
    expect(await draftText()).toContain('Storage is charged per day in our care.')

    // A family that reads English never gets the Kiswahili terms.
    await saveTerms({ agreementTerms: 'Storage is charged per day in our care.', agreementTermsSw: 'Uhifadhi hutozwa kwa kila siku mwili uko nasi.' })
    expect((await call('PUT', '/auth/profile', { token, body: { language: 'en' } })).status).toBe(200)
    const en = await draftText()
    expect(en).toContain('Storage is charged per day in our care.')
    expect(en).not.toContain('Uhifadhi hutozwa')
  }, 60_000)
})
