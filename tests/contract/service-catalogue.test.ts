import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, seed as db, useBackend } from './target'
import { CatalogueList } from '../../src/api/contracts/services'

useBackend()

describe('service catalogue (admin)', () => {
  it('lists each service with its place in the price table', async () => {
    const services = CatalogueList.parse((await call('GET', '/services')).json)
    expect(services.find((s) => s.name === 'Basic Funeral')?.pricing_key).toBe('basicFuneral')
    expect(services.find((s) => s.name === 'Hearse Transport')?.pricing_key).toBeNull()
  })

  it('refuses to delete a service that bookings use, or one of the price table (409), and keeps it', async () => {
    const admin = await loginAs('admin')
    const used = new Set(db.booking.all().flatMap((b) => b.lines.map((l) => l.service_id)))
    const addOn = db.service.findFirst((q) => q.where({ pricing_key: null, id: (id) => used.has(id) }))
    if (!addOn) throw new Error('no used add-on')
    const res = await call('DELETE', `/services/${addOn.id}`, { token: admin })
    expect(res.status).toBe(409)
    expect(res.json).toEqual({ message: 'This service is used by existing bookings and cannot be deleted' })
    expect((await call('GET', `/services/${addOn.id}`)).status).toBe(200)

    const created = await call('POST', '/services', { token: admin, body: { name: 'Priced later', price: 100 } })
    const id = (created.json as { service: { id: number } }).service.id
    await fixtures.setPricingKey(id, 'cremation_extra')
    expect((await call('DELETE', `/services/${id}`, { token: admin })).status).toBe(409)
  })
})
