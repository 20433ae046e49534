import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { usersPageMachine, type UsersQuery } from '../../machines/admin/users-page.machine'
import type { User } from '../../src/api/contracts/auth'

const user = (id: number): User => ({ id: String(id), name: `User ${id}`, email: `u${id}@x.test`, role: 'client', phone: null, address: null, created_at: null })

describe('usersPage machine', () => {
  it('a role chosen while a page is loading restarts the load with it', async () => {
    const queries: UsersQuery[] = []
    const pending: Array<() => void> = []
    const actor = createActor(
      usersPageMachine.provide({
        actors: {
          fetchUsers: fromPromise(async ({ input }: { input: UsersQuery }) => {
            queries.push(input)
            await new Promise<void>((resolve) => pending.push(resolve))
            return { users: [user(queries.length)], pagination: { total: 1, pages: 1 } }
          }),
        },
      }),
    ).start()
    actor.send({ type: 'dialog.create' })
    expect(actor.getSnapshot().context.dialog).toEqual({ kind: 'create' })
    actor.send({ type: 'users.role', role: 'morgue_attendant' })
    pending.forEach((r) => r())
    await waitFor(actor, () => pending.length === 2)
    pending[1]?.()
    const snap = await waitFor(actor, (s) => s.matches('ready'))
    expect(queries).toEqual([
      { page: 1, limit: 10, role: null },
      { page: 1, limit: 10, role: 'morgue_attendant' },
    ])
    expect(snap.context.role).toBe('morgue_attendant')
    expect(snap.context.users).toEqual([user(2)])
  })
})
