import { z } from 'zod/mini'
import { Id, Money } from './common'
import { BookingRequest } from './bookings'

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

/**
 * POST /bookings/quotation: a quotation for what the family is about to book, before anything is
 * booked. The body is POST /bookings' own, checked by its schema, but the deceased may not be
 * recorded yet: the wizard sends their name as typed (`deceased_name`) and any `deceased_id` is
 * not read. Nothing is stored; the answer is the PDF.
 */
export const QuotationDraftRequest = z.extend(BookingRequest, {
  deceased_id: z.optional(z.union([z.number(), z.string()])),
  deceased_name: z.optional(z.string()),
})
export type QuotationDraftRequest = z.infer<typeof QuotationDraftRequest>
export const QUOTATION_TEXT_LABELS = { deceased_name: 'Name', notes: 'Notes', venue: 'Venue' } as const
