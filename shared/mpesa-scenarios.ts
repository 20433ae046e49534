/**
 * M-Pesa (Daraja-like) scenarios of the mock, chosen by the last four digits of the normalised
 * phone number. Timing is driven by the number of verify calls, never by wall time.
 */

export type MpesaScenarioId = 'success' | 'insufficient_funds' | 'cancelled' | 'timeout' | 'wrong_pin' | 'never_completes' | 'push_rejected'

export interface MpesaScenario {
  id: MpesaScenarioId
  /** Phone suffix that selects it (null = default). */
  suffix: string | null
  /** The verify call (1-based) that returns the final answer; null = never (or no verify at all). */
  finalOnVerify: number | null
  resultCode: string | null
  resultDesc: string | null
}

export const MPESA_PROCESSING = { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' } as const
/** Daraja's ResponseDescription of an accepted STK push (the simulator's, the mock's and a push held while one is under way). */
export const MPESA_PUSH_ACCEPTED = 'Success. Request accepted for processing'
/** Daraja's ResponseDescription of an STK query it answered (spelled as Daraja spells it). */
export const MPESA_QUERY_ACCEPTED = 'The service request has been accepted successsfully'
export const MPESA_PUSH_REJECTED_MESSAGE = 'Unable to lock subscriber, a transaction is already in process for the current subscriber'

export const MPESA_SCENARIOS: readonly MpesaScenario[] = [
  { id: 'success', suffix: null, finalOnVerify: 3, resultCode: '0', resultDesc: 'The service request is processed successfully.' },
  { id: 'insufficient_funds', suffix: '0001', finalOnVerify: 2, resultCode: '1', resultDesc: 'The balance is insufficient for the transaction.' },
  { id: 'cancelled', suffix: '1032', finalOnVerify: 2, resultCode: '1032', resultDesc: 'Request cancelled by user' },
  { id: 'timeout', suffix: '1037', finalOnVerify: 3, resultCode: '1037', resultDesc: 'DS timeout user cannot be reached' },
  { id: 'wrong_pin', suffix: '2001', finalOnVerify: 2, resultCode: '2001', resultDesc: 'The initiator information is invalid.' },
  { id: 'never_completes', suffix: '9999', finalOnVerify: null, resultCode: null, resultDesc: null },
  { id: 'push_rejected', suffix: '0000', finalOnVerify: null, resultCode: null, resultDesc: null },
]

/** The scenario for a normalised (2547…/2541…) or raw phone number. */
export function scenarioForPhone(phone: string): MpesaScenario {
  const digits = phone.replace(/\D/g, '')
  const found = MPESA_SCENARIOS.find((s) => s.suffix !== null && digits.endsWith(s.suffix))
  const fallback = MPESA_SCENARIOS[0]
  if (!fallback) throw new Error('no default scenario')
  return found ?? fallback
}

export function scenarioById(id: string): MpesaScenario {
  const found = MPESA_SCENARIOS.find((s) => s.id === id)
  return found ?? scenarioForPhone('')
}

/** Numbers to type in the "Pay with M-Pesa" dialog to try each scenario. */
export const MPESA_TEST_NUMBERS: ReadonlyArray<{ phone: string; scenario: MpesaScenarioId; outcome: string }> = [
  { phone: '0712345678', scenario: 'success', outcome: "Success on the 3rd verify (ResultCode '0'); payment recorded, booking paid" },
  { phone: '0712340001', scenario: 'insufficient_funds', outcome: "ResultCode '1' The balance is insufficient for the transaction. (2nd verify)" },
  { phone: '0712341032', scenario: 'cancelled', outcome: "ResultCode '1032' Request cancelled by user (2nd verify)" },
  { phone: '0712341037', scenario: 'timeout', outcome: "ResultCode '1037' DS timeout user cannot be reached (3rd verify)" },
  { phone: '0712342001', scenario: 'wrong_pin', outcome: "ResultCode '2001' The initiator information is invalid. — wrong PIN (2nd verify)" },
  { phone: '0712349999', scenario: 'never_completes', outcome: 'Always "being processed": the app hits its 10-attempt timeout' },
  { phone: '0712340000', scenario: 'push_rejected', outcome: "STK push rejected: ResponseCode '1', nothing to verify" },
]
