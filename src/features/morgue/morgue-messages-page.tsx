import { MessagesWorkspace } from '../../app/messages/messages-workspace'
import { paths } from '../../app/paths'
import { MESSAGES_TEXT } from '../../components/messages/messages-text'
import { casePath } from './case-path'

/** The attendant's inbox: the families of the bodies assigned to them. */
export function MorgueMessagesPage() {
  return <MessagesWorkspace basePath={paths.morgue.messages} subtitle={MESSAGES_TEXT.morgueSubtitle} staff bookingHref={casePath} />
}
