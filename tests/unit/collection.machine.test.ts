import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { createCollectionMachine, selectedItem } from '../../machines/shared/collection.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { ApiError } from '../../src/api/client'

interface Item {
  id: string
  name: string
  price: number
}

const A: Item = { id: 'a', name: 'Basic Funeral', price: 5000 }
const B: Item = { id: 'b', name: 'Cremation', price: 3000 }

function start(fetch: () => Promise<Item[]>, input: { failureMessage: string; fetchOnStart?: boolean; toast?: boolean; items?: Item[] } = { failureMessage: 'Failed to load bookings' }) {
  const fetchItems = vi.fn(fetch)
  const machine = createCollectionMachine<Item>('items').provide({ actors: { fetchItems: fromPromise(() => fetchItems()) } })
  const actor = createActor(machine, { input })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, fetchItems, notes }
}

describe('collection machine', () => {
  it('keeps an edit made while a fetch was under way: an answer read before it was saved does not bring the old values back', async () => {
    const answers: Array<(items: Item[]) => void> = []
    const { actor } = start(() => new Promise<Item[]>((resolve) => answers.push(resolve)))
    // The page is on screen; a new search is asked and, before its answer, the row is changed and another removed.
    answers.shift()?.([A, B])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'collection.fetch', query: { search: 'basic' } })
    actor.send({ type: 'collection.patch', id: 'a', changes: { price: 5500 } })
    actor.send({ type: 'collection.remove', id: 'b' })
    expect(actor.getSnapshot().context.items).toEqual([{ ...A, price: 5500 }])
    answers.shift()?.([A, B])
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.items).toEqual([{ ...A, price: 5500 }])
    // Put on that answer only: the next fetch shows what the server says.
    actor.send({ type: 'collection.fetch' })
    answers.shift()?.([A, B])
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 2)
    expect(actor.getSnapshot().context.items).toEqual([A, B])
  })

  it('fetches on start, shows loading, then the items', async () => {
    const { actor, fetchItems } = start(async () => [A, B])
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.items).toEqual([A, B])
    expect(ready.context.error).toBeNull()
    expect(fetchItems).toHaveBeenCalledTimes(1)
  })

  it('shows a list already at hand at once, without fetching; a later fetch asks the server', async () => {
    const { actor, fetchItems } = start(async () => [A], { failureMessage: 'Failed to load bookings', items: [A, B] })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(actor.getSnapshot().context.items).toEqual([A, B])
    expect(fetchItems).not.toHaveBeenCalled()
    actor.send({ type: 'collection.fetch' })
    const again = await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 1)
    expect(again.context.items).toEqual([A])
    expect(fetchItems).toHaveBeenCalledTimes(1)
    // An empty list at hand is a list too: "no bookings yet", not a fetch.
    const empty = start(async () => [A], { failureMessage: 'x', items: [] })
    expect(empty.actor.getSnapshot().matches('ready')).toBe(true)
    expect(empty.fetchItems).not.toHaveBeenCalled()
  })

  it('waits for collection.fetch when told not to fetch on start', async () => {
    const { actor, fetchItems } = start(async () => [A], { failureMessage: 'x', fetchOnStart: false })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    expect(fetchItems).not.toHaveBeenCalled()
    actor.send({ type: 'collection.fetch' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(fetchItems).toHaveBeenCalledTimes(1)
  })

  it("on failure stores and emits its fixed message (not the server's), and a retry recovers", async () => {
    let attempt = 0
    const { actor, notes } = start(async () => {
      attempt += 1
      if (attempt === 1) throw new ApiError(500, 'database on fire')
      return [B]
    })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('Failed to load bookings')
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: 'Failed to load bookings' }])
    actor.send({ type: 'collection.fetch' })
    expect(actor.getSnapshot().context.error).toBeNull()
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.items).toEqual([B])
  })

  it('a screen that says the failure in place asks for no toast: the message is stored, nothing is emitted', async () => {
    const { actor, notes } = start(() => Promise.reject(new ApiError(500, 'database on fire')), { failureMessage: 'Failed to load bookings', toast: false })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('Failed to load bookings')
    expect(notes).toEqual([])
  })

  it('keeps the last items visible while fetching again, then replaces them', async () => {
    let round = 0
    let release!: (items: Item[]) => void
    const { actor } = start(() => {
      round += 1
      return round === 1 ? Promise.resolve([A]) : new Promise<Item[]>((r) => (release = r))
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'collection.fetch' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(actor.getSnapshot().context.items).toEqual([A])
    release([B])
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.items).toEqual([B])
  })

  it('adds, updates, patches, selects and removes by id', async () => {
    const { actor } = start(async () => [A])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'collection.add', item: B })
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['a', 'b'])
    actor.send({ type: 'collection.update', item: { ...A, name: 'Basic' } })
    expect(actor.getSnapshot().context.items[0]?.name).toBe('Basic')
    actor.send({ type: 'collection.patch', id: 'b', changes: { price: 3500 } })
    expect(actor.getSnapshot().context.items[1]).toEqual({ ...B, price: 3500 })
    actor.send({ type: 'collection.select', id: 'b' })
    expect(selectedItem(actor.getSnapshot().context)).toEqual({ ...B, price: 3500 })
    actor.send({ type: 'collection.remove', id: 'b' })
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['a'])
    expect(actor.getSnapshot().context.selectedId).toBeNull()
    expect(selectedItem(actor.getSnapshot().context)).toBeNull()
  })

  it('removing another item keeps the selection', async () => {
    const { actor } = start(async () => [A, B])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'collection.select', id: 'a' })
    actor.send({ type: 'collection.remove', id: 'b' })
    expect(actor.getSnapshot().context.selectedId).toBe('a')
  })

  it('without a provided fetch it fails with its message instead of hanging', async () => {
    const actor = createActor(createCollectionMachine<Item>(), { input: { failureMessage: 'Failed to fetch services' } }).start()
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('Failed to fetch services')
  })
})
