import { z } from 'zod/mini'
import { Id, Money } from './common'

/** GET /bookings/{id}/papers: where a booking's papers are (paths under /api), a receipt per completed payment. */
export const PapersIndex = z.looseObject({
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
