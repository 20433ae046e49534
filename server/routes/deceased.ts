import { Hono } from 'hono'
import { DeceasedRequest } from '../../shared/contracts/bookings'
import { canSeeDeceased, checkLengths, dateOfDeathProblem } from '../../shared/rules'
import { ApiError, pathId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import { createDeceased, findDeceased, isDeceasedAssignedTo, toWireDeceased } from '../repo/bookings'

const MSG_NOT_FOUND = 'Deceased record not found'
const LABELS = { first_name: 'First name', last_name: 'Last name', place_of_death: 'Place of death', religion: 'Religion' } as const

export const deceasedRoutes = new Hono<AppEnv>()
  .post('/', requireAuth('client'), idempotent, valid('json', DeceasedRequest), async (c) => {
    const input = checkLengths(c.req.valid('json'), LABELS)
    const problem = dateOfDeathProblem(input.date_of_death)
    if (problem) throw new ApiError(422, problem, { date_of_death: problem })
    const deceased = await createDeceased(c.var.deps.db, {
      clientId: c.var.user.id,
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfDeath: input.date_of_death,
      placeOfDeath: input.place_of_death,
      gender: input.gender ?? null,
      religion: input.religion?.trim() || null,
    })
    return c.json({ deceased: toWireDeceased(deceased), message: 'Deceased details saved' }, 201)
  })

  .get('/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const deceased = await findDeceased(db, pathId(c, MSG_NOT_FOUND))
    const assigned = deceased !== undefined && user.role === 'morgue_attendant' && (await isDeceasedAssignedTo(db, deceased.id, user.id))
    if (!deceased || !canSeeDeceased(user, { client_id: deceased.clientId }, assigned)) throw new ApiError(404, MSG_NOT_FOUND)
    return c.json({ deceased: toWireDeceased(deceased) })
  })
