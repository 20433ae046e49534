import { Hono } from 'hono'
import { z } from 'zod/mini'
import { PRICING_KEYS, PricingTable, ServiceRequest } from '../../shared/contracts/services'
import { MAX_SERVICE_PRICE, checkLengths } from '../../shared/rules'
import { ApiError, pathId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import * as repo from '../repo/services'

const MSG_NOT_FOUND = 'Service not found'
const ServiceUpdateRequest = z.partial(ServiceRequest)
const PricingUpdateRequest = z.partial(PricingTable).check(z.refine((v) => Object.keys(v).length > 0, 'Send at least one price'))
const LABELS = { name: 'Name', description: 'Description', category: 'Category' } as const
const MSG_PRICE_BOUND = `Price cannot exceed ${MAX_SERVICE_PRICE.toLocaleString('en-US')} KSH`

export const serviceRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ services: (await repo.listServices(c.var.deps.db)).map(repo.toWireService) }))

  .put('/pricing', requireAuth('admin'), valid('json', PricingUpdateRequest), async (c) => {
    const { db } = c.var.deps
    const input = c.req.valid('json')
    for (const key of PRICING_KEYS) {
      const price = input[key]
      if (price === undefined) continue
      if (!Number.isInteger(price)) throw new ApiError(422, 'Prices must be whole KSH amounts', { [key]: 'Prices must be whole KSH amounts' })
      if (price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { [key]: MSG_PRICE_BOUND })
    }
    await db.transaction(async (tx) => {
      for (const key of PRICING_KEYS) {
        const price = input[key]
        if (price !== undefined) await repo.setPrice(tx as never, key, price)
      }
    })
    return c.json({ message: 'Service prices updated successfully', pricing: await repo.currentPricing(db) })
  })

  .get('/:id', async (c) => {
    const service = await repo.findService(c.var.deps.db, pathId(c, MSG_NOT_FOUND))
    if (!service) throw new ApiError(404, MSG_NOT_FOUND)
    return c.json({ service: repo.toWireService(service) })
  })

  .post('/', requireAuth('admin'), valid('json', ServiceRequest), async (c) => {
    const { db } = c.var.deps
    const input = checkLengths(c.req.valid('json'), LABELS)
    if (input.price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { price: MSG_PRICE_BOUND })
    if (await repo.nameTaken(db, input.name)) throw new ApiError(409, 'A service with this name already exists')
    const service = await repo.createService(db, { name: input.name, description: input.description ?? '', price: input.price, category: input.category ?? null, perDay: input.per_day ?? false })
    return c.json({ service: repo.toWireService(service), message: 'Service created successfully' }, 201)
  })

  .put('/:id', requireAuth('admin'), async (c, next) => {
    const id = pathId(c, MSG_NOT_FOUND)
    if (!(await repo.findService(c.var.deps.db, id))) throw new ApiError(404, MSG_NOT_FOUND)
    await next()
  }, valid('json', ServiceUpdateRequest), async (c) => {
    const { db } = c.var.deps
    const id = pathId(c, MSG_NOT_FOUND)
    const input = checkLengths(c.req.valid('json'), LABELS)
    if (input.price !== undefined && input.price > MAX_SERVICE_PRICE) throw new ApiError(422, MSG_PRICE_BOUND, { price: MSG_PRICE_BOUND })
    if (input.name !== undefined && (await repo.nameTaken(db, input.name, id))) throw new ApiError(409, 'A service with this name already exists')
    const change: Parameters<typeof repo.updateService>[2] = {}
    if (input.name !== undefined) change.name = input.name
    if (input.description !== undefined) change.description = input.description
    if (input.price !== undefined) change.price = input.price
    if (input.category !== undefined) change.category = input.category
    if (input.per_day !== undefined) change.perDay = input.per_day
    const updated = await repo.updateService(db, id, change)
    if (!updated) throw new ApiError(404, MSG_NOT_FOUND)
    return c.json({ service: repo.toWireService(updated), message: 'Service updated successfully' })
  })

  .delete('/:id', requireAuth('admin'), async (c) => {
    const { db } = c.var.deps
    const id = pathId(c, MSG_NOT_FOUND)
    // A service that bookings use stays (their history and the price table need it).
    if (await repo.serviceInUse(db, id)) throw new ApiError(409, 'This service is used by existing bookings and cannot be deleted')
    if ((await repo.findService(db, id))?.pricingKey) throw new ApiError(409, 'This service is in the price table and cannot be deleted; change its price instead')
    if (!(await repo.deleteService(db, id))) throw new ApiError(404, MSG_NOT_FOUND)
    return c.json({ message: 'Service deleted successfully' })
  })
