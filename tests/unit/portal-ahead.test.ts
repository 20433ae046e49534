import { describe, expect, it } from 'vitest'
import { ownPortalAt } from '../../src/app/router'

describe('The portal asked for ahead (a signed-in visitor opening an address in their own portal)', () => {
  it("is the visitor's own portal, at its home and at any address inside it", () => {
    expect(ownPortalAt('/dashboard/client', 'client')).toBe('/dashboard/client')
    expect(ownPortalAt('/dashboard/client/bookings/12', 'client')).toBe('/dashboard/client')
    expect(ownPortalAt('/dashboard/morgue/custody', 'morgueAttendant')).toBe('/dashboard/morgue')
    expect(ownPortalAt('/dashboard/admin', 'admin')).toBe('/dashboard/admin')
  })

  it("is nothing for another role's portal (the guard sends them home), a public page or a look-alike address", () => {
    expect(ownPortalAt('/dashboard/admin', 'client')).toBeNull()
    expect(ownPortalAt('/dashboard/client', 'admin')).toBeNull()
    expect(ownPortalAt('/dashboard/client', null)).toBeNull()
    expect(ownPortalAt('/', 'client')).toBeNull()
    expect(ownPortalAt('/login', 'client')).toBeNull()
    expect(ownPortalAt('/dashboard/clientele', 'client')).toBeNull()
  })
})
