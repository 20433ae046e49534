import { describe, expect, it } from 'vitest'
import { callbackSecretOf, darajaSetupFromEnv, simulatorDarajaConfig } from '../../server/daraja/config'

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718'
const FULL = {
  DARAJA_CONSUMER_KEY: 'key-value-9f8e',
  DARAJA_CONSUMER_SECRET: 'secret-value-7d6c',
  DARAJA_SHORTCODE: '174379',
  DARAJA_PASSKEY: 'passkey-value-5b4a',
  DARAJA_CALLBACK_URL: `https://funeral.example.co.ke/api/hooks/daraja/stk/${SECRET}`,
}

describe('Daraja configuration from the environment', () => {
  it('uses the simulator when no DARAJA_* credential is set, and says so', () => {
    expect(darajaSetupFromEnv({ DARAJA_BASE_URL: 'https://sandbox.safaricom.co.ke' })).toEqual({ mode: 'simulator', description: 'M-Pesa: the Daraja simulator (no DARAJA_CONSUMER_KEY etc. set)' })
    expect(darajaSetupFromEnv({ DARAJA_CONSUMER_KEY: '  ' }).mode).toBe('simulator')
  })

  it('uses Safaricom’s sandbox by default when the credentials are set', () => {
    const setup = darajaSetupFromEnv(FULL)
    expect(setup).toEqual({
      mode: 'daraja',
      callbackSecret: SECRET,
      config: { baseUrl: 'https://sandbox.safaricom.co.ke', consumerKey: 'key-value-9f8e', consumerSecret: 'secret-value-7d6c', shortcode: '174379', passkey: 'passkey-value-5b4a', callbackUrl: FULL.DARAJA_CALLBACK_URL },
      description: "M-Pesa: Daraja at Safaricom's sandbox, shortcode 174379, callbacks to https://funeral.example.co.ke",
    })
  })

  it('names production when its base URL is given', () => {
    const setup = darajaSetupFromEnv({ ...FULL, DARAJA_BASE_URL: 'https://api.safaricom.co.ke/' })
    expect(setup.mode === 'daraja' && setup.description).toContain('Safaricom (production)')
  })

  it('refuses half a configuration, naming the missing variables and never a value', () => {
    const setup = darajaSetupFromEnv({ DARAJA_CONSUMER_KEY: FULL.DARAJA_CONSUMER_KEY, DARAJA_PASSKEY: FULL.DARAJA_PASSKEY })
    expect(setup).toEqual({
      mode: 'invalid',
      problems: [
        'DARAJA_CONSUMER_SECRET is not set (the other DARAJA_* variables are)',
        'DARAJA_SHORTCODE is not set (the other DARAJA_* variables are)',
        'DARAJA_CALLBACK_URL is not set (the other DARAJA_* variables are)',
      ],
    })
    expect(JSON.stringify(setup)).not.toContain('value')
  })

  it.each([
    ['a callback path Safaricom filters', { DARAJA_CALLBACK_URL: `https://funeral.example.co.ke/api/mpesa/callback/${SECRET}` }, 'DARAJA_CALLBACK_URL: The callback URL contains "mpesa", which Safaricom\'s URL filter rejects'],
    ['plain http', { DARAJA_CALLBACK_URL: `http://funeral.example.co.ke/api/hooks/daraja/stk/${SECRET}` }, 'DARAJA_CALLBACK_URL: The callback URL must use https'],
    ['another path', { DARAJA_CALLBACK_URL: `https://funeral.example.co.ke/hooks/${SECRET}` }, 'DARAJA_CALLBACK_URL must end in /api/hooks/daraja/stk/<secret>'],
    ['a short secret', { DARAJA_CALLBACK_URL: 'https://funeral.example.co.ke/api/hooks/daraja/stk/abc123' }, 'DARAJA_CALLBACK_URL must end in'],
    ['a shortcode that is not one', { DARAJA_SHORTCODE: 'PAYBILL' }, 'DARAJA_SHORTCODE must be 5 to 7 digits'],
    ['a base URL over http', { DARAJA_BASE_URL: 'http://sandbox.safaricom.co.ke' }, 'DARAJA_BASE_URL must be an https origin'],
  ])('refuses %s', (_, change, problem) => {
    const setup = darajaSetupFromEnv({ ...FULL, ...change })
    expect(setup.mode).toBe('invalid')
    if (setup.mode === 'invalid') expect(setup.problems.join('\n')).toContain(problem)
  })

  it('reads the secret of our callback URL only', () => {
    expect(callbackSecretOf(FULL.DARAJA_CALLBACK_URL)).toBe(SECRET)
    expect(callbackSecretOf('https://x.example/api/hooks/daraja/stk/')).toBeNull()
    expect(callbackSecretOf('https://x.example/other/abc')).toBeNull()
    expect(callbackSecretOf('not a url')).toBeNull()
  })

  it('points the client at the simulator, calling our server back on loopback', () => {
    expect(simulatorDarajaConfig('http://127.0.0.1:4100', 'http://127.0.0.1:3000/', 'ab12')).toMatchObject({ baseUrl: 'http://127.0.0.1:4100', callbackUrl: 'http://127.0.0.1:3000/api/hooks/daraja/stk/ab12' })
  })
})
