import { useId } from 'react'
import { Badge, Body1, Caption1, Card, Link, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { RouterLink } from '../../../components/router-link'
import { BookingStatusBadge } from '../../../components/status-badge'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { documentTypeName } from '../../documents/document-words'
import type { AgendaItem, UrgentMessage } from '../../../../shared/contracts/admin'
import { AGENDA_TEXT as T, PAPER_STATE_WORDS } from './agenda-words'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    // Each card as tall as its list: a short "Needs attention" is not stretched to the week's length.
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  section: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS, minWidth: 0 },
  attention: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteRedBorder2}` },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    overflowWrap: 'anywhere',
    ':last-child': { borderBottom: 'none' },
  },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // The start of what they wrote: two lines at most.
  excerpt: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  gaps: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0 },
})

/** What one service lacks, each in words: the attendant, each paper, the preparation, the balance. */
function useGapWords() {
  const { t } = useLingui()
  return (item: AgendaItem): string[] => {
    const words: string[] = []
    for (const gap of item.gaps) {
      if (gap === 'attendant') words.push(t(T.noAttendant))
      else if (gap === 'preparation') words.push(t(T.preparation))
      else if (gap === 'payment') words.push(t(T.balance(formatKsh(item.balance_due))))
      else if (gap === 'agreement') words.push(t(T.notSigned))
    }
    for (const p of item.papers) {
      const say = PAPER_STATE_WORDS[p.state]
      if (say) words.push(t(say(t(documentTypeName(p.type)))))
    }
    return words
  }
}

function Head({ item }: { item: AgendaItem }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <>
      <div className={styles.line}>
        <RouterLink to={paths.admin.booking(item.booking_id)} aria-label={t(T.open(item.deceased_name))}>
          <Text weight="semibold">{item.deceased_name}</Text>
        </RouterLink>
        <BookingStatusBadge status={item.status} />
      </div>
      <Caption1 className={styles.muted}>
        <time dateTime={item.service_at}>{formatDateTime(item.service_at)}</time>
        {` · ${item.service_name}${item.venue ? ` · ${item.venue}` : ''}`}
      </Caption1>
    </>
  )
}

/** An urgent website message: who, when, their phone one tap away, and the start of what they wrote. */
function UrgentLine({ m }: { m: UrgentMessage }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <li className={styles.item}>
      <div className={styles.line}>
        <RouterLink to={`${paths.admin.messages}/${encodeURIComponent(m.thread_id)}`} aria-label={t(T.urgentOpen(m.name))}>
          <Text weight="semibold">{t(T.urgentFrom(m.name))}</Text>
        </RouterLink>
      </div>
      <Caption1 className={styles.muted}>
        <time dateTime={m.received_at}>{formatDateTime(m.received_at)}</time>
        {m.phone && (
          <>
            {' · '}
            <Link href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</Link>
          </>
        )}
      </Caption1>
      <Text size={200} className={styles.excerpt}>
        {m.message}
      </Text>
    </li>
  )
}

/**
 * "Needs attention" and "Upcoming services": the dashboard's lead, each line a link to its case
 * file; urgent website messages not yet answered come first, each a link to its conversation.
 */
export function Agenda({ attention, upcoming, urgent = [] }: { attention: AgendaItem[]; upcoming: AgendaItem[]; urgent?: UrgentMessage[] }) {
  const styles = useStyles()
  const { t } = useLingui()
  const gapWords = useGapWords()
  const attentionId = useId()
  const upcomingId = useId()
  const count = urgent.length + attention.length
  return (
    <div className={styles.grid}>
      <Card className={mergeClasses(styles.section, count > 0 && styles.attention)} role="region" aria-labelledby={attentionId}>
        <Subtitle2 as="h2" id={attentionId} className={styles.heading}>
          {t(T.attention)} {count > 0 && <Badge color="danger">{count}</Badge>}
        </Subtitle2>
        <Caption1 className={styles.muted}>{t(T.attentionHint)}</Caption1>
        {count === 0 ? (
          <Body1>{t(T.attentionEmpty)}</Body1>
        ) : (
          <ul className={styles.list}>
            {urgent.map((m) => (
              <UrgentLine key={`urgent-${m.thread_id}`} m={m} />
            ))}
            {attention.map((item) => (
              <li key={item.booking_id} className={styles.item}>
                <Head item={item} />
                <ul className={styles.gaps}>
                  {gapWords(item).map((w) => (
                    <li key={w}>
                      <Badge appearance="tint" color="danger" shape="rounded">
                        {w}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className={styles.section} role="region" aria-labelledby={upcomingId}>
        <Subtitle2 as="h2" id={upcomingId} className={styles.heading}>
          {t(T.upcoming)}
        </Subtitle2>
        <Caption1 className={styles.muted}>{t(T.upcomingHint)}</Caption1>
        {upcoming.length === 0 ? (
          <Body1>{t(T.upcomingEmpty)}</Body1>
        ) : (
          <ul className={styles.list}>
            {upcoming.map((item) => {
              const todo = gapWords(item).length
              return (
                <li key={item.booking_id} className={styles.item}>
                  <Head item={item} />
                  <div className={styles.line}>
                    <Caption1>{item.attendant_name ? t(T.attendant(item.attendant_name)) : t(T.noAttendant)}</Caption1>
                    <Badge appearance="tint" color={todo > 0 ? 'warning' : 'success'} shape="rounded">
                      {todo > 0 ? t(T.toDo(todo)) : t(T.ready)}
                    </Badge>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </Card>
    </div>
  )
}
