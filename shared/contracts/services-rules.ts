/**
 * The catalogue as both backends change it (POST/PUT/DELETE /services, PUT /services/pricing): the
 * requests, their words and the price checks, as plain functions. Apart from ./services.ts so the
 * app's pages that list services do not load the backends' rules.
 */
import { z } from 'zod/mini'
import { ApiError } from '../errors'
import { MAX_SERVICE_PRICE } from '../rules'
import { PRICING_KEYS, PricingTable, ServiceRequest, type PricingKey } from './services'

export const MSG_SERVICE_NOT_FOUND = 'Service not found'
export const MSG_SERVICE_NAME_TAKEN = 'A service with this name already exists'
export const MSG_PRICE_BOUND = `Price cannot exceed ${MAX_SERVICE_PRICE.toLocaleString('en-US')} KSH`
export const MSG_WHOLE_KSH = 'Prices must be whole KSH amounts'
export const MSG_SERVICE_IN_USE = 'This service is used by existing bookings and cannot be deleted'
export const MSG_SERVICE_IN_PRICE_TABLE = 'This service is in the price table and cannot be deleted; change its price instead'
export const MSG_SERVICE_CREATED = 'Service created successfully'
export const MSG_SERVICE_UPDATED = 'Service updated successfully'
export const MSG_SERVICE_DELETED = 'Service deleted successfully'
export const MSG_PRICES_UPDATED = 'Service prices updated successfully'

/** The free-text fields of a service and the names their length messages use. */
export const SERVICE_LABELS = { name: 'Name', description: 'Description', category: 'Category', name_sw: 'Name (Kiswahili)', description_sw: 'Description (Kiswahili)' } as const

export const ServiceUpdateRequest = z.partial(ServiceRequest)
export type ServiceUpdateRequest = z.infer<typeof ServiceUpdateRequest>
export const PricingUpdateRequest = z.partial(PricingTable).check(z.refine((v) => Object.keys(v).length > 0, 'Send at least one price'))
export type PricingUpdateRequest = z.infer<typeof PricingUpdateRequest>

/** Two service names are the same name whatever their case and outer spaces. */
export const serviceNameKey = (name: string) => name.trim().toLowerCase()

/** Refuses a price above the bound (422 under `field`). */
export function checkServicePrice(price: number | undefined, field = 'price'): void {
  if (price !== undefined && price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { [field]: MSG_PRICE_BOUND })
}

/** The price-table lines to set, in the table's order, once each is a whole amount within the bound. */
export function pricingChanges(input: PricingUpdateRequest): Array<[PricingKey, number]> {
  const changes: Array<[PricingKey, number]> = []
  for (const key of PRICING_KEYS) {
    const price = input[key]
    if (price === undefined) continue
    if (!Number.isInteger(price)) throw new ApiError(422, MSG_WHOLE_KSH, { [key]: MSG_WHOLE_KSH })
    checkServicePrice(price, key)
    changes.push([key, price])
  }
  return changes
}

/** The price table of a catalogue: each line's service's price (0 while a line has no service). */
export function pricingOf(services: ReadonlyArray<{ pricing_key: string | null; price: number }>): Record<PricingKey, number> {
  const pricing: Record<PricingKey, number> = { basicFuneral: 0, premiumFuneral: 0, cremation: 0, burial: 0 }
  for (const s of services) if (s.pricing_key && (PRICING_KEYS as readonly string[]).includes(s.pricing_key)) pricing[s.pricing_key as PricingKey] = s.price
  return pricing
}

/** A service bookings use stays (their history needs it), and so does a line of the price table. */
export function checkServiceDelete(service: { inUse: boolean; pricingKey: string | null | undefined }): void {
  if (service.inUse) throw new ApiError(409, MSG_SERVICE_IN_USE)
  if (service.pricingKey) throw new ApiError(409, MSG_SERVICE_IN_PRICE_TABLE)
}
