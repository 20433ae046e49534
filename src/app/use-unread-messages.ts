import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { createPollMachine } from '../../machines/shared/poll.machine'
import { MESSAGES_POLL_MS } from '../../shared/contracts/messages'
import { unreadMessages } from '../api/messages'
import { pageHidden, useOnMessagesChanged, usePageVisibility } from './use-page-visibility'

const unreadMachine = createPollMachine<number>(MESSAGES_POLL_MS, null).provide({ actors: { load: fromPromise(() => unreadMessages()) } })

/** The signed-in user's unread messages, for the side menu: polled every 20 s while the page is visible. */
export function useUnreadMessages(): number {
  const input = useMemo(() => ({ hidden: pageHidden() }), [])
  const actor = useActorRef(unreadMachine, { input })
  usePageVisibility(actor)
  useOnMessagesChanged(actor)
  return useSelector(actor, (s) => s.context.data ?? 0)
}
