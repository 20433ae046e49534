import { MessagesWorkspace } from '../../messages/messages-workspace'
import { paths } from '../../../app/paths'
import { MESSAGES_TEXT } from '../../messages/messages-words'
import { RouterLink } from '../../../components/router-link'
import { useLingui } from '@lingui/react/macro'
import { CONDOLENCES_LINK } from '../condolences/condolences-words'

/** The admins' shared inbox: every family's conversation and the website's contact messages. */
export function AdminMessagesPage() {
  const { t } = useLingui()
  return (
    <MessagesWorkspace
      basePath={paths.admin.messages}
      subtitle={MESSAGES_TEXT.adminSubtitle}
      staff
      extra={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
          <RouterLink to={paths.admin.smsOutbox}>{MESSAGES_TEXT.smsLink}</RouterLink>
          <RouterLink to={paths.admin.condolences}>{t(CONDOLENCES_LINK)}</RouterLink>
        </div>
      }
    />
  )
}
