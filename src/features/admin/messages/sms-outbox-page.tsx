import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import {
  Badge,
  Body1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { smsOutbox } from '../../../api/messages'
import { PageHeader } from '../../../components/page-header'
import { RouterLink } from '../../../components/router-link'
import { MESSAGES_TEXT } from '../../messages/messages-words'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { MailOutboxSection } from './mail-outbox-section'

const outboxMachine = createPollMachine<Awaited<ReturnType<typeof smsOutbox>>>(60_000, MESSAGES_TEXT.smsFailed).provide({ actors: { load: fromPromise(() => smsOutbox()) } })

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroll: { overflowX: 'auto' },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: '220px' },
  muted: { color: tokens.colorNeutralForeground2 },
})

const STATUS_COLORS = { queued: 'informative', sent: 'success', failed: 'danger', skipped: 'subtle' } as const
const STATUS_WORDS = { queued: msg`Waiting`, sent: msg`Sent`, failed: msg`Failed`, skipped: msg`Not needed (read in the app)` } as const
const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** "Messages sent": the SMS the system sent to families, or keeps when no provider is configured; then the e-mails. */
export function SmsOutboxPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useActorRef(outboxMachine, { input: {} })
  useNotifications(actor)
  const data = useSelector(actor, (s) => s.context.data)
  const rows = useMemo(() => data?.messages ?? [], [data])
  return (
    <div className={styles.layout}>
      <PageHeader title={MESSAGES_TEXT.smsTitle} subtitle={MESSAGES_TEXT.smsSubtitle} />
      <RouterLink to={paths.admin.messages}>{`← ${MESSAGES_TEXT.inboxLink}`}</RouterLink>
      <Title3 as="h2">{MESSAGES_TEXT.smsHeading}</Title3>
      {data?.provider === 'outbox' && (
        <MessageBar intent="info">
          <MessageBarBody>{MESSAGES_TEXT.smsOutboxOnly}</MessageBarBody>
        </MessageBar>
      )}
      {data === null ? (
        <Spinner size="small" label={MESSAGES_TEXT.loading} />
      ) : rows.length === 0 ? (
        <Body1 className={styles.muted}>{MESSAGES_TEXT.smsEmpty}</Body1>
      ) : (
        <div className={styles.scroll}>
          <Table aria-label={MESSAGES_TEXT.smsTitle} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t`When`}</TableHeaderCell>
                <TableHeaderCell>{t`To`}</TableHeaderCell>
                <TableHeaderCell>{t`Message`}</TableHeaderCell>
                <TableHeaderCell>{t`Status`}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{when.format(new Date(s.sent_at ?? s.created_at))}</TableCell>
                  <TableCell>
                    {s.to_phone}
                    {s.booking_id && <Text className={styles.muted} size={200} block>{t`Booking #${s.booking_id}`}</Text>}
                  </TableCell>
                  <TableCell className={styles.body}>{s.body}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATUS_COLORS[s.status]}>
                      {t(STATUS_WORDS[s.status])}
                    </Badge>
                    {s.last_error && s.status !== 'skipped' && <Text className={styles.muted} size={200} block>{s.last_error}</Text>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <MailOutboxSection />
    </div>
  )
}
