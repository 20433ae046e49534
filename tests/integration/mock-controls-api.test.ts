import { describe, expect, it } from 'vitest'
import { readFaults, resetDemoData, revokeSessions, writeFaults } from '../../src/api/mock-controls'
import { login, me } from '../../src/api/auth'
import { configureApi } from '../../src/api/client'
import { db } from '../../mocks/node'
import { DEMO_LOGINS } from './render-app'

describe("The Demo tools' calls (src/api/mock-controls.ts) against the mock backend", () => {
  it('reads and changes the forced faults', async () => {
    expect(await readFaults()).toEqual({ failNext: null, offline: false, slow: false })
    expect(await writeFaults({ failNext: { pathPrefix: '/bookings', status: 503 } })).toMatchObject({ failNext: { pathPrefix: '/bookings', status: 503 } })
    expect(await writeFaults({ offline: true })).toMatchObject({ offline: true, failNext: { pathPrefix: '/bookings' } })
    // Offline fails every call but the demo tools' own.
    expect(await writeFaults({ offline: false, failNext: null })).toEqual({ failNext: null, offline: false, slow: false })
  })

  it('resets the demo data', async () => {
    const before = db.user.all().length
    await db.user.create({ ...db.user.all()[0]!, id: 999_999, email: 'extra@funeral.test' })
    expect(db.user.all()).toHaveLength(before + 1)
    await resetDemoData()
    expect(db.user.all()).toHaveLength(before)
  })

  it("expires the signed-in session on the server: the next call answers 401", async () => {
    const { token } = await login(DEMO_LOGINS.client)
    configureApi({ getToken: () => token })
    try {
      await expect(me()).resolves.toMatchObject({ email: DEMO_LOGINS.client.email })
      await revokeSessions()
      await expect(me()).rejects.toMatchObject({ status: 401 })
    } finally {
      configureApi({ getToken: () => null })
    }
  })
})
