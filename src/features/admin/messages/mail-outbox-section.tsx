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
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { mailOutbox } from '../../../api/messages'
import type { MailRecord } from '../../../../shared/contracts/messages'
import { liveWords } from '../../../lib/live-words'
import { useNotifications } from '../../../app/use-notifications'

/** Words of the admin's e-mail list (beside the SMS of "Messages sent"). */
export const MAIL_TEXT = liveWords({
  title: msg`E-mails`,
  subtitle: msg`Password-reset e-mails, newest first. The link inside is never kept or shown; a family whose e-mail failed can ask for a new link.`,
  notSent: msg`No SMTP server is configured: e-mails wait here and are not sent. Set SMTP_URL on the server to send them.`,
  logOnly: msg`No SMTP server is configured: e-mails are written to the server's log (development), not sent. Set SMTP_URL on the server to send them.`,
  failedCount: (n: number) => msg`${plural(n, { one: '# e-mail could not be sent.', other: '# e-mails could not be sent.' })}`,
  empty: msg`No e-mails yet.`,
  failedToLoad: msg`Failed to load the e-mails`,
  loading: msg`Loading e-mails…`,
  passwordReset: msg`Password reset`,
  languages: { en: msg`English`, sw: msg`Kiswahili` },
  status: { queued: msg`Waiting`, sent: msg`Sent`, failed: msg`Failed`, skipped: msg`Not sent (no longer needed)` },
  retrying: (n: number) => msg`${plural(n, { one: 'Tried once; will try again', other: 'Tried # times; will try again' })}`,
  gaveUp: (n: number) => msg`${plural(n, { one: 'Gave up after # try', other: 'Gave up after # tries' })}`,
})

const mailMachine = createPollMachine<Awaited<ReturnType<typeof mailOutbox>>>(60_000, MAIL_TEXT.failedToLoad).provide({ actors: { load: fromPromise(() => mailOutbox()) } })

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  // Three columns that wrap, so a phone shows the whole row without a sideways scroll.
  address: { overflowWrap: 'anywhere' },
  error: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', maxWidth: '360px' },
  muted: { color: tokens.colorNeutralForeground2 },
})

const STATUS_COLORS = { queued: 'informative', sent: 'success', failed: 'danger', skipped: 'subtle' } as const
const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

function triesNote(m: MailRecord): string | null {
  if (m.status === 'failed') return MAIL_TEXT.gaveUp(m.attempts)
  if (m.status === 'queued' && m.attempts > 0) return MAIL_TEXT.retrying(m.attempts)
  return null
}

/** The e-mails the server sent, is still trying, or gave up on: recipient and outcome, never the link. */
export function MailOutboxSection() {
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useActorRef(mailMachine, { input: {} })
  useNotifications(actor)
  const data = useSelector(actor, (s) => s.context.data)
  const mails = useMemo(() => data?.mails ?? [], [data])
  const failed = mails.filter((m) => m.status === 'failed').length
  return (
    <section className={styles.section} aria-labelledby="mail-outbox-title">
      <Title3 as="h2" id="mail-outbox-title">
        {MAIL_TEXT.title}
      </Title3>
      <Body1 className={styles.muted}>{MAIL_TEXT.subtitle}</Body1>
      {data?.transport === 'none' && (
        <MessageBar intent="warning">
          <MessageBarBody>{MAIL_TEXT.notSent}</MessageBarBody>
        </MessageBar>
      )}
      {data?.transport === 'log' && (
        <MessageBar intent="info">
          <MessageBarBody>{MAIL_TEXT.logOnly}</MessageBarBody>
        </MessageBar>
      )}
      {failed > 0 && (
        <MessageBar intent="error">
          <MessageBarBody>{MAIL_TEXT.failedCount(failed)}</MessageBarBody>
        </MessageBar>
      )}
      {data === null ? (
        <Spinner size="small" label={MAIL_TEXT.loading} />
      ) : mails.length === 0 ? (
        <Body1 className={styles.muted}>{MAIL_TEXT.empty}</Body1>
      ) : (
        <Table aria-label={MAIL_TEXT.title} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t`To`}</TableHeaderCell>
                <TableHeaderCell>{t`Status`}</TableHeaderCell>
                <TableHeaderCell>{t`When`}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {mails.map((m) => {
                const note = triesNote(m)
                return (
                  <TableRow key={m.id}>
                    <TableCell className={styles.address}>
                      {m.to}
                      <Text className={styles.muted} size={200} block>
                        {`${MAIL_TEXT.passwordReset} · ${MAIL_TEXT.languages[m.language]}`}
                      </Text>
                    </TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={STATUS_COLORS[m.status]}>
                        {MAIL_TEXT.status[m.status]}
                      </Badge>
                      {note && (
                        <Text className={styles.muted} size={200} block>
                          {note}
                        </Text>
                      )}
                      {m.last_error && (m.status === 'failed' || m.status === 'queued') && (
                        <Text className={styles.error} size={200} block>
                          {m.last_error}
                        </Text>
                      )}
                    </TableCell>
                    <TableCell>{when.format(new Date(m.sent_at ?? m.created_at))}</TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
      )}
    </section>
  )
}
