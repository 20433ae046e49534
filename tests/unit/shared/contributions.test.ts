/** The harambee rules both backends follow (shared/contributions.ts), over plain data. */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../shared/errors'
import { CONTRIBUTION_PUSHES_PER_LINK, CONTRIBUTION_PUSHES_PER_PHONE, MSG_LINK_CLOSED, MSG_NOTHING_DUE, MSG_TOO_MANY_PUSHES, WELL_WISHER, msgAmountAboveDue } from '../../../shared/contracts/contributions'
import {
  MSG_ONLY_FAMILY_INVITES,
  checkContribution,
  contributionPage,
  familyContribution,
  lastServiceDate,
  looksLikeToken,
  refuseTooManyContributionPushes,
  refuseUnlessFamily,
  refuseUnlessOpen,
} from '../../../shared/contributions'

function refusal(run: () => void) {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, message: error.message, errors: error.errors }
  }
}

describe('who may do what with a link', () => {
  it('only the family invites, closes and thanks; others who may see the booking may look', () => {
    expect(refusal(() => refuseUnlessFamily({ role: 'admin' }, true))).toEqual({ status: 403, message: MSG_ONLY_FAMILY_INVITES, errors: undefined })
    expect(refusal(() => refuseUnlessFamily({ role: 'admin' }, false))).toBeNull()
    expect(refusal(() => refuseUnlessFamily({ role: 'client' }, true))).toBeNull()
  })

  it('a link takes pushes only while open: settled says nothing is due, closed and expired say closed', () => {
    expect(refusal(() => refuseUnlessOpen('open'))).toBeNull()
    expect(refusal(() => refuseUnlessOpen('settled'))).toMatchObject({ status: 409, message: MSG_NOTHING_DUE })
    expect(refusal(() => refuseUnlessOpen('closed'))).toMatchObject({ status: 409, message: MSG_LINK_CLOSED })
    expect(refusal(() => refuseUnlessOpen('expired'))).toMatchObject({ status: 409, message: MSG_LINK_CLOSED })
  })

  it('a token is 20 to 100 url-safe characters', () => {
    expect(looksLikeToken('a'.repeat(43))).toBe(true)
    expect(looksLikeToken('a'.repeat(19))).toBe(false)
    expect(looksLikeToken(`${'a'.repeat(42)}'`)).toBe(false)
  })
})

describe('how much a relative may give, and how often', () => {
  it('no more than is due less what others hold (422 with the amount still free)', () => {
    expect(refusal(() => checkContribution(1000, 300, 700))).toBeNull()
    expect(refusal(() => checkContribution(1000, 300, 701))).toEqual({ status: 422, message: msgAmountAboveDue(700), errors: { amount: msgAmountAboveDue(700) } })
    expect(refusal(() => checkContribution(1000, 1000, 1))).toMatchObject({ message: msgAmountAboveDue(0) })
  })

  it('at the limit per link or per phone, 429', () => {
    expect(refusal(() => refuseTooManyContributionPushes({ perLink: CONTRIBUTION_PUSHES_PER_LINK - 1, perPhone: CONTRIBUTION_PUSHES_PER_PHONE - 1 }))).toBeNull()
    expect(refusal(() => refuseTooManyContributionPushes({ perLink: CONTRIBUTION_PUSHES_PER_LINK, perPhone: 0 }))).toMatchObject({ status: 429, message: MSG_TOO_MANY_PUSHES })
    expect(refusal(() => refuseTooManyContributionPushes({ perLink: 0, perPhone: CONTRIBUTION_PUSHES_PER_PHONE }))).toMatchObject({ status: 429 })
  })
})

describe('what is shown', () => {
  it('the link expires after the latest service date', () => {
    expect(lastServiceDate(['2026-03-02', '2026-03-10', '2026-03-05'])).toBe('2026-03-10')
    expect(lastServiceDate([])).toBeNull()
  })

  it("the family sees the contributor's masked number, never the whole of it", () => {
    const row = familyContribution({ id: 7, contributorName: 'Achieng Otieno', contributorAnonymous: false, amount: 500, at: '2026-03-01T10:00:00.000Z', contributorMessage: 'Pole', contributorPhone: '254712345678', receipt: 'QK1', thanked: false })
    expect(row).toEqual({ id: 7, name: 'Achieng Otieno', anonymous: false, amount: 500, at: '2026-03-01T10:00:00.000Z', message: 'Pole', phone: '0712 ••• 678', receipt: 'QK1', thanked: false })
    expect(familyContribution({ ...row, contributorName: null, contributorAnonymous: true, contributorMessage: null, contributorPhone: null, receipt: null, thanked: true })).toMatchObject({ name: '', phone: null })
  })

  it('the public page names contributors by first name (or a well-wisher) and shows what is paid and due', () => {
    const page = contributionPage({
      status: 'open',
      home: { name: 'Amani', phone: '0700', email: 'a@b.c' },
      deceasedName: 'Jane Doe',
      serviceDate: '2026-03-10',
      message: null,
      total: 10_000,
      due: 4_000,
      given: [
        { name: 'Achieng Otieno', anonymous: false, amount: 5000, at: 't1' },
        { name: 'Baraka', anonymous: true, amount: 1000, at: 't2' },
        { name: null, anonymous: false, amount: 0, at: 't3' },
      ],
    })
    expect(page).toMatchObject({ paid: 6000, amount_due: 4000, deceased_name: 'Jane Doe', service_date: '2026-03-10' })
    expect(page.contributions.map((c) => c.name)).toEqual(['Achieng', WELL_WISHER, WELL_WISHER])
  })
})
