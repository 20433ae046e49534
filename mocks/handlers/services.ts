import { http, HttpResponse } from 'msw'
import { z } from 'zod/mini'
import { db, nextId } from '../db'
import { ApiError, body, parseId, requireRoleOf, route } from '../http'
import { toWireService } from '../serialize'
import { lengths } from '../limits'
import { MAX_SERVICE_PRICE } from '../../shared/rules'
import { PricingTable, ServiceRequest } from '../../shared/contracts/services'

const MSG_NOT_FOUND = 'Service not found'
const LABELS = { name: 'Name', description: 'Description', category: 'Category' } as const
const MSG_PRICE_BOUND = `Price cannot exceed ${MAX_SERVICE_PRICE.toLocaleString('en-US')} KSH`
const ServiceUpdateRequest = z.partial(ServiceRequest)
const PRICING_KEYS = ['basicFuneral', 'premiumFuneral', 'cremation', 'burial'] as const
const PricingUpdateRequest = z.partial(PricingTable).check(z.refine((v) => Object.keys(v).length > 0, 'Send at least one price'))

function nameTaken(name: string, exceptId?: number): boolean {
  const wanted = name.trim().toLowerCase()
  return db.service.findFirst((q) => q.where({ name: (n) => n.trim().toLowerCase() === wanted, id: (id) => id !== exceptId })) !== undefined
}

export function currentPricing(): z.infer<typeof PricingTable> {
  const pricing = { basicFuneral: 0, premiumFuneral: 0, cremation: 0, burial: 0 }
  for (const key of PRICING_KEYS) {
    const s = db.service.findFirst((q) => q.where({ pricing_key: key }))
    if (s) pricing[key] = s.price
  }
  return pricing
}

export const serviceHandlers = [
  http.get(
    '*/api/services',
    route(() => HttpResponse.json({ services: db.service.findMany(undefined, { orderBy: { id: 'asc' } }).map(toWireService) })),
  ),

  http.put(
    '*/api/services/pricing',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = await body(request, PricingUpdateRequest)
      for (const key of PRICING_KEYS) {
        const price = input[key]
        if (price === undefined) continue
        if (!Number.isInteger(price)) throw new ApiError(422, 'Prices must be whole KSH amounts', { [key]: 'Prices must be whole KSH amounts' })
        if (price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { [key]: MSG_PRICE_BOUND })
        await db.service.update((q) => q.where({ pricing_key: key }), {
          data(s) {
            s.price = price
          },
        })
      }
      return HttpResponse.json({ message: 'Service prices updated successfully', pricing: currentPricing() })
    }),
  ),

  http.get(
    '*/api/services/:id',
    route(({ params }) => {
      const id = parseId(params.id, MSG_NOT_FOUND)
      const service = db.service.findFirst((q) => q.where({ id }))
      if (!service) throw new ApiError(404, MSG_NOT_FOUND)
      return HttpResponse.json({ service: toWireService(service) })
    }),
  ),

  http.post(
    '*/api/services',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = lengths(await body(request, ServiceRequest), LABELS)
      if (input.price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { price: MSG_PRICE_BOUND })
      if (nameTaken(input.name)) throw new ApiError(409, 'A service with this name already exists')
      const service = await db.service.create({
        id: nextId('service'),
        name: input.name,
        description: input.description ?? '',
        price: input.price,
        category: input.category ?? null,
        per_day: input.per_day ?? false,
        pricing_key: null,
        created_at: new Date().toISOString(),
      })
      return HttpResponse.json({ service: toWireService(service), message: 'Service created successfully' }, { status: 201 })
    }),
  ),

  http.put(
    '*/api/services/:id',
    route(async ({ request, params }) => {
      await requireRoleOf(request, 'admin')
      const id = parseId(params.id, MSG_NOT_FOUND)
      const existing = db.service.findFirst((q) => q.where({ id }))
      if (!existing) throw new ApiError(404, MSG_NOT_FOUND)
      const input = lengths(await body(request, ServiceUpdateRequest), LABELS)
      if (input.price !== undefined && input.price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { price: MSG_PRICE_BOUND })
      if (input.name !== undefined && nameTaken(input.name, id)) throw new ApiError(409, 'A service with this name already exists')
      const updated = await db.service.update((q) => q.where({ id }), {
        data(s) {
          if (input.name !== undefined) s.name = input.name
          if (input.description !== undefined) s.description = input.description
          if (input.price !== undefined) s.price = input.price
          if (input.category !== undefined) s.category = input.category
          if (input.per_day !== undefined) s.per_day = input.per_day
        },
      })
      return HttpResponse.json({ service: toWireService(updated ?? existing), message: 'Service updated successfully' })
    }),
  ),

  http.delete(
    '*/api/services/:id',
    route(async ({ request, params }) => {
      await requireRoleOf(request, 'admin')
      const id = parseId(params.id, MSG_NOT_FOUND)
      // bookings area: a service that bookings use stays (their history and the price table need it).
      if (db.booking.all().some((b) => b.lines.some((l) => l.service_id === id))) {
        throw new ApiError(409, 'This service is used by existing bookings and cannot be deleted')
      }
      if (db.service.findFirst((q) => q.where({ id }))?.pricing_key) {
        throw new ApiError(409, 'This service is in the price table and cannot be deleted; change its price instead')
      }
      const deleted = db.service.delete((q) => q.where({ id }))
      if (!deleted) throw new ApiError(404, MSG_NOT_FOUND)
      // Existing bookings keep their frozen service name and price.
      return HttpResponse.json({ message: 'Service deleted successfully' })
    }),
  ),
]
