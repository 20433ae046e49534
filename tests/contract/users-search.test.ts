/** The admin's user search: the same on both backends. */
import { describe, expect, it } from 'vitest'
import { call, loginAs, seed as db, useBackend } from './target'

useBackend()

describe('GET /users?search', () => {
  it('finds a user whatever page they are on (name, email or phone), before paging', async () => {
    const admin = await loginAs('admin')
    const last = db.user.findMany(undefined, { orderBy: { id: 'asc' } }).at(-1)!
    const res = await call<{ users: { id: number }[]; pagination: { total: number; pages: number } }>(
      'GET',
      `/users?page=1&limit=10&search=${encodeURIComponent(last.email.toUpperCase())}`,
      { token: admin },
    )
    expect(res.status).toBe(200)
    expect(res.json.users.map((u) => u.id)).toEqual([last.id])
    expect(res.json.pagination).toMatchObject({ total: 1, pages: 1 })
    const none = await call<{ users: unknown[] }>('GET', '/users?search=nobody-by-this-name', { token: admin })
    expect(none.json.users).toEqual([])
  })

  it('takes % and _ literally', async () => {
    const admin = await loginAs('admin')
    for (const needle of ['%', '_', '\\']) {
      const res = await call<{ users: unknown[] }>('GET', `/users?search=${encodeURIComponent(needle)}`, { token: admin })
      expect(res.status).toBe(200)
      expect(res.json.users).toEqual([])
    }
  })
})
