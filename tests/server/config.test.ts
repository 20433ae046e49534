/**
 * Every variable the server reads is checked at start (server/config.ts): a bad value stops it with
 * the variable's name and what it accepts; production needs PUBLIC_URL and an explicit M-Pesa
 * choice; the demo accounts (published passwords) stay off production and off the network.
 */
import { describe, expect, it } from 'vitest'
import { listenHost, readConfig } from '../../server/config'

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://funeral.example.co.ke', DARAJA_SIMULATOR: '1' }

describe('every variable is checked', () => {
  it('has defaults for the job intervals and the simulator', () => {
    expect(readConfig({})).toMatchObject({ RECONCILE_FIRST_MS: 60_000, RECONCILE_POLL_MS: 5_000, SMS_POLL_MS: 15_000, SIMULATOR_ANSWER_MS: 6_000, DARAJA_SIMULATOR: false, HOST: undefined, NODE_ENV: 'development' })
    expect(readConfig({ SMS_POLL_MS: '2000', RECONCILE_FIRST_MS: '0', AT_USERNAME: 'home', AT_API_KEY: 'k' })).toMatchObject({ SMS_POLL_MS: 2000, RECONCILE_FIRST_MS: 0, AT_USERNAME: 'home' })
    // Documents: on disk unless STORAGE_URL names a bucket (an S3-compatible server's, or AWS's own).
    expect(readConfig({}).STORAGE_URL).toBeUndefined()
    expect(readConfig({ STORAGE_URL: 's3://funeral-docs?endpoint=http://127.0.0.1:9000/&region=af-south-1' }).STORAGE_URL).toEqual({ bucket: 'funeral-docs', endpoint: 'http://127.0.0.1:9000', region: 'af-south-1' })
    expect(readConfig({ STORAGE_URL: 's3://funeral-docs', AWS_ACCESS_KEY_ID: 'AKIA', AWS_SECRET_ACCESS_KEY: 's' })).toMatchObject({ STORAGE_URL: { bucket: 'funeral-docs', region: 'us-east-1' }, AWS_ACCESS_KEY_ID: 'AKIA' })
  })

  it.each([
    ['SMS_POLL_MS', 'abc', /SMS_POLL_MS must be a whole number of milliseconds, at least 50/],
    ['SMS_POLL_MS', '0', /SMS_POLL_MS must be a whole number of milliseconds, at least 50/],
    ['RECONCILE_POLL_MS', '1.5', /RECONCILE_POLL_MS must be a whole number of milliseconds/],
    ['RECONCILE_FIRST_MS', '-1', /RECONCILE_FIRST_MS must be 0 or more/],
    ['SIMULATOR_ANSWER_MS', 'soon', /SIMULATOR_ANSWER_MS must be a whole number of milliseconds/],
    ['MAINTENANCE_FIRST_MS', '99999999999', /MAINTENANCE_FIRST_MS must be at most 2147483647/],
    ['NODE_ENV', 'prod', /NODE_ENV must be development, production or test/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['PUBLIC_URL', 'funeral.example.co.ke', /PUBLIC_URL must be an origin/],
    ['DARAJA_SIMULATOR_URL', 'somewhere', /DARAJA_SIMULATOR_URL must be an origin/],
    ['DARAJA_SIMULATOR_CALLBACK_SECRET', 'short', /DARAJA_SIMULATOR_CALLBACK_SECRET must be at least 32 lowercase hex characters/],
    ['HOST', '   ', /HOST must not be blank/],
    ['STORAGE_URL', 'https://bucket.example.com', /STORAGE_URL must be s3:\/\/BUCKET/],
    ['STORAGE_URL', 's3://Funeral_Docs', /STORAGE_URL must be s3:\/\/BUCKET/],
    ['STORAGE_URL', 's3://key:secret@docs', /STORAGE_URL must be s3:\/\/BUCKET/],
    ['STORAGE_URL', 's3://docs/folder', /STORAGE_URL must be s3:\/\/BUCKET/],
    ['STORAGE_URL', 's3://docs?endpont=http://127.0.0.1:9000', /STORAGE_URL must be s3:\/\/BUCKET/],
    ['STORAGE_URL', 's3://docs?endpoint=127.0.0.1:9000', /STORAGE_URL must be s3:\/\/BUCKET/],
  ])('%s=%s stops the start, naming the variable and what it accepts', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message)
  })

  it("refuses half of Africa's Talking's credentials, naming the missing one", () => {
    expect(() => readConfig({ AT_USERNAME: 'home' })).toThrow(/AT_API_KEY is not set/)
    expect(() => readConfig({ AT_API_KEY: 'k' })).toThrow(/AT_USERNAME is not set/)
    // The bucket's too, without ever repeating the secret.
    expect(() => readConfig({ AWS_SECRET_ACCESS_KEY: 'hush-hush' })).toThrow(/^Invalid configuration:\n {2}AWS_ACCESS_KEY_ID is not set[^]*$/)
    expect(() => readConfig({ AWS_SECRET_ACCESS_KEY: 'hush-hush' })).not.toThrow(/hush-hush/)
  })
})

describe('production', () => {
  it('starts with PUBLIC_URL and the simulator asked for', () => {
    expect(readConfig(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: 'https://funeral.example.co.ke', DARAJA_SIMULATOR: true })
  })

  it('without PUBLIC_URL is refused, naming the variable', () => {
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL is required/)
  })

  it('without Daraja credentials is refused unless DARAJA_SIMULATOR=1, naming both ways', () => {
    expect(() => readConfig({ ...PRODUCTION, DARAJA_SIMULATOR: undefined })).toThrow(/DARAJA_CONSUMER_KEY[\s\S]*DARAJA_SIMULATOR=1/)
    expect(() => readConfig({ ...PRODUCTION, DARAJA_SIMULATOR: '0' })).toThrow(/M-Pesa is not configured/)
    // Development keeps the simulator as its default.
    expect(readConfig({ NODE_ENV: 'development' }).DARAJA_SIMULATOR).toBe(false)
  })

  it('with Daraja credentials needs no simulator switch', () => {
    expect(readConfig({ ...PRODUCTION, DARAJA_SIMULATOR: undefined, DARAJA_CONSUMER_KEY: 'k' }).DARAJA_CONSUMER_KEY).toBe('k')
  })

  it('refuses a database holding the demo accounts, saying how to remove them', () => {
    expect(() => listenHost(readConfig(PRODUCTION), ['admin@funeral.test'])).toThrow(/demo accounts \(admin@funeral\.test\)[\s\S]*npm run demo:remove -- --yes[\s\S]*npm run admin:create/)
    expect(() => listenHost(readConfig({ ...PRODUCTION, HOST: '127.0.0.1' }), ['family@funeral.test'])).toThrow(/npm run demo:remove/)
    expect(listenHost(readConfig(PRODUCTION), [])).toBe('0.0.0.0')
  })
})

describe('the demo accounts stay on this machine', () => {
  it('listens on loopback by default while the database holds them, on every address otherwise', () => {
    expect(listenHost(readConfig({}), ['admin@funeral.test'])).toBe('127.0.0.1')
    expect(listenHost(readConfig({}), [])).toBe('0.0.0.0')
    expect(listenHost(readConfig({ HOST: '::1' }), ['admin@funeral.test'])).toBe('::1')
    expect(listenHost(readConfig({ HOST: '192.168.1.20' }), [])).toBe('192.168.1.20')
  })

  it.each(['0.0.0.0', '::', '192.168.1.20', 'funeral.example.co.ke'])('refuses the public HOST=%s with them, saying why and what to do', (host) => {
    expect(() => listenHost(readConfig({ HOST: host }), ['admin@funeral.test', 'family@funeral.test'])).toThrow(
      new RegExp(`HOST=${host.replace(/\./g, '\\.')} would put the demo accounts \\(admin@funeral\\.test, family@funeral\\.test\\)[\\s\\S]*loopback only \\(HOST=127\\.0\\.0\\.1\\)[\\s\\S]*npm run demo:remove`),
    )
  })
})
