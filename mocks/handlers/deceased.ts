import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import { ApiError, body, parseId, requireRoleOf, requireUser, route } from '../http'
import { toWireDeceased } from '../serialize'
import { canSeeDeceased, dateOfDeathProblem } from '../../shared/rules'
import { lengths } from '../limits'
import { idempotent } from '../idempotency'
import { DECEASED_TEXT_LABELS, DeceasedRequest, MSG_DECEASED_NOT_FOUND, MSG_DECEASED_SAVED } from '../../shared/contracts/bookings'

export const deceasedHandlers = [
  http.post(
    '*/api/deceased',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'client')
      return idempotent(request, user.id, async () => {
        const input = lengths(await body(request, DeceasedRequest), DECEASED_TEXT_LABELS)
        const problem = dateOfDeathProblem(input.date_of_death)
        if (problem) throw new ApiError(422, problem, { date_of_death: problem })
        const deceased = await db.deceased.create({
          id: nextId('deceased'),
          client_id: user.id,
          first_name: input.first_name,
          last_name: input.last_name,
          date_of_death: input.date_of_death,
          place_of_death: input.place_of_death,
          gender: input.gender ?? null,
          religion: input.religion?.trim() || null,
          created_at: new Date().toISOString(),
        })
        return HttpResponse.json({ deceased: toWireDeceased(deceased), message: MSG_DECEASED_SAVED }, { status: 201 })
      })
    }),
  ),

  http.get(
    '*/api/deceased/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const id = parseId(params.id, MSG_DECEASED_NOT_FOUND)
      const deceased = db.deceased.findFirst((q) => q.where({ id }))
      // An attendant reads only the deceased of bookings assigned to them.
      const assigned = deceased !== undefined && db.booking.findFirst((q) => q.where({ deceased_id: deceased.id, attendant_id: user.id })) !== undefined
      if (!deceased || !canSeeDeceased(user, deceased, assigned)) throw new ApiError(404, MSG_DECEASED_NOT_FOUND)
      return HttpResponse.json({ deceased: toWireDeceased(deceased) })
    }),
  ),
]
