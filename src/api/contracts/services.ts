import { z } from 'zod'
import { Id, Money, listOf } from './common'

export const Service = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullish().transform((v) => v ?? ''),
    price: Money,
    category: z.string().nullish(),
  })
  .passthrough()
export type Service = z.infer<typeof Service>

export const ServiceList = listOf('services', Service)
export const ServiceResponse = z.union([z.object({ service: Service }).transform((o) => o.service), Service])

export const ServiceRequest = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string().optional(),
  price: z.number().int('Price must be a whole number of KSH').positive('Price must be positive'),
  category: z.string().optional(),
})
export type ServiceRequest = z.infer<typeof ServiceRequest>

/** The default price table held in state (SPEC.md section 1). */
export const DEFAULT_PRICING = { basicFuneral: 5000, premiumFuneral: 8000, cremation: 3000, burial: 4000 } as const
export const PricingTable = z.object({
  basicFuneral: z.number().positive(),
  premiumFuneral: z.number().positive(),
  cremation: z.number().positive(),
  burial: z.number().positive(),
})
export type PricingTable = z.infer<typeof PricingTable>

// bookings area: which line of the price table a service is (basicFuneral, …), null for the others.
export const PRICING_KEYS = ['basicFuneral', 'premiumFuneral', 'cremation', 'burial'] as const
export type PricingKey = (typeof PRICING_KEYS)[number]
export const ServiceWithPricingKey = Service.extend({ pricing_key: z.string().nullish() })
export type ServiceWithPricingKey = z.infer<typeof ServiceWithPricingKey>
export const CatalogueList = listOf('services', ServiceWithPricingKey)
