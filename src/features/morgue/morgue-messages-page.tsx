import { MessagesPage } from '../../components/messages/messages-page'
import { MESSAGES_TEXT } from '../../components/messages/messages-text'

export function MorgueMessagesPage() {
  return <MessagesPage subtitle={MESSAGES_TEXT.morgueSubtitle} />
}
