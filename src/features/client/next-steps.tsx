import { Body1, Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components'
// Per-icon entries: icons from the barrel are pooled into a chunk the sign-in pages load.
import { Call20Regular } from '@fluentui/react-icons/svg/call'
import { ChevronRight20Regular } from '@fluentui/react-icons/svg/chevron-right'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../shared/contracts/bookings'
import { addDays, nairobiDay } from '../../../shared/dates'
import type { NextStep, PaperToDo } from '../../../shared/urgency'
import { paths } from '../../app/paths'
import { RouterButtonLink, RouterLink } from '../../components/router-link'
import { CONTACT } from '../../lib/contact'
import { formatDateTime, formatKsh } from '../../lib/format'
import { documentTypeName } from '../documents/document-words'
import { deceasedName } from './my-bookings'

const useStyles = makeStyles({
  banner: { alignItems: 'flex-start' },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingBlock: tokens.spacingVerticalXS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
  },
  chevron: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
})

/** Where the booking's papers are uploaded: its page, at the list of what is left to do. */
export const uploadPath = (b: Booking) => paths.client.booking(b.id)

/** "tomorrow at 09:00", "today at 14:30", else "on 12 May 2026, 09:00" (Nairobi time). */
function useWhen() {
  const { t } = useLingui()
  return (at: string, now: Date) => {
    const day = at.slice(0, 10)
    const time = at.slice(11, 16)
    const today = nairobiDay(now)
    if (day === today) return t`today at ${time}`
    if (day === addDays(today, 1)) return t`tomorrow at ${time}`
    const date = formatDateTime(at)
    return t`on ${date}`
  }
}

function usePaperLine() {
  const { t } = useLingui()
  const line = (p: PaperToDo) => {
    const paper = t(documentTypeName(p.type)).toLowerCase()
    // The reviewer's own full stop is the sentence's.
    const note = p.note?.replace(/[.!?\s]+$/, '')
    if (p.state === 'pending') return t`We are still checking the ${paper} you sent.`
    if (p.state === 'rejected') return note ? t`The ${paper} you sent could not be accepted: ${note}.` : t`The ${paper} you sent could not be accepted.`
    return t`We do not have the ${paper} yet.`
  }
  // Kiswahili starts some of these with the paper's name: a sentence starts with a capital.
  return (p: PaperToDo) => {
    const text = line(p)
    return text.charAt(0).toUpperCase() + text.slice(1)
  }
}

/** The home's phone as a button that dials it. */
export function CallButton({ appearance = 'secondary' }: { appearance?: 'primary' | 'secondary' }) {
  const { t } = useLingui()
  const phone = CONTACT.phoneDisplay
  return (
    <Button as="a" href={CONTACT.phoneHref} appearance={appearance} icon={<Call20Regular />}>
      {t`Call ${phone}`}
    </Button>
  )
}

/**
 * A service within 48 hours that cannot go ahead: what cannot happen, why, and the two ways out
 * (upload now, or call). Red, at the top of the dashboard and of the booking.
 */
export function UrgentBanner({ step, now, onBookingPage = false }: { step: Extract<NextStep, { kind: 'urgent' }>; now: Date; onBookingPage?: boolean }) {
  const styles = useStyles()
  const { t } = useLingui()
  const when = useWhen()(step.at, now)
  const paperLine = usePaperLine()
  const name = deceasedName(step.booking)
  const canUpload = step.papers.some((p) => p.state !== 'pending')
  return (
    <MessageBar intent="error" layout="multiline" className={styles.banner} role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t`The service for ${name} ${when} cannot go ahead yet`}</MessageBarTitle>
        <span className={styles.lines}>
          {step.papers.map((p) => (
            <Body1 key={p.type} block>
              {paperLine(p)}
            </Body1>
          ))}
          <Body1 block>{canUpload ? t`Upload it now, or call us and we will help.` : t`Call us to make sure it is ready in time.`}</Body1>
        </span>
      </MessageBarBody>
      <MessageBarActions>
        <span className={styles.actions}>
          {canUpload && !onBookingPage && (
            <RouterButtonLink to={uploadPath(step.booking)} appearance="primary">
              {t`Upload now`}
            </RouterButtonLink>
          )}
          <CallButton appearance={canUpload && !onBookingPage ? 'secondary' : 'primary'} />
        </span>
      </MessageBarActions>
    </MessageBar>
  )
}

/** The family's next steps (not the urgent ones, which have their banner), each a link to where it is done. */
export function NextStepsList({ steps, label }: { steps: readonly NextStep[]; label: string }) {
  const styles = useStyles()
  const { t } = useLingui()
  const text = (s: NextStep): { to: string; words: string } | null => {
    const name = deceasedName(s.booking)
    switch (s.kind) {
      case 'upload': {
        const papers = s.papers.map((p) => t(documentTypeName(p.type)).toLowerCase()).join(t` and `)
        return { to: uploadPath(s.booking), words: t`Upload the ${papers} for ${name}` }
      }
      case 'pay': {
        const amount = formatKsh(s.amount)
        return { to: `${paths.client.payments}?pay=${encodeURIComponent(s.booking.id)}`, words: t`Pay ${amount} for ${name}` }
      }
      case 'news':
        return { to: paths.client.booking(s.booking.id), words: t`News about the booking for ${name}` }
      default:
        return null
    }
  }
  const items = steps.map((s) => ({ s, link: text(s) })).filter((x): x is { s: NextStep; link: { to: string; words: string } } => x.link !== null)
  if (items.length === 0) {
    return <Body1>{t`Nothing for you to do now. We will call you if anything changes.`}</Body1>
  }
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map(({ s, link }) => (
        <li key={`${s.kind}-${s.booking.id}`} className={styles.item}>
          <RouterLink to={link.to}>{link.words}</RouterLink>
          <ChevronRight20Regular aria-hidden className={styles.chevron} />
        </li>
      ))}
    </ul>
  )
}
