/**
 * Daraja's wire: the paths and the bodies of the three calls the server makes (OAuth, STK push,
 * STK query), shared by the client (which reads them) and the simulator (which writes them), so
 * the two cannot drift apart. Field names are Safaricom's own (PascalCase, `errorCode`).
 */
import { z } from 'zod/mini'

export const DARAJA_PATHS = {
  token: '/oauth/v1/generate',
  stkPush: '/mpesa/stkpush/v1/processrequest',
  stkQuery: '/mpesa/stkpushquery/v1/query',
} as const

/** Error codes Daraja puts in `errorCode` that the client treats specially. */
export const DARAJA_ERRORS = {
  /** "Invalid Access Token": the token expired or was revoked; fetch a new one and retry once. */
  invalidToken: '404.001.03',
  /** On the STK query: "The transaction is being processed" (the customer has not answered yet). */
  processing: '500.001.1001',
  /** A field Daraja does not accept ("Bad Request - Invalid PhoneNumber", …). */
  badRequest: '400.002.02',
} as const

/** Daraja sends some numbers as strings and some as numbers (ResultCode is a number in a callback, a string in a query). */
const Code = z.pipe(z.union([z.string(), z.number()]), z.transform(String))

/** `GET /oauth/v1/generate?grant_type=client_credentials` (Basic auth). `expires_in` is a string of seconds, e.g. "3599". */
export const TokenResponse = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.pipe(z.union([z.string(), z.number()]), z.transform(Number)),
})

/** Daraja's error body, on any endpoint (HTTP 4xx/5xx). */
export const ErrorResponse = z.looseObject({
  requestId: z.optional(z.string()),
  errorCode: z.string(),
  errorMessage: z.optional(z.string()),
})
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** The STK push request body (`CustomerPayBillOnline`). Amounts and phone numbers are sent as numbers or strings; both are accepted. */
export interface StkPushBody {
  BusinessShortCode: string
  Password: string
  Timestamp: string
  TransactionType: 'CustomerPayBillOnline'
  Amount: number
  PartyA: string
  PartyB: string
  PhoneNumber: string
  CallBackURL: string
  AccountReference: string
  TransactionDesc: string
}

export const StkPushBodySchema = z.looseObject({
  BusinessShortCode: Code,
  Password: z.string(),
  Timestamp: z.string(),
  TransactionType: z.string(),
  Amount: z.pipe(z.union([z.string(), z.number()]), z.transform(Number)),
  PartyA: Code,
  PartyB: Code,
  PhoneNumber: Code,
  CallBackURL: z.string(),
  AccountReference: z.string(),
  TransactionDesc: z.string(),
})

export const StkPushResponse = z.looseObject({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: Code,
  ResponseDescription: z.optional(z.string()),
  CustomerMessage: z.optional(z.string()),
})

export interface StkQueryBody {
  BusinessShortCode: string
  Password: string
  Timestamp: string
  CheckoutRequestID: string
}

export const StkQueryBodySchema = z.looseObject({
  BusinessShortCode: Code,
  Password: z.string(),
  Timestamp: z.string(),
  CheckoutRequestID: z.string(),
})

/** A final STK query answer (HTTP 200). While processing Daraja answers HTTP 500 with an ErrorResponse instead. */
export const StkQueryResponse = z.looseObject({
  ResponseCode: z.optional(Code),
  ResponseDescription: z.optional(z.string()),
  MerchantRequestID: z.optional(z.string()),
  CheckoutRequestID: z.optional(z.string()),
  ResultCode: z.optional(Code),
  ResultDesc: z.optional(z.string()),
})
