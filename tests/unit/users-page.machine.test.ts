import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { SEARCH_PAUSE_MS, USERS_MESSAGES, usersPageMachine, type UsersPageResult, type UsersQuery } from '../../machines/admin/users-page.machine'
import type { StaffRequest, User } from '../../shared/contracts/auth'
import { translated } from '../../src/lib/i18n'

const user = (id: number): User => ({ id: String(id), name: `User ${id}`, email: `u${id}@x.test`, role: 'client', phone: null, address: null, created_at: null })

describe('usersPage machine', () => {
  it('sends the search to the server once typing pauses, from page 1', async () => {
    const queries: UsersQuery[] = []
    const clock = new SimulatedClock()
    const actor = createActor(
      usersPageMachine.provide({
        actors: {
          fetchUsers: fromPromise(async ({ input }: { input: UsersQuery }) => {
            queries.push(input)
            return { users: [user(queries.length)], pagination: { total: 30, pages: 3 } }
          }),
        },
      }),
      { clock },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'users.page', page: 3 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'users.search', text: 'Pe' })
    clock.increment(SEARCH_PAUSE_MS - 1)
    actor.send({ type: 'users.search', text: 'Peter' })
    clock.increment(SEARCH_PAUSE_MS - 1)
    expect(queries).toHaveLength(2)
    clock.increment(1)
    await waitFor(actor, (s) => s.matches('ready'))
    expect(queries.at(-1)).toEqual({ page: 1, limit: 10, role: null, search: 'Peter' })
    expect(queries).toHaveLength(3)
  })

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
      { page: 1, limit: 10, role: null, search: '' },
      { page: 1, limit: 10, role: 'morgue_attendant', search: '' },
    ])
    expect(snap.context.role).toBe('morgue_attendant')
    expect(snap.context.users).toEqual([user(2)])
  })

  it("a failed load says 'Failed to fetch users' in the page and as a toast; Retry loads again", async () => {
    let calls = 0
    const actor = createActor(
      usersPageMachine.provide({
        actors: {
          fetchUsers: fromPromise<UsersPageResult, UsersQuery>(async () => {
            calls += 1
            if (calls === 1) throw Object.assign(new Error('500'), { serverMessage: 'Database unavailable' })
            return { users: [user(1)], pagination: { total: 1, pages: 1 } }
          }),
        },
      }),
    )
    const messages: string[] = []
    actor.on('notify', (e) => messages.push(translated(e.message)))
    actor.start()
    const failed = await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null)
    expect(failed.context.error).toBe(USERS_MESSAGES.fetchFailure)
    actor.send({ type: 'users.reload' })
    const loaded = await waitFor(actor, (s) => s.matches('ready') && s.context.users.length === 1)
    expect(loaded.context.error).toBeNull()
    expect(messages).toEqual([USERS_MESSAGES.fetchFailure])
  })

  it("a refused create keeps the dialog open with the server's words, also as a toast; the list's slot stays clear", async () => {
    const actor = createActor(
      usersPageMachine.provide({
        actors: {
          fetchUsers: fromPromise<UsersPageResult, UsersQuery>(async () => ({ users: [], pagination: { total: 0, pages: 0 } })),
          createUser: fromPromise<unknown, StaffRequest>(async () => Promise.reject(Object.assign(new Error('409'), { serverMessage: 'Email already exists' }))),
        },
      }),
    )
    const messages: string[] = []
    actor.on('notify', (e) => messages.push(translated(e.message)))
    actor.start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'dialog.create' })
    actor.send({ type: 'users.create', payload: { name: 'Peter Otieno', email: 'peter@funeral.test', password: 'secret123', role: 'morgue_attendant' } })
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.dialogError !== null)
    expect(refused.context).toMatchObject({ dialog: { kind: 'create' }, dialogError: 'Email already exists', error: null })
    expect(messages).toEqual(['Email already exists'])
  })
})
