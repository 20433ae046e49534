/** The service catalogue on the server: its changes decided by the shared rules (shared/contracts/services-rules.ts), written through the repository. */
import type { Db } from '../db/client'
import { ApiError } from '../../shared/errors'
import { checkLengths } from '../../shared/rules'
import * as repo from '../repo/services'
import { swText, type ServiceRequest } from '../../shared/contracts/services'
import {
  MSG_SERVICE_NAME_TAKEN,
  MSG_SERVICE_NOT_FOUND,
  SERVICE_LABELS,
  checkServiceDelete,
  checkServicePrice,
  pricingChanges,
  type PricingUpdateRequest,
  type ServiceUpdateRequest,
} from '../../shared/contracts/services-rules'

export async function serviceOf(db: Db, id: number): Promise<repo.ServiceRow> {
  const service = await repo.findService(db, id)
  if (!service) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
  return service
}

export async function createService(db: Db, request: ServiceRequest): Promise<repo.ServiceRow> {
  const input = checkLengths(request, SERVICE_LABELS)
  checkServicePrice(input.price)
  if (await repo.nameTaken(db, input.name)) throw new ApiError(409, MSG_SERVICE_NAME_TAKEN)
  return repo.createService(db, { name: input.name, description: input.description ?? '', price: input.price, category: input.category ?? null, perDay: input.per_day ?? false, nameSw: swText(input.name_sw) ?? null, descriptionSw: swText(input.description_sw) ?? null })
}

export async function updateService(db: Db, id: number, request: ServiceUpdateRequest): Promise<repo.ServiceRow> {
  const input = checkLengths(request, SERVICE_LABELS)
  checkServicePrice(input.price)
  if (input.name !== undefined && (await repo.nameTaken(db, input.name, id))) throw new ApiError(409, MSG_SERVICE_NAME_TAKEN)
  const change: Parameters<typeof repo.updateService>[2] = {}
  if (input.name !== undefined) change.name = input.name
  if (input.description !== undefined) change.description = input.description
  if (input.price !== undefined) change.price = input.price
  if (input.category !== undefined) change.category = input.category
  if (input.per_day !== undefined) change.perDay = input.per_day
  if (input.name_sw !== undefined) change.nameSw = swText(input.name_sw)
  if (input.description_sw !== undefined) change.descriptionSw = swText(input.description_sw)
  const updated = await repo.updateService(db, id, change)
  if (!updated) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
  return updated
}

/** A service bookings use, or one in the price table, stays. */
export async function deleteService(db: Db, id: number): Promise<void> {
  checkServiceDelete({ inUse: await repo.serviceInUse(db, id), pricingKey: (await repo.findService(db, id))?.pricingKey })
  if (!(await repo.deleteService(db, id))) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
}

/** The price table: each line's service's price (0: no service on that line). */
export const currentPricing = (db: Db) => repo.currentPricing(db)

/** Every price is checked before any is set; then all are set together. */
export async function setPricing(db: Db, input: PricingUpdateRequest) {
  await repo.setPrices(db, pricingChanges(input))
  return repo.currentPricing(db)
}

/** The catalogue as listed, and a service as the API shows one. */
export { listServices, toWireService } from '../repo/services'
