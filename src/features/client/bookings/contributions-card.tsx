import { useEffect, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Button, Caption1, Card, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { bookingContributions, closeContributionLink, contributionUrl, inviteContributions, thankContributor } from '../../../api/contributions'
import { FAMILY_MESSAGE_MAX, WELL_WISHER, type BookingContributions } from '../../../api/contracts/contributions'
import type { Booking } from '../../../api/contracts/bookings'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { showNotification } from '../../../app/toast-bridge'
import { formatDateTime, formatKsh } from '../../../lib/format'

export const CONTRIBUTIONS_TEXT = {
  title: 'Contributions (harambee)',
  intro: 'Relatives and friends can pay towards this funeral from their own phones, by M-Pesa, through a link you share. Each contribution is counted on this booking.',
  messageLabel: 'A message for those you invite (optional)',
  messageHint: 'For example: "Thank you for standing with us. Any amount helps."',
  invite: 'Invite contributions',
  inviting: 'Making the link…',
  invited: 'Your contribution link is ready to share',
  linkLabel: 'Contribution link',
  whatsapp: 'Share on WhatsApp',
  sms: 'Share by SMS',
  copy: 'Copy link',
  copied: 'Link copied',
  close: 'Close the link',
  closeConfirm: 'Close this contribution link? Relatives who open it will see that contributions are closed.',
  closed: 'Contribution link closed',
  closedNote: 'The link is closed: nobody can contribute through it.',
  settledNote: 'Nothing is due any more: the link has closed by itself.',
  expiredNote: 'The link closed 30 days after the funeral.',
  openAgain: 'Make a new link',
  listTitle: 'Received',
  none: 'No contributions yet.',
  thank: 'Say thank you',
  thanked: 'Thanked',
  thankSent: 'Thank-you message sent',
  loadFailed: 'Failed to load contributions',
  failed: 'Could not make the contribution link',
  anonymousNote: '(asked to stay anonymous to others)',
  shareText: (name: string, url: string, message: string | null) =>
    `${message ? `${message}\n\n` : ''}Contributions towards the funeral of ${name} can be made by M-Pesa here: ${url}`,
} as const
const T = CONTRIBUTIONS_TEXT

const loadMachine = createPollMachine<BookingContributions>(60_000, T.loadFailed)

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gridTemplateColumns: '1fr auto', gap: tokens.spacingVerticalXXS, paddingBlock: tokens.spacingVerticalXS, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  words: { gridColumn: '1 / -1', whiteSpace: 'pre-wrap' },
})

/** The family's harambee on its booking: the link to share, and who has given. */
export function ContributionsCard({ booking, deceased }: { booking: Booking; deceased: string }) {
  const styles = useStyles()
  const machine = useMemo(() => loadMachine.provide({ actors: { load: fromPromise(() => bookingContributions(booking.id)) } }), [booking.id])
  const actor = useActorRef(machine, { input: {} })
  useNotifications(actor)
  const data = useSelector(actor, (s) => s.context.data)
  const reload = () => actor.send({ type: 'refresh' })
  const [message, setMessage] = useState('')
  const invite = useSubmission((words: string) => inviteContributions(booking.id, words), { successMessage: T.invited, failureMessage: T.failed })
  const close = useSubmission(() => closeContributionLink(booking.id), { successMessage: T.closed, failureMessage: 'Failed to close the link' })
  const thank = useSubmission((id: string) => thankContributor(booking.id, id), { successMessage: T.thankSent, failureMessage: 'Failed to send the thank-you' })
  useEffect(() => {
    if (invite.succeeded || close.succeeded || thank.succeeded) reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invite.succeeded, close.succeeded, thank.succeeded, invite.result, thank.result])

  if (data === null) return null
  const link = data.link
  const open = link?.status === 'open'
  const url = link ? contributionUrl(link.token) : ''
  const share = link ? T.shareText(deceased, url, link.message) : ''

  return (
    <Card className={styles.card} id="booking-contributions">
      <Subtitle2 as="h2">{T.title}</Subtitle2>
      <Text block>{T.intro}</Text>
      {open ? (
        <>
          <Field label={T.linkLabel}>
            <Input value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          </Field>
          {link.message && <Text className={styles.words}>{`“${link.message}”`}</Text>}
          <div className={styles.row}>
            <Button as="a" appearance="primary" href={`https://wa.me/?text=${encodeURIComponent(share)}`} target="_blank" rel="noopener noreferrer">
              {T.whatsapp}
            </Button>
            <Button as="a" href={`sms:?&body=${encodeURIComponent(share)}`}>
              {T.sms}
            </Button>
            <Button
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => showNotification({ type: 'notify', level: 'success', message: T.copied }))
                  .catch(() => undefined)
              }
            >
              {T.copy}
            </Button>
            <Button appearance="subtle" disabled={close.busy} onClick={() => window.confirm(T.closeConfirm) && close.submit(undefined)}>
              {T.close}
            </Button>
          </div>
        </>
      ) : (
        <>
          {link && (
            <MessageBar intent="info">
              <MessageBarBody>{link.status === 'settled' ? T.settledNote : link.status === 'expired' ? T.expiredNote : T.closedNote}</MessageBarBody>
            </MessageBar>
          )}
          {booking.status !== 'cancelled' && booking.payment_status !== 'paid' && booking.payment_status !== 'refunded' && link?.status !== 'expired' && (
            <form
              onSubmit={(e) => {
                e.preventDefault()
                invite.submit(message)
              }}
            >
              <Field label={T.messageLabel} hint={T.messageHint}>
                <Textarea value={message} onChange={(_, d) => setMessage(d.value)} maxLength={FAMILY_MESSAGE_MAX} resize="vertical" />
              </Field>
              <div className={styles.row} style={{ marginTop: tokens.spacingVerticalS }}>
                <Button type="submit" appearance="primary" disabled={invite.busy} icon={invite.busy ? <Spinner size="tiny" /> : undefined}>
                  {invite.busy ? T.inviting : link ? T.openAgain : T.invite}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      <Text weight="semibold">{T.listTitle}</Text>
      {data.contributions.length === 0 ? (
        <Text block className={styles.muted}>{T.none}</Text>
      ) : (
        <ul className={styles.list} aria-label={T.listTitle}>
          {data.contributions.map((c) => (
            <li key={c.id} className={styles.item}>
              <Text weight="semibold">
                {c.name || WELL_WISHER} {c.anonymous && <Caption1 className={styles.muted}>{T.anonymousNote}</Caption1>}
              </Text>
              <Text>{formatKsh(c.amount)}</Text>
              <Caption1 className={styles.muted}>{`${formatDateTime(c.at)}${c.phone ? ` · ${c.phone}` : ''}${c.receipt ? ` · ${c.receipt}` : ''}`}</Caption1>
              {c.thanked ? (
                <Caption1 className={styles.muted}>{T.thanked}</Caption1>
              ) : (
                <Link as="button" onClick={() => thank.submit(c.id)} disabled={thank.busy}>
                  {T.thank}
                </Link>
              )}
              {c.message && <Text className={styles.words}>{`“${c.message}”`}</Text>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
