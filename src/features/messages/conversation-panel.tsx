import { useEffect, useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { conversationMachine } from '../../../machines/messages/conversation.machine'
import type { ThreadSummary } from '../../../shared/contracts/messages'
import { getThread, openBookingThread, sendMessage } from '../../api/messages'
import { ConversationView } from './conversation-view'
import { useNotifications } from '../../app/use-notifications'
import { announceMessagesChanged, pageHidden, usePageVisibility } from '../../app/use-page-visibility'
import { useLingui } from '@lingui/react'
import { translated } from '../../lib/i18n'

export type ConversationTarget = { threadId: string } | { bookingId: string }

/**
 * One live conversation: by its id (Messages screens), or by its booking (the booking page), the
 * thread being made on first need. Polls while visible; the draft survives a failed send.
 */
export function ConversationPanel({
  target,
  header,
  compact,
  readOnly,
  composerLabel,
}: {
  target: ConversationTarget
  header?: (thread: ThreadSummary | null) => ReactNode
  compact?: boolean
  readOnly?: (thread: ThreadSummary | null) => boolean
  composerLabel?: (thread: ThreadSummary | null) => string | undefined
}) {
  useLingui()
  const machine = useMemo(() => {
    // The booking page learns its thread's id from the first load.
    let threadId = 'threadId' in target ? target.threadId : null
    const idOf = async () => (threadId ??= (await openBookingThread((target as { bookingId: string }).bookingId)).id)
    return conversationMachine.provide({
      actors: {
        loadThread: fromPromise(async () => getThread(await idOf())),
        sendMessage: fromPromise(async ({ input }) => sendMessage(await idOf(), input.body)),
      },
    })
    // A new target is a new conversation (the caller keys the panel too).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, ['threadId' in target ? target.threadId : `b${target.bookingId}`])
  const input = useMemo(() => ({ hidden: pageHidden() }), [])
  const actor = useActorRef(machine, { input })
  useNotifications(actor)
  usePageVisibility(actor)
  const thread = useSelector(actor, (s) => s.context.thread)
  const messages = useSelector(actor, (s) => s.context.messages)
  const draft = useSelector(actor, (s) => s.context.draft)
  const draftError = useSelector(actor, (s) => s.context.draftError)
  const sendFailed = useSelector(actor, (s) => s.context.sendFailed)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const sending = useSelector(actor, (s) => s.hasTag('sending'))
  const slow = useSelector(actor, (s) => s.hasTag('slow'))
  const loadError = useSelector(actor, (s) => (s.hasTag('loading') ? null : s.context.loadError))

  // Each load reads the thread on the server: the side menu's count goes down with it.
  const count = messages.length
  useEffect(() => {
    if (thread) announceMessagesChanged()
  }, [thread, count])

  return (
    <ConversationView
      header={header?.(thread)}
      messages={messages}
      loading={loading}
      slow={slow}
      loadError={loadError}
      onRetry={() => actor.send({ type: 'refresh' })}
      draft={draft}
      draftError={draftError && translated(draftError)}
      sending={sending}
      sendFailed={sendFailed}
      compact={compact}
      readOnly={readOnly?.(thread) ?? false}
      composerLabel={composerLabel?.(thread)}
      onDraft={(value) => actor.send({ type: 'draft.change', value })}
      onSend={() => actor.send({ type: 'send' })}
    />
  )
}
