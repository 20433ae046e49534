import { z } from 'zod/mini'
import { Id, Money } from './common'

/** GET /bookings/{id}/papers: where a booking's papers are (paths under /api), a receipt per completed payment. */
/** Whether the family signed the service agreement, and who and when (the revision in force). */
export const AgreementSummary = z.object({
  status: z.enum(['signed', 'unsigned']),
  revision: z.nullable(z.number()),
  signed_name: z.nullable(z.string()),
  signed_at: z.nullable(z.string()),
})
export type AgreementSummary = z.infer<typeof AgreementSummary>

export const PapersIndex = z.looseObject({
  agreement: z.optional(AgreementSummary),
  invoice: z.string(),
  statement: z.string(),
  quotation: z.string(),
  receipts: z.array(
    z.looseObject({
      payment_id: Id,
      amount: Money,
      paid_at: z.string(),
      payer: z.string(),
      contribution: z.boolean(),
      mpesa_receipt: z.nullish(z.string()),
      href: z.string(),
    }),
  ),
})
export type PapersIndex = z.infer<typeof PapersIndex>
