import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import { ApiError, body, parseId, requireRoleOf, route } from '../http'
import { toWireService } from '../serialize'
import { lengths } from '../limits'
import { ServiceRequest, swText, type PricingTable } from '../../shared/contracts/services'
import {
  MSG_PRICES_UPDATED,
  MSG_SERVICE_CREATED,
  MSG_SERVICE_DELETED,
  MSG_SERVICE_NAME_TAKEN,
  MSG_SERVICE_NOT_FOUND,
  MSG_SERVICE_UPDATED,
  PricingUpdateRequest,
  SERVICE_LABELS,
  ServiceUpdateRequest,
  checkServiceDelete,
  checkServicePrice,
  pricingChanges,
  pricingOf,
  serviceNameKey,
} from '../../shared/contracts/services-rules'

function nameTaken(name: string, exceptId?: number): boolean {
  const wanted = serviceNameKey(name)
  return db.service.findFirst((q) => q.where({ name: (n) => serviceNameKey(n) === wanted, id: (id) => id !== exceptId })) !== undefined
}

export const currentPricing = (): PricingTable => pricingOf(db.service.all())

export const serviceHandlers = [
  http.get(
    '*/api/services',
    route(() => HttpResponse.json({ services: db.service.findMany(undefined, { orderBy: { id: 'asc' } }).map(toWireService) })),
  ),

  http.put(
    '*/api/services/pricing',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      // Every price is checked before any is set.
      for (const [key, price] of pricingChanges(await body(request, PricingUpdateRequest))) {
        await db.service.update((q) => q.where({ pricing_key: key }), { data: (s) => void (s.price = price) })
      }
      return HttpResponse.json({ message: MSG_PRICES_UPDATED, pricing: currentPricing() })
    }),
  ),

  http.get(
    '*/api/services/:id',
    route(({ params }) => {
      const id = parseId(params.id, MSG_SERVICE_NOT_FOUND)
      const service = db.service.findFirst((q) => q.where({ id }))
      if (!service) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
      return HttpResponse.json({ service: toWireService(service) })
    }),
  ),

  http.post(
    '*/api/services',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = lengths(await body(request, ServiceRequest), SERVICE_LABELS)
      checkServicePrice(input.price)
      if (nameTaken(input.name)) throw new ApiError(409, MSG_SERVICE_NAME_TAKEN)
      const service = await db.service.create({
        id: nextId('service'),
        name: input.name,
        description: input.description ?? '',
        price: input.price,
        category: input.category ?? null,
        per_day: input.per_day ?? false,
        name_sw: swText(input.name_sw) ?? null,
        description_sw: swText(input.description_sw) ?? null,
        pricing_key: null,
        created_at: new Date().toISOString(),
      })
      return HttpResponse.json({ service: toWireService(service), message: MSG_SERVICE_CREATED }, { status: 201 })
    }),
  ),

  http.put(
    '*/api/services/:id',
    route(async ({ request, params }) => {
      await requireRoleOf(request, 'admin')
      const id = parseId(params.id, MSG_SERVICE_NOT_FOUND)
      const existing = db.service.findFirst((q) => q.where({ id }))
      if (!existing) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
      const input = lengths(await body(request, ServiceUpdateRequest), SERVICE_LABELS)
      checkServicePrice(input.price)
      if (input.name !== undefined && nameTaken(input.name, id)) throw new ApiError(409, MSG_SERVICE_NAME_TAKEN)
      const updated = await db.service.update((q) => q.where({ id }), {
        data(s) {
          if (input.name !== undefined) s.name = input.name
          if (input.description !== undefined) s.description = input.description
          if (input.price !== undefined) s.price = input.price
          if (input.category !== undefined) s.category = input.category
          if (input.per_day !== undefined) s.per_day = input.per_day
          if (input.name_sw !== undefined) s.name_sw = swText(input.name_sw)
          if (input.description_sw !== undefined) s.description_sw = swText(input.description_sw)
        },
      })
      return HttpResponse.json({ service: toWireService(updated ?? existing), message: MSG_SERVICE_UPDATED })
    }),
  ),

  http.delete(
    '*/api/services/:id',
    route(async ({ request, params }) => {
      await requireRoleOf(request, 'admin')
      const id = parseId(params.id, MSG_SERVICE_NOT_FOUND)
      // bookings area: a service that bookings use stays (their history and the price table need it).
      const inUse = db.booking.all().some((b) => b.lines.some((l) => l.service_id === id))
      checkServiceDelete({ inUse, pricingKey: db.service.findFirst((q) => q.where({ id }))?.pricing_key })
      const deleted = db.service.delete((q) => q.where({ id }))
      if (!deleted) throw new ApiError(404, MSG_SERVICE_NOT_FOUND)
      // Existing bookings keep their frozen service name and price.
      return HttpResponse.json({ message: MSG_SERVICE_DELETED })
    }),
  ),
]
