import { MessagesWorkspace } from '../../../app/messages/messages-workspace'
import { paths } from '../../../app/paths'
import { MESSAGES_TEXT } from '../../../components/messages/messages-text'

/** The family's conversations with the funeral home, one per booking. */
export function ClientMessagesPage() {
  return <MessagesWorkspace basePath={paths.client.messages} subtitle={MESSAGES_TEXT.clientSubtitle} staff={false} bookingHref={paths.client.booking} />
}
