import { MessagesWorkspace } from '../../messages/messages-workspace'
import { paths } from '../../../app/paths'
import { MESSAGES_TEXT } from '../../messages/messages-words'

/** The family's conversations with the funeral home, one per booking. */
export function ClientMessagesPage() {
  return <MessagesWorkspace basePath={paths.client.messages} subtitle={MESSAGES_TEXT.clientSubtitle} staff={false} bookingHref={paths.client.booking} />
}
