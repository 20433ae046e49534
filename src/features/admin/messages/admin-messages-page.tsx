import { MessagesWorkspace } from '../../messages/messages-workspace'
import { paths } from '../../../app/paths'
import { MESSAGES_TEXT } from '../../messages/messages-words'
import { RouterLink } from '../../../components/router-link'

/** The admins' shared inbox: every family's conversation and the website's contact messages. */
export function AdminMessagesPage() {
  return (
    <MessagesWorkspace
      basePath={paths.admin.messages}
      subtitle={MESSAGES_TEXT.adminSubtitle}
      staff
      extra={<RouterLink to={paths.admin.smsOutbox}>{MESSAGES_TEXT.smsLink}</RouterLink>}
    />
  )
}
