import { useEffect, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Button, Caption1, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { Panel } from '../../../components/panel'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { bookingContributions, closeContributionLink, contributionUrl, inviteContributions, thankContributor } from '../../../api/contributions'
import { FAMILY_MESSAGE_MAX, WELL_WISHER, type BookingContributions } from '../../../../shared/contracts/contributions'
import type { Booking } from '../../../../shared/contracts/bookings'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { copyLink } from './copy-link'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { isPayableNow } from '../../../../shared/urgency'

/** The card's words, shown with t() in the language in use. */
export const CONTRIBUTIONS_TEXT = {
  title: msg`Contributions (harambee)`,
  intro: msg`Relatives and friends can pay towards this funeral from their own phones, by M-Pesa, through a link you share. Each contribution is counted on this booking.`,
  messageLabel: msg`A message for those you invite (optional)`,
  messageHint: msg`For example: "Thank you for standing with us. Any amount helps."`,
  invite: msg`Invite contributions`,
  inviting: msg`Making the link…`,
  invited: msg`Your contribution link is ready to share`,
  linkLabel: msg`Contribution link`,
  whatsapp: msg`Share on WhatsApp`,
  sms: msg`Share by SMS`,
  copy: msg`Copy link`,
  copied: msg`Link copied`,
  copyByHand: msg`Select the link above and copy it.`,
  close: msg`Close the link`,
  closeConfirm: msg`Close this contribution link? Relatives who open it will see that contributions are closed.`,
  closed: msg`Contribution link closed`,
  closedNote: msg`The link is closed: nobody can contribute through it.`,
  settledNote: msg`Nothing is due any more: the link has closed by itself.`,
  expiredNote: msg`The link closed 30 days after the funeral.`,
  openAgain: msg`Make a new link`,
  // Money received, not a body (the custody and preparation 'Received'): its own Kiswahili.
  listTitle: msg({ message: 'Received', context: 'contributions' }),
  none: msg`No contributions yet.`,
  thank: msg`Say thank you`,
  thanked: msg`Thanked`,
  thankSent: msg`Thank-you message sent`,
  loadFailed: msg`Failed to load contributions`,
  failed: msg`Could not make the contribution link`,
  anonymousNote: msg`(asked to stay anonymous to others)`,
  /** After the family's own message, when they wrote one. */
  shareText: (name: string, url: string) => msg`Contributions towards the funeral of ${name} can be made by M-Pesa here: ${url}`,
} as const
const T = CONTRIBUTIONS_TEXT


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
  const { t } = useLingui()
  // Made once per booking; its failure toast in the language in use when the card appears.
  const machine = useMemo(
    () => createPollMachine<BookingContributions>(60_000, i18n._(T.loadFailed)).provide({ actors: { load: fromPromise(() => bookingContributions(booking.id)) } }),
    [booking.id],
  )
  const actor = useActorRef(machine, { input: {} })
  useNotifications(actor)
  const data = useSelector(actor, (s) => s.context.data)
  const reload = () => actor.send({ type: 'refresh' })
  const [message, setMessage] = useState('')
  const linkInput = useRef<HTMLInputElement>(null)
  const copy = (url: string) => copyLink(url, linkInput.current, { copied: t(T.copied), copyByHand: t(T.copyByHand) })
  const invite = useSubmission((words: string) => inviteContributions(booking.id, words), { successMessage: t(T.invited), failureMessage: t(T.failed) })
  const close = useSubmission(() => closeContributionLink(booking.id), { successMessage: t(T.closed), failureMessage: t`Failed to close the link` })
  const thank = useSubmission((id: string) => thankContributor(booking.id, id), { successMessage: t(T.thankSent), failureMessage: t`Failed to send the thank-you` })
  useEffect(() => {
    if (invite.succeeded || close.succeeded || thank.succeeded) reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invite.succeeded, close.succeeded, thank.succeeded, invite.result, thank.result])

  if (data === null) return null
  const link = data.link
  // Whatever the payment status says: a booking marked paid whose body stayed longer than booked still owes.
  const mayInvite = isPayableNow(booking) && link?.status !== 'expired'
  // A booking paid or cancelled before any harambee has nothing to show here.
  if (!link && data.contributions.length === 0 && !mayInvite) return null
  const open = link?.status === 'open'
  const url = link ? contributionUrl(link.token) : ''
  const share = link ? `${link.message ? `${link.message}\n\n` : ''}${t(T.shareText(deceased, url))}` : ''

  return (
    <Panel className={styles.card} id="booking-contributions">
      <Subtitle2 as="h2">{t(T.title)}</Subtitle2>
      <Text block>{t(T.intro)}</Text>
      {open ? (
        <>
          <Field label={t(T.linkLabel)}>
            <Input ref={linkInput} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          </Field>
          {link.message && <Text className={styles.words}>{`“${link.message}”`}</Text>}
          <div className={styles.row}>
            <Button as="a" appearance="primary" href={`https://wa.me/?text=${encodeURIComponent(share)}`} target="_blank" rel="noopener noreferrer">
              {t(T.whatsapp)}
            </Button>
            <Button as="a" href={`sms:?&body=${encodeURIComponent(share)}`}>
              {t(T.sms)}
            </Button>
            <Button onClick={() => copy(url)}>{t(T.copy)}</Button>
            <Button appearance="subtle" disabled={close.busy} onClick={() => window.confirm(t(T.closeConfirm)) && close.submit(undefined)}>
              {t(T.close)}
            </Button>
          </div>
        </>
      ) : (
        <>
          {link && (
            <MessageBar intent="info">
              <MessageBarBody>{t(link.status === 'settled' ? T.settledNote : link.status === 'expired' ? T.expiredNote : T.closedNote)}</MessageBarBody>
            </MessageBar>
          )}
          {mayInvite && (
            <form
              onSubmit={(e) => {
                e.preventDefault()
                invite.submit(message)
              }}
            >
              <Field label={t(T.messageLabel)} hint={t(T.messageHint)}>
                <Textarea value={message} onChange={(_, d) => setMessage(d.value)} maxLength={FAMILY_MESSAGE_MAX} resize="vertical" />
              </Field>
              <div className={styles.row} style={{ marginTop: tokens.spacingVerticalS }}>
                <Button type="submit" appearance="primary" disabled={invite.busy} icon={invite.busy ? <Spinner size="tiny" /> : undefined}>
                  {t(invite.busy ? T.inviting : link ? T.openAgain : T.invite)}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      <Text weight="semibold">{t(T.listTitle)}</Text>
      {data.contributions.length === 0 ? (
        <Text block className={styles.muted}>{t(T.none)}</Text>
      ) : (
        <ul className={styles.list} aria-label={t(T.listTitle)}>
          {data.contributions.map((c) => (
            <li key={c.id} className={styles.item}>
              <Text weight="semibold">
                {c.name || WELL_WISHER} {c.anonymous && <Caption1 className={styles.muted}>{t(T.anonymousNote)}</Caption1>}
              </Text>
              <Text>{formatKsh(c.amount)}</Text>
              <Caption1 className={styles.muted}>{`${formatDateTime(c.at)}${c.phone ? ` · ${c.phone}` : ''}${c.receipt ? ` · ${c.receipt}` : ''}`}</Caption1>
              {c.thanked ? (
                <Caption1 className={styles.muted}>{t(T.thanked)}</Caption1>
              ) : (
                <Link as="button" onClick={() => thank.submit(c.id)} disabled={thank.busy}>
                  {t(T.thank)}
                </Link>
              )}
              {c.message && <Text className={styles.words}>{`“${c.message}”`}</Text>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
