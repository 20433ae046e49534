import { Badge, CounterBadge, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { ThreadSummary } from '../../../shared/contracts/messages'
import { Link } from 'react-router-dom'
import { MESSAGES_TEXT } from './messages-words'
import { useLingui } from '@lingui/react'
import { translated } from '../../lib/i18n'
import { WELCOME_MESSAGE } from '../../../shared/contracts/messages'
import { formatDayTime } from '../../lib/format'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  title: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  preview: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground2 },
  urgent: { marginRight: tokens.spacingHorizontalXS, verticalAlign: 'text-bottom' },
  // Read by screen readers, not shown: the badge says it to the eye.
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
})


/** The conversations, urgent then unread first (the server's order), each a link to itself. */
export function ThreadList({ threads, currentId, hrefOf, staff }: { threads: ThreadSummary[]; currentId?: string; hrefOf: (id: string) => string; staff: boolean }) {
  useLingui()
  const styles = useStyles()
  return (
    <ul className={styles.list} aria-label={MESSAGES_TEXT.threadsLabel}>
      {threads.map((t) => {
        const heading = t.booking_id === null ? `${t.title} · ${MESSAGES_TEXT.fromWebsite}` : staff ? t.title : MESSAGES_TEXT.inMemoryOf(t.title)
        return (
          <li key={t.id}>
            <Link
              to={hrefOf(t.id)}
              className={mergeClasses(styles.item, t.id === currentId && styles.current)}
              aria-current={t.id === currentId ? 'page' : undefined}
            >
              <Text weight={t.unread ? 'bold' : 'semibold'} className={styles.title}>
                {t.urgent && (
                  <Badge appearance="filled" color="danger" size="small" className={styles.urgent}>
                    {MESSAGES_TEXT.urgent}
                  </Badge>
                )}
                {heading}
              </Text>
              {t.unread > 0 ? (
                <span>
                  <CounterBadge count={t.unread} color="danger" size="small" aria-hidden />
                  <span className={styles.hidden}>{`, ${MESSAGES_TEXT.unread(t.unread)}`}</span>
                </span>
              ) : (
                <span />
              )}
              {staff && (t.family_name || t.booking_id !== null) && (
                <Text size={200} className={styles.meta}>
                  {[t.family_name, t.booking_id === null ? null : MESSAGES_TEXT.bookingNumber(t.booking_id)].filter(Boolean).join(' · ')}
                </Text>
              )}
              {t.last_message && (
                <Text size={200} className={styles.preview}>
                  {`${formatDayTime(t.last_message.created_at)}: ${t.last_message.body === WELCOME_MESSAGE ? translated(WELCOME_MESSAGE) : t.last_message.body}`}
                </Text>
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
