import { Hono } from 'hono'
import { ServiceRequest } from '../../shared/contracts/services'
import {
  MSG_PRICES_UPDATED,
  MSG_SERVICE_CREATED,
  MSG_SERVICE_DELETED,
  MSG_SERVICE_NOT_FOUND,
  MSG_SERVICE_UPDATED,
  PricingUpdateRequest,
  ServiceUpdateRequest,
} from '../../shared/contracts/services-rules'
import { pathId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import * as services from '../domain/services'
import { listServices, toWireService } from '../domain/services'

export const serviceRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ services: (await listServices(c.var.deps.db)).map(toWireService) }))

  .put('/pricing', requireAuth('admin'), valid('json', PricingUpdateRequest), async (c) => {
    const pricing = await services.setPricing(c.var.deps.db, c.req.valid('json'))
    return c.json({ message: MSG_PRICES_UPDATED, pricing })
  })

  .get('/:id', async (c) => c.json({ service: toWireService(await services.serviceOf(c.var.deps.db, pathId(c, MSG_SERVICE_NOT_FOUND))) }))

  .post('/', requireAuth('admin'), valid('json', ServiceRequest), async (c) => {
    const service = await services.createService(c.var.deps.db, c.req.valid('json'))
    return c.json({ service: toWireService(service), message: MSG_SERVICE_CREATED }, 201)
  })

  .put(
    '/:id',
    requireAuth('admin'),
    // An unknown service is a 404 whatever its body, as on the mock (before the body is read).
    async (c, next) => {
      await services.serviceOf(c.var.deps.db, pathId(c, MSG_SERVICE_NOT_FOUND))
      await next()
    },
    valid('json', ServiceUpdateRequest),
    async (c) => {
      const service = await services.updateService(c.var.deps.db, pathId(c, MSG_SERVICE_NOT_FOUND), c.req.valid('json'))
      return c.json({ service: toWireService(service), message: MSG_SERVICE_UPDATED })
    },
  )

  .delete('/:id', requireAuth('admin'), async (c) => {
    await services.deleteService(c.var.deps.db, pathId(c, MSG_SERVICE_NOT_FOUND))
    return c.json({ message: MSG_SERVICE_DELETED })
  })
