import { Hono } from 'hono'
import { DECEASED_TEXT_LABELS, DeceasedRequest, MSG_DECEASED_NOT_FOUND, MSG_DECEASED_SAVED } from '../../shared/contracts/bookings'
import { checkLengths } from '../../shared/rules'
import { pathId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import { createDeceased, readDeceased } from '../domain/bookings'

export const deceasedRoutes = new Hono<AppEnv>()
  .post('/', requireAuth('client'), idempotent, valid('json', DeceasedRequest), async (c) => {
    const input = checkLengths(c.req.valid('json'), DECEASED_TEXT_LABELS)
    return c.json({ deceased: await createDeceased(c.var.deps.db, c.var.user, input), message: MSG_DECEASED_SAVED }, 201)
  })

  .get('/:id', requireAuth(), async (c) => c.json({ deceased: await readDeceased(c.var.deps.db, c.var.user, pathId(c, MSG_DECEASED_NOT_FOUND)) }))
