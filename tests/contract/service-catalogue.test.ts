import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, seed as db, useBackend } from './target'
import { CatalogueList } from '../../shared/contracts/services'
import { BookingList } from '../../shared/contracts/bookings'

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

describe('a service priced per day', () => {
  it('is created and changed with per_day, and the wizard prices its lines by the day', async () => {
    const { call, loginAs } = await import('./target')
    const admin = await loginAs('admin')
    const made = await call<{ service: { id: number; per_day: boolean } }>('POST', '/services', { token: admin, body: { name: 'Viewing room (per day)', price: 1500, per_day: true } })
    expect(made.status).toBe(201)
    expect(made.json.service.per_day).toBe(true)
    const changed = await call<{ service: { per_day: boolean } }>('PUT', `/services/${made.json.service.id}`, { token: admin, body: { per_day: false } })
    expect(changed.json.service.per_day).toBe(false)
    const listed = await call<{ services: Array<{ id: number; per_day: boolean }> }>('GET', '/services')
    expect(listed.json.services.find((s) => s.id === made.json.service.id)?.per_day).toBe(false)
  })
})

describe('the catalogue in Kiswahili', () => {
  it('keeps a name and description in Kiswahili beside the English, empty meaning none, and the booking lines carry the name', async () => {
    const listed = CatalogueList.parse((await call('GET', '/services')).json)
    const basic = listed.find((s) => s.name === 'Basic Funeral')
    // The demo's catalogue has its words in both languages.
    expect(basic?.name_sw).toBe('Mazishi ya Kawaida')
    expect(basic?.description_sw).toMatch(/jeneza/)

    const admin = await loginAs('admin')
    const made = await call<{ service: { id: number; name_sw: string | null; description_sw: string | null } }>('POST', '/services', {
      token: admin,
      body: { name: 'Tent and chairs', price: 2000, name_sw: '  Hema na viti ', description_sw: '' },
    })
    expect(made.status).toBe(201)
    expect(made.json.service).toMatchObject({ name_sw: 'Hema na viti', description_sw: null })
    const id = made.json.service.id
    const cleared = await call<{ service: { name: string; name_sw: string | null; description_sw: string | null } }>('PUT', `/services/${id}`, { token: admin, body: { name_sw: ' ', description_sw: 'Hema kubwa' } })
    expect(cleared.json.service).toMatchObject({ name: 'Tent and chairs', name_sw: null, description_sw: 'Hema kubwa' })
    expect((await call('PUT', `/services/${id}`, { token: admin, body: { name_sw: 'x'.repeat(101) } })).status).toBe(422)

    // A family's booking names each line's service in Kiswahili as the catalogue does today.
    const family = await loginAs('client')
    const lines = BookingList.parse((await call('GET', '/bookings/my', { token: family })).json).flatMap((b) => b.services)
    const line = lines.find((l) => l.service_name === 'Basic Funeral')
    expect(line?.service_name_sw).toBe('Mazishi ya Kawaida')
  })
})
