import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { DASHBOARD_FAILURE, DASHBOARD_REFRESH_MS, createAdminDashboardMachine } from '../../machines/admin/admin-dashboard.machine'
import type { NotifyEvent } from '../../machines/shared/notify'

interface Data {
  n: number
}

const START = Date.UTC(2026, 0, 15, 9, 0, 0)

function start(answers: Array<Data | Error>, hidden = false) {
  const clock = new SimulatedClock()
  clock.set(START)
  let calls = 0
  const machine = createAdminDashboardMachine<Data>(() => clock.now()).provide({
    actors: {
      loadStatistics: fromPromise(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]
        calls++
        if (answer instanceof Error) throw answer
        if (!answer) throw new Error('no answer')
        return answer
      }),
    },
  })
  const actor = createActor(machine, { input: { hidden }, clock })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, clock, notes, calls: () => calls }
}

const settled = (s: { hasTag: (t: string) => boolean }) => !s.hasTag('loading')

describe('adminDashboard machine', () => {
  it('loads at once and again every 5 minutes of the clock', async () => {
    const { actor, clock, calls } = start([{ n: 1 }, { n: 2 }, { n: 3 }])
    let snap = await waitFor(actor, (s) => s.matches('waiting'))
    expect(snap.context.data).toEqual({ n: 1 })
    expect(snap.context.updatedAt).toBe(START)
    clock.increment(DASHBOARD_REFRESH_MS - 1)
    expect(calls()).toBe(1)
    clock.increment(1)
    snap = await waitFor(actor, (s) => s.matches('waiting') && s.context.data?.n === 2)
    expect(calls()).toBe(2)
    expect(snap.context.updatedAt).toBe(START + DASHBOARD_REFRESH_MS)
    clock.increment(DASHBOARD_REFRESH_MS)
    snap = await waitFor(actor, (s) => s.matches('waiting') && s.context.data?.n === 3)
    expect(calls()).toBe(3)
  })

  it('does not poll while hidden and catches up when visible again', async () => {
    const { actor, clock, calls } = start([{ n: 1 }, { n: 2 }])
    await waitFor(actor, (s) => s.matches('waiting'))
    actor.send({ type: 'visibility.hidden' })
    expect(actor.getSnapshot().matches('paused')).toBe(true)
    clock.increment(DASHBOARD_REFRESH_MS * 3)
    expect(calls()).toBe(1)
    actor.send({ type: 'visibility.visible' })
    const snap = await waitFor(actor, (s) => s.matches('waiting') && s.context.data?.n === 2)
    expect(calls()).toBe(2)
    expect(snap.context.updatedAt).toBe(START + DASHBOARD_REFRESH_MS * 3)
  })

  it('back in view before the next load is due, waits only the rest of the 5 minutes', async () => {
    const { actor, clock, calls } = start([{ n: 1 }, { n: 2 }])
    await waitFor(actor, (s) => s.matches('waiting'))
    actor.send({ type: 'visibility.hidden' })
    clock.increment(2 * 60 * 1000)
    actor.send({ type: 'visibility.visible' })
    expect(actor.getSnapshot().matches('waiting')).toBe(true)
    clock.increment(3 * 60 * 1000 - 1)
    expect(calls()).toBe(1)
    clock.increment(1)
    await waitFor(actor, (s) => s.context.data?.n === 2)
    expect(calls()).toBe(2)
  })

  it('starts paused when the page is hidden at first load', async () => {
    const { actor, clock, calls } = start([{ n: 1 }], true)
    await waitFor(actor, (s) => s.matches('paused'))
    clock.increment(DASHBOARD_REFRESH_MS * 2)
    expect(calls()).toBe(1)
  })

  it('refreshes at once on the Refresh button', async () => {
    const { actor, clock, calls } = start([{ n: 1 }, { n: 2 }])
    await waitFor(actor, (s) => s.matches('waiting'))
    clock.increment(60 * 1000)
    actor.send({ type: 'dashboard.refresh' })
    const snap = await waitFor(actor, (s) => s.matches('waiting') && s.context.data?.n === 2)
    expect(calls()).toBe(2)
    expect(snap.context.updatedAt).toBe(START + 60 * 1000)
    // The next automatic load is 5 minutes after the manual one.
    clock.increment(DASHBOARD_REFRESH_MS - 1)
    expect(calls()).toBe(2)
  })

  it('a failure shows the message and keeps the last good data', async () => {
    const { actor, clock, notes } = start([{ n: 1 }, new Error('boom'), { n: 3 }])
    await waitFor(actor, (s) => s.matches('waiting'))
    clock.increment(DASHBOARD_REFRESH_MS)
    let snap = await waitFor(actor, (s) => settled(s) && s.context.error !== null)
    expect(snap.context.error).toBe(DASHBOARD_FAILURE)
    expect(snap.context.data).toEqual({ n: 1 })
    expect(snap.context.updatedAt).toBe(START)
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: DASHBOARD_FAILURE }])
    clock.increment(DASHBOARD_REFRESH_MS)
    snap = await waitFor(actor, (s) => settled(s) && s.context.data?.n === 3)
    expect(snap.context.error).toBeNull()
  })
})
