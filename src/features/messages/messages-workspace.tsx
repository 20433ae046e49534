import { useMemo, type ReactNode } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Body1, Caption1, Link, MessageBar, MessageBarBody, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { createPollMachine } from '../../../machines/shared/poll.machine'
import { MESSAGES_POLL_MS, type ThreadSummary } from '../../../shared/contracts/messages'
import { listThreads } from '../../api/messages'
import { PageHeader } from '../../components/page-header'
import { LoadProblem } from '../../components/load-problem'
import { RouterLink } from '../../components/router-link'
import { ThreadList } from './thread-list'
import { MESSAGES_TEXT } from './messages-words'
import { useMediaQuery } from '../../components/use-media-query'
import { useNotifications } from '../../app/use-notifications'
import { ConversationPanel } from './conversation-panel'
import { pageHidden, useOnMessagesChanged, usePageVisibility } from '../../app/use-page-visibility'
import { useLingui } from '@lingui/react'

export const MSG_THREADS_FAILED = 'Failed to load messages'

const inboxMachine = createPollMachine<ThreadSummary[]>(MESSAGES_POLL_MS, MSG_THREADS_FAILED).provide({ actors: { load: fromPromise(() => listThreads()) } })

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(240px, 320px) minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  title: { margin: 0 },
})

export interface MessagesWorkspaceProps {
  /** The Messages screen's path (its threads live below it). */
  basePath: string
  subtitle: string
  staff: boolean
  /** Where a booking opens for this role (the header links to it). */
  bookingHref?: (bookingId: string) => string
  /** Shown above the conversations (e.g. the admin's link to the SMS sent). */
  extra?: ReactNode
}

/**
 * Messages: the conversations on the left (unread first), the open one on the right; on a phone,
 * one or the other. A family with a single booking goes straight into its conversation.
 */
export function MessagesWorkspace({ basePath, subtitle, staff, bookingHref, extra }: MessagesWorkspaceProps) {
  useLingui()
  const styles = useStyles()
  const { threadId } = useParams()
  const wide = useMediaQuery('(min-width: 900px)')
  const input = useMemo(() => ({ hidden: pageHidden() }), [])
  const actor = useActorRef(inboxMachine, { input })
  useNotifications(actor)
  usePageVisibility(actor)
  useOnMessagesChanged(actor)
  const threads = useSelector(actor, (s) => s.context.data)
  const slow = useSelector(actor, (s) => s.hasTag('slow'))
  const error = useSelector(actor, (s) => s.context.error)
  const hrefOf = (id: string) => `${basePath}/${encodeURIComponent(id)}`

  if (!threadId && !staff && threads?.length === 1) return <Navigate to={hrefOf(threads[0]!.id)} replace />

  const current = threads?.find((t) => t.id === threadId)
  const list =
    threads === null ? (
      // A spinner for the first few seconds only: then, or on failure, what is wrong and Try again.
      slow || error ? (
        <LoadProblem error={error && MESSAGES_TEXT.loadFailed} slow={slow} onRetry={() => actor.send({ type: 'refresh' })} />
      ) : (
        <Spinner size="small" label={MESSAGES_TEXT.loading} />
      )
    ) : threads.length === 0 ? (
      <Body1 className={styles.empty}>{staff ? MESSAGES_TEXT.noThreadsStaff : MESSAGES_TEXT.noThreadsClient}</Body1>
    ) : (
      <ThreadList threads={threads} currentId={threadId} hrefOf={hrefOf} staff={staff} />
    )

  const conversation = threadId ? (
    <ConversationPanel
      key={threadId}
      target={{ threadId }}
      // A website visitor has no account to read an answer: staff write what they did, for each other.
      composerLabel={(t) => (t !== null && t.booking_id === null ? MESSAGES_TEXT.teamNoteLabel : undefined)}
      header={(t) => <ThreadHeading thread={t ?? current ?? null} staff={staff} bookingHref={bookingHref} back={wide ? null : basePath} />}
    />
  ) : wide && threads && threads.length > 0 ? (
    <Body1 className={styles.empty}>{MESSAGES_TEXT.chooseThread}</Body1>
  ) : null

  return (
    <div className={styles.layout}>
      <PageHeader title={MESSAGES_TEXT.title} subtitle={subtitle} />
      {extra}
      {/* One tree for both widths: turning a tablet across the breakpoint keeps the open
          conversation mounted, and with it what is typed in its box. */}
      <div className={wide ? styles.columns : undefined}>
        {(wide || !threadId) && <nav aria-label={MESSAGES_TEXT.threadsLabel}>{list}</nav>}
        {(wide || threadId) && <div>{conversation}</div>}
      </div>
    </div>
  )
}

function ThreadHeading({ thread, staff, bookingHref, back }: { thread: ThreadSummary | null; staff: boolean; bookingHref?: (id: string) => string; back: string | null }) {
  const styles = useStyles()
  return (
    <div className={styles.heading}>
      {back && <RouterLink to={back}>{`← ${MESSAGES_TEXT.back}`}</RouterLink>}
      {thread && (
        <>
          <Title3 as="h2" className={styles.title}>{thread.booking_id === null ? thread.title : MESSAGES_TEXT.inMemoryOf(thread.title)}</Title3>
          {thread.booking_id === null ? (
            <>
              <Caption1>{MESSAGES_TEXT.fromWebsite}</Caption1>
              {thread.urgent && (
                <MessageBar intent="error">
                  <MessageBarBody>
                    <strong>{MESSAGES_TEXT.urgent}.</strong> {MESSAGES_TEXT.urgentHint}
                  </MessageBarBody>
                </MessageBar>
              )}
              {(thread.family_name || thread.contact_phone) && (
                <MessageBar intent="info">
                  <MessageBarBody>
                    {MESSAGES_TEXT.websiteReplyHint}{' '}
                    {thread.contact_phone && (
                      <>
                        <Link href={`tel:${thread.contact_phone.replace(/[^\d+]/g, '')}`}>{MESSAGES_TEXT.callVisitor(thread.contact_phone)}</Link>
                        {thread.family_name ? ' · ' : ''}
                      </>
                    )}
                    {thread.family_name && <Link href={`mailto:${thread.family_name}`}>{thread.family_name}</Link>}
                  </MessageBarBody>
                </MessageBar>
              )}
            </>
          ) : (
            <Text size={200}>
              {staff && thread.family_name ? `${thread.family_name} · ` : ''}
              {bookingHref ? <RouterLink to={bookingHref(thread.booking_id)}>{`${MESSAGES_TEXT.bookingLink} #${thread.booking_id}`}</RouterLink> : MESSAGES_TEXT.bookingNumber(thread.booking_id)}
            </Text>
          )}
        </>
      )}
    </div>
  )
}
