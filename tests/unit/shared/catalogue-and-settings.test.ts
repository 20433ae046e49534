/** The catalogue, settings and two-step sign-in rules both backends decide with, tested once, directly. */
import { describe, expect, it } from 'vitest'
import { thrown } from './thrown'
import { MAX_SERVICE_PRICE } from '../../../shared/rules'
import { DEFAULT_SETTINGS } from '../../../shared/contracts/settings'
import { MSG_PRICE_BOUND, MSG_SERVICE_IN_PRICE_TABLE, MSG_SERVICE_IN_USE, MSG_WHOLE_KSH, checkServiceDelete, checkServicePrice, pricingChanges, pricingOf, serviceNameKey } from '../../../shared/contracts/services-rules'
import { MSG_UNKNOWN_SECTION, checkSettingsSave, publicSettings, settingsSection } from '../../../shared/contracts/settings-rules'
import { CODE_MAX_TRIES, MSG_ADMIN_NEEDS_PHONE, MSG_CODE_EXPIRED, MSG_CODE_WRONG, codeExpiresAt, codeOpen, needsSignInCode, wrongCodeMessage } from '../../../shared/contracts/two-factor'

describe('the service catalogue', () => {
  it('bounds a price, naming the field', () => {
    expect(thrown(() => checkServicePrice(MAX_SERVICE_PRICE + 1))).toEqual({ status: 422, message: MSG_PRICE_BOUND, errors: { price: MSG_PRICE_BOUND } })
    expect(thrown(() => checkServicePrice(MAX_SERVICE_PRICE))).toBeNull()
    expect(thrown(() => checkServicePrice(undefined))).toBeNull()
  })

  it('checks every price of the table before any is set, in the table order', () => {
    expect(pricingChanges({ burial: 4500, basicFuneral: 5500 })).toEqual([
      ['basicFuneral', 5500],
      ['burial', 4500],
    ])
    expect(thrown(() => pricingChanges({ basicFuneral: 5500, cremation: 10.5 }))).toEqual({ status: 422, message: MSG_WHOLE_KSH, errors: { cremation: MSG_WHOLE_KSH } })
    expect(thrown(() => pricingChanges({ premiumFuneral: MAX_SERVICE_PRICE + 1 }))?.errors).toEqual({ premiumFuneral: MSG_PRICE_BOUND })
  })

  it('reads the price table from the catalogue; 0 for a line without a service', () => {
    expect(pricingOf([{ pricing_key: 'burial', price: 4000 }, { pricing_key: null, price: 99 }, { pricing_key: 'other', price: 1 }])).toEqual({ basicFuneral: 0, premiumFuneral: 0, cremation: 0, burial: 4000 })
  })

  it('names are the same whatever their case and outer spaces', () => {
    expect(serviceNameKey('  Body Storage ')).toBe(serviceNameKey('body storage'))
  })

  it('keeps a service that bookings use, or that is a line of the price table', () => {
    expect(thrown(() => checkServiceDelete({ inUse: true, pricingKey: 'burial' }))?.message).toBe(MSG_SERVICE_IN_USE)
    expect(thrown(() => checkServiceDelete({ inUse: false, pricingKey: 'burial' }))?.message).toBe(MSG_SERVICE_IN_PRICE_TABLE)
    expect(thrown(() => checkServiceDelete({ inUse: false, pricingKey: null }))).toBeNull()
  })
})

describe('the settings', () => {
  it('know four sections', () => {
    expect(settingsSection('security')).toBe('security')
    expect(thrown(() => settingsSection('constructor'))).toEqual({ status: 404, message: MSG_UNKNOWN_SECTION })
    expect(thrown(() => settingsSection(undefined))?.status).toBe(404)
  })

  it('two-step sign-in needs the admin to have a mobile number', () => {
    const on = { ...DEFAULT_SETTINGS.security, twoFactor: true }
    expect(thrown(() => checkSettingsSave('security', on, null))).toEqual({ status: 422, message: MSG_ADMIN_NEEDS_PHONE, errors: { twoFactor: MSG_ADMIN_NEEDS_PHONE } })
    expect(thrown(() => checkSettingsSave('security', on, '12345'))?.status).toBe(422)
    expect(thrown(() => checkSettingsSave('security', on, '0712345678'))).toBeNull()
    expect(thrown(() => checkSettingsSave('security', { ...on, twoFactor: false }, null))).toBeNull()
  })

  it('show the public the contact details and password rules, and simulated payments only when so', () => {
    const shown = publicSettings(DEFAULT_SETTINGS)
    expect(Object.keys(shown)).toEqual(['contact', 'password'])
    expect(shown.password).toEqual({ minLength: 6, requireComplexity: false })
    expect(publicSettings(DEFAULT_SETTINGS, true).payments).toEqual({ simulated: true })
  })
})

describe('two-step sign-in codes', () => {
  it('are asked of staff only, while the setting is on', () => {
    expect(needsSignInCode('admin', true)).toBe(true)
    expect(needsSignInCode('morgue_attendant', true)).toBe(true)
    expect(needsSignInCode('client', true)).toBe(false)
    expect(needsSignInCode('admin', false)).toBe(false)
  })

  it('take tries until used, expired or out of tries; the last wrong try ends the code', () => {
    const now = Date.UTC(2026, 0, 1)
    const code = { used: false, expiresAt: codeExpiresAt(now), attempts: 0 }
    expect(code.expiresAt - now).toBe(10 * 60_000)
    expect(codeOpen(code, now)).toBe(true)
    expect(codeOpen(code, code.expiresAt)).toBe(false)
    expect(codeOpen({ ...code, used: true }, now)).toBe(false)
    expect(codeOpen({ ...code, attempts: CODE_MAX_TRIES }, now)).toBe(false)
    expect(wrongCodeMessage(1)).toBe(MSG_CODE_WRONG)
    expect(wrongCodeMessage(CODE_MAX_TRIES)).toBe(MSG_CODE_EXPIRED)
  })
})
