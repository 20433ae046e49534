import { describe, expect, it } from 'vitest'
import {
  CALLBACK_ACCEPTED,
  CALLBACK_ROUTE,
  CALLBACK_URL_FORBIDDEN_WORDS,
  callbackPath,
  callbackSecretMatches,
  callbackUrl,
  callbackUrlProblem,
  ignoredCallbackLog,
  matchUnclaimedCallback,
  newCallbackSecret,
  parseStkCallback,
  resultMeaning,
  settle,
  settleFromQuery,
  type PushRecord,
  type StkCallback,
} from '../../server/daraja/callback'
import { MPESA_SCENARIOS } from '../../shared/mpesa-scenarios'

const ID = 'ws_CO_20260310101500123456789abc'

/** Daraja's success body, as Safaricom sends it (Amount with decimals, numbers for phone and date). */
const successBody = (overrides: { id?: string; amount?: number; receipt?: string | null } = {}) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: overrides.id ?? ID,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: overrides.amount ?? 8000.0 },
          ...(overrides.receipt === null ? [] : [{ Name: 'MpesaReceiptNumber', Value: overrides.receipt ?? 'NLJ7RT61SV' }]),
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: 20260310101530 },
          { Name: 'PhoneNumber', Value: 254712345678 },
        ],
      },
    },
  },
})

const failureBody = (resultCode: number, resultDesc: string, id = ID) => ({
  Body: { stkCallback: { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: id, ResultCode: resultCode, ResultDesc: resultDesc } },
})

function parsed(body: unknown): StkCallback {
  const result = parseStkCallback(body)
  if (!result.ok) throw new Error(result.problem)
  return result.callback
}

const open: PushRecord = { checkoutRequestId: ID, amount: 8000, status: 'processing' }

describe('parsing a callback body', () => {
  it('reads a success: id, result, amount, receipt, phone and date', () => {
    expect(parsed(successBody())).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: ID,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      amount: 8000,
      mpesaReceiptNumber: 'NLJ7RT61SV',
      phoneNumber: '254712345678',
      transactionDate: '20260310101530',
    })
  })

  it('reads a failure, which has no metadata', () => {
    expect(parsed(failureBody(1032, 'Request cancelled by user'))).toMatchObject({ resultCode: '1032', resultDesc: 'Request cancelled by user', amount: null, mpesaReceiptNumber: null })
  })

  it('accepts a ResultCode sent as a string', () => {
    expect(parsed({ Body: { stkCallback: { ...failureBody(1, 'x').Body.stkCallback, ResultCode: '1' } } }).resultCode).toBe('1')
  })

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'Body=stkCallback'],
    ['an array', [successBody()]],
    ['an empty object', {}],
    ['no stkCallback', { Body: {} }],
    ['no CheckoutRequestID', { Body: { stkCallback: { MerchantRequestID: 'm', ResultCode: 0, ResultDesc: 'ok' } } }],
    ['an empty CheckoutRequestID', failureBody(1, 'x', '')],
    ['a ResultCode that is not a number', { Body: { stkCallback: { ...failureBody(1, 'x').Body.stkCallback, ResultCode: 'zero' } } }],
    ['metadata items that are not a list', { Body: { stkCallback: { ...successBody().Body.stkCallback, CallbackMetadata: { Item: { Name: 'Amount', Value: 1 } } } } }],
    ['an item value that is an object', { Body: { stkCallback: { ...successBody().Body.stkCallback, CallbackMetadata: { Item: [{ Name: 'Amount', Value: { $gt: 0 } }] } } } }],
  ])('calls %s malformed, without throwing', (_, body) => {
    const result = parseStkCallback(body)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.kind).toBe('malformed')
      expect(result.problem).not.toBe('')
    }
  })

  it('the answer to Daraja is its accepted shape', () => {
    expect(CALLBACK_ACCEPTED).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' })
  })
})

describe('settling a push from a callback', () => {
  it('completes an open push on success, with the receipt as the transaction id', () => {
    expect(settle(open, parsed(successBody()))).toEqual({ action: 'complete', transactionId: 'NLJ7RT61SV', amount: 8000, resultCode: '0', resultDesc: 'The service request is processed successfully.' })
  })

  it.each(MPESA_SCENARIOS.filter((s) => s.resultCode !== null && s.resultCode !== '0'))('fails an open push on $resultCode ($id), keeping Daraja\u2019s ResultDesc', (scenario) => {
    const callback = parsed(failureBody(Number(scenario.resultCode), scenario.resultDesc ?? ''))
    expect(settle(open, callback)).toEqual({ action: 'fail', resultCode: scenario.resultCode, resultDesc: scenario.resultDesc, meaning: scenario.id })
  })

  it('fails an open push on a code the mock does not simulate, meaning other', () => {
    expect(settle(open, parsed(failureBody(1019, 'The transaction has expired')))).toMatchObject({ action: 'fail', resultCode: '1019', meaning: 'other' })
    expect(resultMeaning('0')).toBe('success')
  })

  it('ignores a callback for a push we did not make, or for another push than the record given', () => {
    expect(settle(undefined, parsed(successBody()))).toEqual({ action: 'ignore', reason: 'unknown-push' })
    expect(settle(null, parsed(failureBody(1, 'x')))).toEqual({ action: 'ignore', reason: 'unknown-push' })
    expect(settle({ ...open, checkoutRequestId: 'ws_CO_other' }, parsed(successBody()))).toEqual({ action: 'ignore', reason: 'unknown-push' })
  })

  it('changes nothing when the amount paid is not the amount pushed, and says so in the log', () => {
    const callback = parsed(successBody({ amount: 1 }))
    const decision = settle(open, callback)
    expect(decision).toEqual({ action: 'ignore', reason: 'amount-mismatch', expected: 8000, received: 1 })
    expect(ignoredCallbackLog(decision, callback)).toBe(`Daraja callback ${ID} reports KSH 1 for a push of KSH 8000: not settled`)
  })

  it('leaves a success without receipt for the STK query', () => {
    expect(settle(open, parsed(successBody({ receipt: null })))).toEqual({ action: 'ignore', reason: 'missing-receipt' })
  })

  it('a duplicate or late callback changes nothing; one that contradicts the settlement is flagged', () => {
    const completed: PushRecord = { ...open, status: 'completed' }
    const failed: PushRecord = { ...open, status: 'failed' }
    expect(settle(completed, parsed(successBody()))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
    expect(settle(failed, parsed(failureBody(1032, 'Request cancelled by user')))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
    expect(settle(completed, parsed(failureBody(1, 'x')))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: true })
    // Money moved after we closed the push (e.g. as expired): never re-opened silently.
    expect(settle(failed, parsed(successBody()))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: true })
  })

  it('a payment the query completed gets its receipt from the late callback, and only that', () => {
    const byQuery: PushRecord = { ...open, status: 'completed', transactionId: null }
    expect(settle(byQuery, parsed(successBody()))).toEqual({ action: 'add-receipt', transactionId: 'NLJ7RT61SV' })
    expect(settle(byQuery, parsed(successBody({ amount: 1 })))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
    expect(settle({ ...byQuery, transactionId: 'NLJ7RT61SV' }, parsed(successBody({ receipt: 'OTHER00001' })))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
  })

  it('settles exactly once whatever the number and order of callbacks', () => {
    const bodies = [successBody(), successBody(), failureBody(1032, 'Request cancelled by user'), successBody({ amount: 5 }), failureBody(1, 'x', 'ws_CO_stranger')]
    const orders = [bodies, [...bodies].reverse(), [bodies[2], bodies[0], bodies[3], bodies[1], bodies[4]]]
    for (const order of orders) {
      const record: PushRecord = { ...open }
      const applied: string[] = []
      for (const body of order) {
        const decision = settle(record, parsed(body))
        if (decision.action === 'complete') record.status = 'completed'
        if (decision.action === 'fail') record.status = 'failed'
        if (decision.action !== 'ignore') applied.push(decision.action)
      }
      expect(applied).toHaveLength(1)
    }
  })
})

describe('the callback path and URL', () => {
  const containsForbidden = (url: string) => CALLBACK_URL_FORBIDDEN_WORDS.some((w) => url.toLowerCase().includes(w))

  it('the route and every generated path avoid the words Safaricom filters', () => {
    expect(containsForbidden(CALLBACK_ROUTE)).toBe(false)
    for (let i = 0; i < 200; i++) {
      const secret = newCallbackSecret()
      expect(secret).toMatch(/^[0-9a-f]{48}$/)
      expect(containsForbidden(callbackPath(secret))).toBe(false)
    }
    expect(callbackUrl('https://funeral.example.co.ke/', 'ab12')).toBe('https://funeral.example.co.ke/api/hooks/daraja/stk/ab12')
  })

  it('accepts a public https URL of ours', () => {
    expect(callbackUrlProblem('https://funeral.example.co.ke/api/hooks/daraja/stk/ab12')).toBeNull()
  })

  it.each(['mpesa', 'MPesa', 'safaricom', 'sql', 'query', 'exec', 'cmd', 'exe', 'Exe'])('refuses a URL containing "%s"', (word) => {
    expect(callbackUrlProblem(`https://funeral.example.co.ke/api/${word}/stk`)).toBe(`The callback URL contains "${word.toLowerCase()}", which Safaricom's URL filter rejects`)
  })

  it('refuses a word in the host or the query string too', () => {
    expect(callbackUrlProblem('https://mpesa.funeral.example.co.ke/api/hooks/daraja/stk/ab12')).not.toBeNull()
    expect(callbackUrlProblem('https://funeral.example.co.ke/api/hooks/daraja/stk/ab12?x=cmd')).not.toBeNull()
  })

  it('refuses a relative URL, and plain http unless allowed (simulator on loopback)', () => {
    expect(callbackUrlProblem('/api/hooks/daraja/stk/ab12')).toBe('The callback URL is not an absolute URL')
    expect(callbackUrlProblem('http://127.0.0.1:3000/api/hooks/daraja/stk/ab12')).toBe('The callback URL must use https')
    expect(callbackUrlProblem('http://127.0.0.1:3000/api/hooks/daraja/stk/ab12', { requireHttps: false })).toBeNull()
    expect(callbackUrlProblem('ftp://funeral.example.co.ke/x', { requireHttps: false })).toBe('The callback URL must use http or https')
  })

  it('trusts a callback only with our secret', () => {
    expect(callbackSecretMatches('ab12cd', 'ab12cd')).toBe(true)
    expect(callbackSecretMatches('ab12cd', 'ab12ce')).toBe(false)
    expect(callbackSecretMatches('ab12cd', '')).toBe(false)
    expect(callbackSecretMatches('', '')).toBe(false)
  })
})

describe('a success callback for a push whose answer was lost', () => {
  const receivedAt = new Date('2026-03-10T10:16:00Z')
  const attempt = (phone: string, amount: number, minutesAgo: number) => ({ phone, amount, sentAt: new Date(receivedAt.getTime() - minutesAgo * 60_000) })
  const withPhone = (phone: string) => ({ ...parsed(successBody({ id: 'ws_CO_never_seen' })), phoneNumber: phone })

  it('belongs to the one open attempt with its phone and amount, sent shortly before', () => {
    const mine = attempt('254712345678', 8000, 2)
    expect(matchUnclaimedCallback(parsed(successBody({ id: 'ws_CO_never_seen' })), [attempt('254712345678', 5000, 2), mine, attempt('254700000001', 8000, 1)], { receivedAt })).toBe(mine)
  })

  it('matches a phone number Daraja masked', () => {
    const mine = attempt('254712345678', 8000, 2)
    expect(matchUnclaimedCallback(withPhone('2547123***78'), [mine], { receivedAt })).toBe(mine)
    expect(matchUnclaimedCallback(withPhone('2547993***78'), [mine], { receivedAt })).toBeNull()
  })

  it('claims nothing when two attempts could be it, when too old, or for a failure', () => {
    const twins = [attempt('254712345678', 8000, 2), attempt('254712345678', 8000, 4)]
    expect(matchUnclaimedCallback(parsed(successBody()), twins, { receivedAt })).toBeNull()
    expect(matchUnclaimedCallback(parsed(successBody()), [attempt('254712345678', 8000, 16)], { receivedAt })).toBeNull()
    expect(matchUnclaimedCallback(parsed(failureBody(1032, 'Request cancelled by user')), [attempt('254712345678', 8000, 1)], { receivedAt })).toBeNull()
  })
})

describe('settling a push from the STK query (no callback came)', () => {
  const final = (resultCode: string, resultDesc: string) => ({ status: 'final' as const, resultCode, resultDesc, merchantRequestId: 'm', checkoutRequestId: ID })
  const pending = { status: 'pending' as const, description: 'The transaction is being processed' }

  it('"still processing" leaves the push open: never a failure', () => {
    expect(settleFromQuery(open, pending)).toEqual({ action: 'ignore', reason: 'still-processing' })
  })

  it('a final success completes the push’s own amount, without a receipt yet', () => {
    expect(settleFromQuery(open, final('0', 'The service request is processed successfully.'))).toEqual({
      action: 'complete',
      transactionId: null,
      amount: 8000,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
    })
  })

  it('a final failure fails it with Daraja’s words and the mock’s meaning', () => {
    expect(settleFromQuery(open, final('1037', 'DS timeout user cannot be reached'))).toEqual({ action: 'fail', resultCode: '1037', resultDesc: 'DS timeout user cannot be reached', meaning: 'timeout' })
  })

  it('after a callback settled it, a query changes nothing (flagged when it disagrees)', () => {
    const completed: PushRecord = { ...open, status: 'completed', transactionId: 'NLJ7RT61SV' }
    expect(settleFromQuery(completed, final('0', 'ok'))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
    expect(settleFromQuery(completed, pending)).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: false })
    expect(settleFromQuery(completed, final('1032', 'Request cancelled by user'))).toEqual({ action: 'ignore', reason: 'already-settled', conflicting: true })
  })

  it('an answer for another push, or no push, changes nothing', () => {
    expect(settleFromQuery(undefined, final('0', 'ok'))).toEqual({ action: 'ignore', reason: 'unknown-push' })
    expect(settleFromQuery({ ...open, checkoutRequestId: 'ws_CO_other' }, final('0', 'ok'))).toEqual({ action: 'ignore', reason: 'unknown-push' })
  })

  it('query then callback, or callback then query: one settlement and the receipt recorded', () => {
    const apply = (record: PushRecord, decision: ReturnType<typeof settle>) => {
      if (decision.action === 'complete') Object.assign(record, { status: 'completed', transactionId: decision.transactionId })
      if (decision.action === 'fail') record.status = 'failed'
      if (decision.action === 'add-receipt') record.transactionId = decision.transactionId
      return decision.action
    }
    const queryFirst: PushRecord = { ...open }
    expect([apply(queryFirst, settleFromQuery(queryFirst, final('0', 'ok'))), apply(queryFirst, settle(queryFirst, parsed(successBody())))]).toEqual(['complete', 'add-receipt'])
    const callbackFirst: PushRecord = { ...open }
    expect([apply(callbackFirst, settle(callbackFirst, parsed(successBody()))), apply(callbackFirst, settleFromQuery(callbackFirst, final('0', 'ok')))]).toEqual(['complete', 'ignore'])
    expect(queryFirst).toEqual(callbackFirst)
  })
})
