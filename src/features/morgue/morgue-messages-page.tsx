import { MessagesWorkspace } from '../messages/messages-workspace'
import { paths } from '../../app/paths'
import { MESSAGES_TEXT } from '../messages/messages-words'
import { casePath } from './case-path'

/** The attendant's inbox: the families of the bodies assigned to them. */
export function MorgueMessagesPage() {
  return <MessagesWorkspace basePath={paths.morgue.messages} subtitle={MESSAGES_TEXT.morgueSubtitle} staff bookingHref={casePath} />
}
