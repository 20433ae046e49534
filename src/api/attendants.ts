import { z } from 'zod/mini'
import { request } from './client'
import { User } from '../../shared/contracts/auth'

/**
 * GET /users?role=morgue_attendant: the attendants a booking can be assigned to (admin). Kept apart
 * from a users module so the Users screen's API can grow on its own.
 */
export const listAttendants = () =>
  request(
    (w) => w.url('/users?role=morgue_attendant&limit=100').get().json(),
    z.pipe(z.object({ users: z.array(User) }), z.transform((o) => o.users)),
  )
