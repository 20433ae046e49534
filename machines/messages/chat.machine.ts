import { assign, setup } from 'xstate'

/**
 * SPEC.md's local-only chat (client and morgue Messages): one system welcome message, then what the
 * user types. Nothing is sent to a server; the time of each message comes with the event.
 */
export interface ChatMessage {
  id: string
  author: 'system' | 'me'
  text: string
  /** epoch ms */
  at: number
}

export interface ChatInput {
  welcome: string
  /** When the page opened (epoch ms): the welcome message's time. */
  now: number
}

export type ChatEvent = { type: 'chat.send'; text: string; at: number }

export const chatMachine = setup({
  types: { context: {} as { messages: ChatMessage[] }, events: {} as ChatEvent, input: {} as ChatInput },
  guards: { hasText: ({ event }) => event.text.trim().length > 0 },
}).createMachine({
  id: 'chat',
  description: 'A chat held only in the page.',
  context: ({ input }) => ({ messages: [{ id: 'welcome', author: 'system', text: input.welcome, at: input.now }] }),
  initial: 'open',
  states: {
    open: {
      description: 'Typing; a blank message is not added.',
      on: {
        'chat.send': {
          guard: 'hasText',
          actions: assign({
            messages: ({ context, event }) => [...context.messages, { id: `m${context.messages.length}`, author: 'me' as const, text: event.text.trim(), at: event.at }],
          }),
        },
      },
    },
  },
})
