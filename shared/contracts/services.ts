import { z } from 'zod/mini'
import { Id, Money, listOf, orEmptyText } from './common'

export const Service = z.looseObject({
  id: Id,
  name: z.string(),
  description: orEmptyText,
  price: Money,
  category: z.nullish(z.string()),
  /** Priced per day (body storage): the family says how many days and the total follows. */
  per_day: z.pipe(z.nullish(z.boolean()), z.transform((v) => v ?? false)),
  /** The name and description in Kiswahili; null where the admin gave none (English is shown instead). */
  name_sw: z.nullish(z.string()),
  description_sw: z.nullish(z.string()),
})
export type Service = z.infer<typeof Service>

/** A service's name and description in a family's language (a locale: 'sw' or 'en'): the Kiswahili words where given, else the English. */
export function serviceWords(
  service: { name: string; description?: string | null; name_sw?: string | null; description_sw?: string | null },
  language: string,
): { name: string; description: string } {
  const sw = language === 'sw'
  return {
    name: (sw && service.name_sw?.trim()) || service.name,
    description: (sw && service.description_sw?.trim()) || (service.description ?? ''),
  }
}

/** A booking line's service name in a family's language (the catalogue's Kiswahili name where given). */
export const lineServiceName = (line: { service_name: string; service_name_sw?: string | null }, language: string): string =>
  (language === 'sw' && line.service_name_sw?.trim()) || line.service_name

/** An optional Kiswahili word as stored: trimmed, and empty means none (null). */
export const swText = (value: string | undefined): string | null | undefined => (value === undefined ? undefined : value.trim() || null)

export const ServiceList = listOf('services', Service)
export const ServiceResponse = z.union([z.pipe(z.object({ service: Service }), z.transform((o) => o.service)), Service])

export const ServiceRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  description: z.optional(z.string()),
  price: z.number().check(z.int('Price must be a whole number of KSH'), z.positive('Price must be positive')),
  category: z.optional(z.string()),
  /** Priced per day (the family says how many days). */
  per_day: z.optional(z.boolean()),
  /** The name and description in Kiswahili; empty or absent: none (the English is shown). */
  name_sw: z.optional(z.string()),
  description_sw: z.optional(z.string()),
})
export type ServiceRequest = z.infer<typeof ServiceRequest>

/** The default price table held in state (SPEC.md section 1). */
export const DEFAULT_PRICING = { basicFuneral: 5000, premiumFuneral: 8000, cremation: 3000, burial: 4000 } as const
export const PricingTable = z.object({
  basicFuneral: z.number().check(z.positive()),
  premiumFuneral: z.number().check(z.positive()),
  cremation: z.number().check(z.positive()),
  burial: z.number().check(z.positive()),
})
export type PricingTable = z.infer<typeof PricingTable>

// bookings area: which line of the price table a service is (basicFuneral, …), null for the others.
export const PRICING_KEYS = ['basicFuneral', 'premiumFuneral', 'cremation', 'burial'] as const
export type PricingKey = (typeof PRICING_KEYS)[number]
export const ServiceWithPricingKey = z.extend(Service, { pricing_key: z.nullish(z.string()) })
export type ServiceWithPricingKey = z.infer<typeof ServiceWithPricingKey>
export const CatalogueList = listOf('services', ServiceWithPricingKey)
