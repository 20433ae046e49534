import { useEffect, useId, type ReactElement } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import {
  Body1,
  Button,
  Caption1,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowClockwise20Regular,
  CalendarLtr24Regular,
  ChartMultiple20Regular,
  DocumentCheckmark24Regular,
  DocumentText20Regular,
  Money24Regular,
  Payment24Regular,
  People20Regular,
  People24Regular,
  PersonAdd24Regular,
  Settings20Regular,
  TaskListLtr24Regular,
} from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { PageHeader } from '../../../components/page-header'
import { RouterButtonLink } from '../../../components/router-link'
import { formatDateTime, formatKsh } from '../../../lib/format'
import { intlLocale, isLocale } from '../../../lib/i18n'
import type { AdminStats, RecentActivity } from '../../../../shared/contracts/admin'
import { pendingText, relativeTime, trendPercent } from '../admin-words'
import { liveAdminDashboardMachine } from './live-dashboard'
import { Agenda } from './agenda'
import { useClientWords } from '../../documents/client-words'

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { gap: tokens.spacingVerticalXS, minWidth: 0 },
  cardHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground2 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  section: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
  },
  itemText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
})

const ACTIVITY_ICONS: Record<string, { icon: ReactElement; label: MessageDescriptor }> = {
  booking: { icon: <CalendarLtr24Regular />, label: msg`Booking` },
  payment: { icon: <Payment24Regular />, label: msg`Payment` },
  document: { icon: <DocumentCheckmark24Regular />, label: msg`Document` },
  user: { icon: <PersonAdd24Regular />, label: msg`User` },
}
const OTHER_ACTIVITY = { icon: <TaskListLtr24Regular />, label: msg`Activity` }

/** The admin dashboard (SPEC.md section 2): what needs attention and the week's services, stat cards, quick links, recent activity; refreshes every 5 minutes. */
export function AdminDashboardPage() {
  // The papers a service lacks are named in the family's catalogue, which the office's portal does not load.
  useClientWords()
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useActorRef(liveAdminDashboardMachine, {
    input: { hidden: typeof document !== 'undefined' && document.visibilityState === 'hidden' },
  })
  useNotifications(actor)
  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.visibilityState === 'hidden' ? 'visibility.hidden' : 'visibility.visible' })
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [actor])
  const data = useSelector(actor, (s) => s.context.data)
  const updatedAt = useSelector(actor, (s) => s.context.updatedAt)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const refresh = () => actor.send({ type: 'dashboard.refresh' })

  return (
    <div className={styles.layout}>
      <PageHeader
        title={t`Admin Dashboard`}
        subtitle={t`The funeral home at a glance. Updates every 5 minutes.`}
        actions={
          <div className={styles.toolbar}>
            <Caption1 className={styles.muted} aria-live="polite">
              {updatedAt ? t`Last updated ${formatDateTime(new Date(updatedAt).toISOString())}` : loading ? t`Loading…` : t`Not loaded yet`}
            </Caption1>
            <Button icon={<ArrowClockwise20Regular />} onClick={refresh} disabled={loading}>
              {loading ? t`Refreshing…` : t`Refresh`}
            </Button>
          </div>
        }
      />

      {error && (
        <MessageBar intent="error">
          <MessageBarBody>
            {data ? t`${error}. The figures below are from the last successful update.` : error}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={refresh}>{t`Try again`}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {!data && loading && <Spinner label={t`Loading dashboard…`} />}
      {/* What to act on leads; the counts follow. */}
      {data && <Agenda attention={data.attention} upcoming={data.upcoming} urgent={data.urgent} />}
      {data && <StatCards stats={data.stats} />}

      <nav aria-label={t`Quick links`} className={styles.links}>
        <RouterButtonLink to={paths.admin.reports} icon={<ChartMultiple20Regular />}>
          {t`Financial reports`}
        </RouterButtonLink>
        <RouterButtonLink to={paths.admin.settings} icon={<Settings20Regular />}>
          {t`Settings`}
        </RouterButtonLink>
        <RouterButtonLink to={paths.admin.users} icon={<People20Regular />}>
          {t`Manage users`}
        </RouterButtonLink>
        <RouterButtonLink to={paths.admin.documents} icon={<DocumentText20Regular />}>
          {t`Review documents`}
        </RouterButtonLink>
      </nav>

      {data && <Activity items={data.recentActivities} now={updatedAt ?? 0} />}
    </div>
  )
}

function Trend({ value }: { value: number }) {
  const styles = useStyles()
  const { t } = useLingui()
  const percent = trendPercent(value)
  return (
    <Caption1 className={value > 0 ? styles.up : value < 0 ? styles.down : styles.muted}>
      {percent === null ? t`No change` : t`${percent} on the 30 days before`}
    </Caption1>
  )
}

function StatCards({ stats }: { stats: AdminStats }) {
  const styles = useStyles()
  const { t } = useLingui()
  const cards: Array<{ label: string; value: string; icon: ReactElement; trend?: number; note?: string }> = [
    { label: t`Total users`, value: stats.totalUsers.toLocaleString('en-US'), icon: <People24Regular />, trend: stats.usersTrend },
    { label: t`Active bookings`, value: stats.activeBookings.toLocaleString('en-US'), icon: <TaskListLtr24Regular />, trend: stats.bookingsTrend },
    { label: t`Revenue, last 30 days`, value: formatKsh(stats.monthlyRevenue), icon: <Money24Regular />, trend: stats.revenueTrend },
    { label: t`Pending approvals`, value: t(pendingText(stats.pendingApprovals)), icon: <DocumentCheckmark24Regular />, note: t`Documents awaiting review` },
  ]
  return (
    <section aria-label={t`Statistics`} className={styles.cards}>
      {cards.map((c) => (
        <Card key={c.label} className={styles.card} role="group" aria-label={c.label}>
          <div className={styles.cardHead}>
            <Text>{c.label}</Text>
            <span className={styles.icon} aria-hidden>
              {c.icon}
            </span>
          </div>
          <Text className={styles.value}>{c.value}</Text>
          {c.trend !== undefined ? <Trend value={c.trend} /> : <Caption1 className={styles.muted}>{c.note}</Caption1>}
        </Card>
      ))}
    </section>
  )
}

function Activity({ items, now }: { items: RecentActivity[]; now: number }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const locale = intlLocale(isLocale(i18n.locale) ? i18n.locale : 'en')
  const justNow = t`just now`
  const headingId = useId()
  return (
    <Card className={styles.section} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t`Recent activity`}
      </Subtitle2>
      {items.length === 0 ? (
        <Body1 className={styles.muted}>{t`Nothing has happened yet.`}</Body1>
      ) : (
        <ul className={styles.list}>
          {items.map((a) => {
            const kind = ACTIVITY_ICONS[a.type] ?? OTHER_ACTIVITY
            return (
              <li key={a.id} className={styles.item}>
                <span className={styles.icon} role="img" aria-label={t(kind.label)}>
                  {kind.icon}
                </span>
                <div className={styles.itemText}>
                  <Body1>{a.message}</Body1>
                  <Caption1 className={styles.muted}>
                    <time dateTime={a.time} title={formatDateTime(a.time)}>
                      {relativeTime(a.time, now, locale, justNow)}
                    </time>
                  </Caption1>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
