import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { MSG_LOAD_FAILED, MSG_SEND_FAILED, conversationMachine } from '../../machines/messages/conversation.machine'
import { SLOW_LOAD_MS } from '../../machines/shared/slow-load'
import { createPollMachine } from '../../machines/shared/poll.machine'
import type { ChatMessage, ThreadDetail } from '../../shared/contracts/messages'
import { MESSAGES_POLL_MS, MSG_MESSAGE_EMPTY, MSG_MESSAGE_TOO_LONG } from '../../shared/contracts/messages'
import type { NotifyEvent } from '../../machines/shared/notify'

const message = (id: string, body: string, mine = false): ChatMessage => ({ id, body, author_name: mine ? 'Mary' : 'Grace', author_role: mine ? 'client' : 'admin', mine, created_at: '2026-03-10T07:00:00.000Z' })
const thread: ThreadDetail['thread'] = { id: '1', booking_id: '5', title: 'John Kamau', family_name: 'Mary', contact_phone: null, urgent: false, unread: 0, last_message: null, updated_at: '2026-03-10T07:00:00.000Z' }

function start(options: { hidden?: boolean; send?: (body: string) => Promise<ChatMessage> } = {}) {
  const clock = new SimulatedClock()
  let loads = 0
  let server: ChatMessage[] = [message('1', 'Welcome')]
  const sent: string[] = []
  const machine = conversationMachine.provide({
    actors: {
      loadThread: fromPromise(async () => {
        loads += 1
        return { thread, messages: [...server] }
      }),
      sendMessage: fromPromise(async ({ input }) => {
        sent.push(input.body)
        return options.send ? options.send(input.body) : message(String(server.length + 1), input.body, true)
      }),
    },
  })
  const actor = createActor(machine, { clock, input: { hidden: options.hidden } })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  const idle = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('sending'))
  return { actor, clock, idle, sent, notes, loads: () => loads, setServer: (m: ChatMessage[]) => void (server = m) }
}

describe('conversation machine', () => {
  it('loads, then looks for new messages every 20 s while visible, and not at all while hidden', async () => {
    const { actor, clock, idle, loads, setServer } = start()
    await idle()
    expect(loads()).toBe(1)
    setServer([message('1', 'Welcome'), message('2', 'Yes, Friday at 5 pm.')])
    clock.increment(MESSAGES_POLL_MS - 1)
    expect(loads()).toBe(1)
    clock.increment(1)
    await idle()
    expect(loads()).toBe(2)
    expect(actor.getSnapshot().context.messages.map((m) => m.body)).toEqual(['Welcome', 'Yes, Friday at 5 pm.'])

    actor.send({ type: 'visibility.hidden' })
    clock.increment(MESSAGES_POLL_MS * 5)
    expect(loads()).toBe(2)
    actor.send({ type: 'visibility.visible' })
    await idle()
    expect(loads()).toBe(3)
  })

  it('on a dead line says so after SLOW_LOAD_MS instead of spinning, asks afresh on Try again, and shows a failure inline, not as a toast', async () => {
    const clock = new SimulatedClock()
    let loads = 0
    let answer: 'hang' | 'fail' | 'ok' = 'hang'
    const machine = conversationMachine.provide({
      actors: {
        loadThread: fromPromise(({ signal }) => {
          loads += 1
          if (answer === 'fail') return Promise.reject(new Error('offline'))
          if (answer === 'ok') return Promise.resolve({ thread, messages: [message('1', 'Welcome')] })
          return new Promise<ThreadDetail>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))
        }),
      },
    })
    const actor = createActor(machine, { clock, input: {} })
    const notes: NotifyEvent[] = []
    actor.on('notify', (e) => notes.push(e))
    actor.start()
    clock.increment(SLOW_LOAD_MS - 1)
    expect(actor.getSnapshot().hasTag('slow')).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag('slow')).toBe(true)
    answer = 'fail'
    actor.send({ type: 'refresh' })
    await waitFor(actor, (s) => !s.hasTag('loading'))
    expect(loads).toBe(2)
    expect(actor.getSnapshot().hasTag('slow')).toBe(false)
    expect(actor.getSnapshot().context).toMatchObject({ loadError: MSG_LOAD_FAILED })
    expect(notes).toEqual([])
    answer = 'ok'
    actor.send({ type: 'refresh' })
    await waitFor(actor, (s) => !s.hasTag('loading'))
    expect(actor.getSnapshot().context).toMatchObject({ loadError: null })
    expect(actor.getSnapshot().context.messages).toHaveLength(1)
  })

  it('starts paused in a hidden tab after its first load', async () => {
    const { actor, clock, idle, loads } = start({ hidden: true })
    await idle()
    clock.increment(MESSAGES_POLL_MS * 3)
    expect(loads()).toBe(1)
    expect(actor.getSnapshot().matches({ feed: 'paused' })).toBe(true)
  })

  it('refuses an empty or too long message with its reason and sends nothing', async () => {
    const { actor, idle, sent } = start()
    await idle()
    actor.send({ type: 'draft.change', value: '   ' })
    actor.send({ type: 'send' })
    expect(actor.getSnapshot().context.draftError).toBe(MSG_MESSAGE_EMPTY)
    actor.send({ type: 'draft.change', value: 'x'.repeat(2001) })
    expect(actor.getSnapshot().context.draftError).toBeNull()
    actor.send({ type: 'send' })
    expect(actor.getSnapshot().context.draftError).toBe(MSG_MESSAGE_TOO_LONG)
    expect(sent).toEqual([])
  })

  it('sends the trimmed words, shows them and empties the box', async () => {
    const { actor, idle, sent } = start()
    await idle()
    actor.send({ type: 'draft.change', value: '  Can we view the body on Friday?  ' })
    actor.send({ type: 'send' })
    await idle()
    expect(sent).toEqual(['Can we view the body on Friday?'])
    expect(actor.getSnapshot().context.draft).toBe('')
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ body: 'Can we view the body on Friday?', mine: true })
  })

  it('keeps the words in the box after a failed send, says why, and sends them on "Try again"', async () => {
    let fail = true
    const { actor, idle, sent, notes } = start({
      send: async (body) => {
        if (fail) throw new Error('offline')
        return message('9', body, true)
      },
    })
    await idle()
    actor.send({ type: 'draft.change', value: 'Please call me' })
    actor.send({ type: 'send' })
    await idle()
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Please call me', draftError: MSG_SEND_FAILED, sendFailed: true })
    // Said under the box, and only there: no toast repeating it.
    expect(notes).toEqual([])
    fail = false
    actor.send({ type: 'send' })
    await idle()
    expect(sent).toEqual(['Please call me', 'Please call me'])
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', draftError: null, sendFailed: false })
  })
})

describe('poll machine', () => {
  it('polls at its interval while visible and keeps the last data quietly when a load fails', async () => {
    const clock = new SimulatedClock()
    let n = 0
    const machine = createPollMachine<number>(1000, null).provide({
      actors: {
        load: fromPromise(async () => {
          n += 1
          if (n === 2) throw new Error('offline')
          return n
        }),
      },
    })
    const actor = createActor(machine, { clock, input: {} })
    const notes: NotifyEvent[] = []
    actor.on('notify', (e) => notes.push(e))
    actor.start()
    const idle = () => waitFor(actor, (s) => s.matches('waiting') || s.matches('paused'))
    await idle()
    expect(actor.getSnapshot().context.data).toBe(1)
    clock.increment(1000)
    await idle()
    expect(actor.getSnapshot().context.data).toBe(1)
    expect(notes).toEqual([])
    clock.increment(1000)
    await idle()
    expect(actor.getSnapshot().context.data).toBe(3)
  })

  it('asks nothing while the page is hidden and once, at once, when it is shown again (the side menu\'s count)', async () => {
    const clock = new SimulatedClock()
    let n = 0
    const machine = createPollMachine<number>(MESSAGES_POLL_MS, null).provide({ actors: { load: fromPromise(async () => ++n) } })
    const actor = createActor(machine, { clock, input: { hidden: true } })
    actor.start()
    const idle = () => waitFor(actor, (s) => s.matches('waiting') || s.matches('paused'))
    await idle()
    // The first load tells the count; hidden, nothing more.
    expect(n).toBe(1)
    expect(actor.getSnapshot().matches('paused')).toBe(true)
    clock.increment(MESSAGES_POLL_MS * 10)
    expect(n).toBe(1)
    actor.send({ type: 'visibility.visible' })
    await idle()
    expect(n).toBe(2)
    clock.increment(MESSAGES_POLL_MS)
    await idle()
    expect(n).toBe(3)
    actor.send({ type: 'visibility.hidden' })
    clock.increment(MESSAGES_POLL_MS * 10)
    expect(n).toBe(3)
  })

  it('waits through a named delay of 20 s, in the conversation and in the lists', () => {
    expect(MESSAGES_POLL_MS).toBe(20_000)
    expect(conversationMachine.implementations.delays.pollInterval).toBe(MESSAGES_POLL_MS)
    expect(createPollMachine<number>(MESSAGES_POLL_MS, null).implementations.delays.pollInterval).toBe(MESSAGES_POLL_MS)
  })
})
