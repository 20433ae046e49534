import { assign, fromPromise, setup } from 'xstate'
import type { ChatMessage, ThreadDetail } from '../../shared/contracts/messages'
import { MESSAGE_MAX, MESSAGES_POLL_MS, MSG_MESSAGE_EMPTY, MSG_MESSAGE_TOO_LONG } from '../../shared/contracts/messages'
import type { NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOnForm, serverMessageOr } from '../shared/failure'
import { slowLoading } from '../shared/slow-load'

export const MSG_LOAD_FAILED = 'Failed to load messages'
export const MSG_SEND_FAILED = 'Your message was not sent. It is still in the box: try again.'

export interface ConversationContext {
  thread: ThreadDetail['thread'] | null
  messages: ChatMessage[]
  /** What the user is typing: kept here so a failed send loses nothing. */
  draft: string
  /** The problem with the draft (empty, too long) or the failed send. */
  draftError: string | null
  /** The last send failed: the draft is still there and the button says "Try again". */
  sendFailed: boolean
  /** The last load failed (the messages already shown stay). */
  loadError: string | null
  hidden: boolean
}

export type ConversationEvent =
  | { type: 'draft.change'; value: string }
  | { type: 'send' }
  | { type: 'refresh' }
  | { type: 'visibility.hidden' }
  | { type: 'visibility.visible' }

export interface ConversationInput {
  hidden?: boolean
}

/** What a send gives the server and gets back. */
export type SendInput = { body: string }

/**
 * One conversation: load it, then ask for new messages every 20 s while the page is visible (none
 * while hidden; a load at once when it comes back); send what is typed, keeping it in the box with
 * its reason when sending fails.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
    emitted: {} as NotifyEvent,
  },
  actors: {
    loadThread: fromPromise<ThreadDetail, void>(async () => {
      throw new Error('loadThread actor not provided')
    }),
    sendMessage: fromPromise<ChatMessage, SendInput>(async () => {
      throw new Error('sendMessage actor not provided')
    }),
  },
  delays: { pollInterval: MESSAGES_POLL_MS },
  guards: {
    isHidden: ({ context }) => context.hidden,
    draftEmpty: ({ context }) => context.draft.trim().length === 0,
    draftTooLong: ({ context }) => context.draft.trim().length > MESSAGE_MAX,
  },
  actions: {
    failLoad: recordFailure<ConversationContext, ConversationEvent>('loadError'),
    failSend: recordFailure<ConversationContext, ConversationEvent>('draftError'),
  },
}).createMachine({
  id: 'conversation',
  description: 'A conversation with the funeral home: polled while visible; the draft survives a failed send.',
  context: ({ input }) => ({ thread: null, messages: [], draft: '', draftError: null, sendFailed: false, loadError: null, hidden: input.hidden ?? false }),
  type: 'parallel',
  on: {
    'visibility.hidden': { actions: assign({ hidden: true }) },
  },
  states: {
    feed: {
      description: 'The messages, loaded and then looked at again every 20 s while the page is visible.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Asking for the conversation; what is shown stays. Past SLOW_LOAD_MS it is `slow`: the screen says it cannot reach us; Try again asks afresh.',
          tags: ['loading'],
          on: { refresh: { target: 'loading', reenter: true } },
          // Try again is the refresh above, in either sub-state.
          ...slowLoading({}),
          invoke: {
            src: 'loadThread',
            onDone: {
              target: 'settled',
              actions: assign(({ context, event }) => ({
                thread: event.output.thread,
                // A message sent while this load was on its way stays.
                messages: mergeMessages(event.output.messages, context.messages),
                loadError: null,
              })),
            },
            // Said where the messages would be, with Try again; no toast as well (one message, one place).
            onError: {
              target: 'settled',
              actions: [{ type: 'failLoad', params: (arg) => ({ ...serverMessageOr(MSG_LOAD_FAILED)(arg), toast: '' }) }],
            },
          },
        },
        settled: { description: 'A load ended: wait, or pause if the page is hidden.', always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }] },
        waiting: {
          description: 'Visible: the next look for new messages is 20 s away.',
          after: { pollInterval: 'loading' },
          on: { refresh: 'loading', 'visibility.hidden': { target: 'paused', actions: assign({ hidden: true }) } },
        },
        paused: {
          description: 'The page is hidden: no polling; back in view, a load at once.',
          on: { refresh: 'loading', 'visibility.visible': { target: 'loading', actions: assign({ hidden: false }) } },
        },
      },
    },
    composer: {
      description: 'The box the user writes in.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing; an empty or too long message is refused with its reason and not sent.',
          on: {
            'draft.change': { actions: assign({ draft: ({ event }) => event.value, draftError: null }) },
            send: [
              { guard: 'draftEmpty', actions: assign({ draftError: MSG_MESSAGE_EMPTY }) },
              { guard: 'draftTooLong', actions: assign({ draftError: MSG_MESSAGE_TOO_LONG }) },
              { target: 'sending' },
            ],
          },
        },
        sending: {
          description: 'Sent; on failure the words stay in the box with the reason and "Try again".',
          tags: ['sending'],
          entry: assign({ draftError: null }),
          invoke: {
            src: 'sendMessage',
            input: ({ context }) => ({ body: context.draft.trim() }),
            onDone: {
              target: 'editing',
              actions: assign(({ context, event }) => ({ messages: mergeMessages(context.messages, [event.output]), draft: '', sendFailed: false })),
            },
            onError: { target: 'editing', actions: [assign({ sendFailed: true }), { type: 'failSend', params: serverMessageOnForm(MSG_SEND_FAILED) }] },
          },
        },
      },
    },
  },
})

/** Both lists, each message once (by id), in id order. */
function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>()
  for (const m of [...a, ...b]) byId.set(m.id, m)
  return [...byId.values()].sort((x, y) => Number(x.id) - Number(y.id))
}
