import { useId, type ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import { Body1, Card, CounterBadge, Subtitle1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Alert24Regular } from '@fluentui/react-icons/svg/alert'
import { Bed24Regular } from '@fluentui/react-icons/svg/bed'
import { ClipboardTask24Regular } from '@fluentui/react-icons/svg/clipboard-task'
import { VehicleTruckProfile24Regular } from '@fluentui/react-icons/svg/vehicle-truck-profile'
import type { Booking } from '../../../shared/contracts/bookings'
import { paths } from '../../app/paths'
import { casePath } from './case-path'
import { DashboardCounter } from '../../components/dashboard-counter'
import { PageHeader } from '../../components/page-header'
import { RouterButtonLink, RouterLink } from '../../components/router-link'
import { formatDateTime } from '../../lib/format'
import { CaseloadFrame, FamilyContact } from './caseload-parts'
import {
  blockedReleases,
  caseloadCounts,
  deceasedName,
  destinationOf,
  overduePreparation,
  permitRejection,
  pickupOf,
  serviceAt,
  servicesSoon,
  transfersToday,
} from './caseload'
import { MORGUE_TEXT, TASK_LABELS, TRANSPORT_LABELS, URGENT_TEXT } from './morgue-words'
import { useCaseload } from './use-caseload'
import { MyDay } from './my-day'

const useStyles = makeStyles({
  urgent: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  panel: { gap: tokens.spacingVerticalS },
  panelHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  panelTitle: { margin: 0 },
  items: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  sectionTitle: { display: 'block', marginBottom: tokens.spacingVerticalS },
  counters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
    '@media (max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
})

interface UrgentItem {
  booking: Booking
  lines: ReactNode[]
}

/** One kind of urgent work: its title, how many, and each case as a link with what is wrong. */
function UrgentPanel({ title, items, empty }: { title: string; items: UrgentItem[]; empty: string }) {
  const styles = useStyles()
  const id = useId()
  return (
    <Card className={styles.panel} role="region" aria-labelledby={id}>
      <div className={styles.panelHead}>
        <Subtitle2 as="h3" id={id} className={styles.panelTitle}>
          {title}
        </Subtitle2>
        <CounterBadge count={items.length} showZero appearance={items.length ? 'filled' : 'ghost'} color={items.length ? 'danger' : 'informative'} aria-hidden="true" />
      </div>
      {items.length === 0 ? (
        <Body1 className={styles.muted}>{empty}</Body1>
      ) : (
        <ul className={styles.items}>
          {items.map(({ booking, lines }) => (
            <li key={booking.id} className={styles.item}>
              <RouterLink to={casePath(booking.id)}>{deceasedName(booking)}</RouterLink>
              {lines.map((line, i) => (
                <Text key={i} size={200} className={i === 0 ? undefined : styles.muted}>
                  {line}
                </Text>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/**
 * The morgue dashboard: the attendant's day first (today's calendar events of their cases), then what is urgent (services in the next 48 hours, bodies that cannot be
 * released, late preparation, today's transfers), each case one tap away; then SPEC.md's four
 * cards, computed from the attendant's own bookings.
 */
export function MorgueDashboardPage() {
  const styles = useStyles()
  // Re-render on a change of language: the words below are read in the language in use.
  useLingui()
  const { bookings, loading, loaded, error, reload } = useCaseload()
  const now = new Date()
  const counts = caseloadCounts(bookings, now)
  const busy = loading && bookings.length === 0
  const family = (b: Booking) => <FamilyContact name={b.client_name ?? ''} phone={b.morgue?.client_phone ?? ''} />

  const urgent = {
    soon: servicesSoon(bookings, now).map((b) => ({ booking: b, lines: [formatDateTime(serviceAt(b)), destinationOf(b) ?? MORGUE_TEXT.noDestination] })),
    blocked: blockedReleases(bookings).map((b) => {
      const reason = permitRejection(b)
      const why = b.morgue?.burial_permit === 'rejected' ? (reason ? URGENT_TEXT.permitRejectedBecause(reason) : URGENT_TEXT.permitRejected) : URGENT_TEXT.permitMissing
      return { booking: b, lines: [why, family(b)] }
    }),
    late: overduePreparation(bookings, now).map(({ booking, steps }) => ({
      booking,
      lines: [URGENT_TEXT.late(steps.map((t) => TASK_LABELS[t]).join(', ')), URGENT_TEXT.service(formatDateTime(serviceAt(booking)) || URGENT_TEXT.notScheduled)],
    })),
    today: transfersToday(bookings, now).map((b) => ({
      booking: b,
      lines: [
        `${serviceAt(b)?.slice(11, 16) ?? ''}, ${TRANSPORT_LABELS[b.morgue?.transport_status ?? 'scheduled']}`,
        `${MORGUE_TEXT.pickup}: ${pickupOf(b)}`,
        `${MORGUE_TEXT.destination}: ${destinationOf(b) ?? MORGUE_TEXT.noDestination}`,
      ],
    })),
  }

  return (
    <>
      <PageHeader title={MORGUE_TEXT.dashboardTitle} subtitle={MORGUE_TEXT.dashboardSubtitle} />
      <MyDay bookings={bookings} loaded={loaded} now={now} />
      <CaseloadFrame loading={false} error={error} empty={false} emptyText="" onRetry={reload}>
        <section aria-labelledby="morgue-urgent">
          <Subtitle1 as="h2" id="morgue-urgent" className={styles.sectionTitle}>
            {URGENT_TEXT.title}
          </Subtitle1>
          {busy ? (
            <Body1 className={styles.muted}>{MORGUE_TEXT.loading}</Body1>
          ) : (
            <div className={styles.urgent}>
              <UrgentPanel title={URGENT_TEXT.soon} items={urgent.soon} empty={URGENT_TEXT.soonNone} />
              <UrgentPanel title={URGENT_TEXT.blocked} items={urgent.blocked} empty={URGENT_TEXT.blockedNone} />
              <UrgentPanel title={URGENT_TEXT.lateTitle} items={urgent.late} empty={URGENT_TEXT.lateNone} />
              <UrgentPanel title={URGENT_TEXT.today} items={urgent.today} empty={URGENT_TEXT.todayNone} />
            </div>
          )}
        </section>
        <section aria-labelledby="morgue-caseload">
          <Subtitle1 as="h2" id="morgue-caseload" className={styles.sectionTitle}>
            {URGENT_TEXT.caseload}
          </Subtitle1>
          <div className={styles.counters}>
            <DashboardCounter label={MORGUE_TEXT.bodiesInStorage} value={counts.bodiesInStorage} icon={<Bed24Regular />} loading={busy} />
            <DashboardCounter label={MORGUE_TEXT.pendingTasks} value={counts.pendingTasks} icon={<ClipboardTask24Regular />} loading={busy} />
            <DashboardCounter label={MORGUE_TEXT.scheduledTransfers} value={counts.scheduledTransfers} icon={<VehicleTruckProfile24Regular />} loading={busy} />
            <DashboardCounter label={MORGUE_TEXT.storageAlerts} value={counts.storageAlerts} icon={<Alert24Regular />} loading={busy} alert={counts.storageAlerts > 0} />
          </div>
        </section>
      </CaseloadFrame>
      <div className={styles.links}>
        <RouterButtonLink to={paths.morgue.bodies} appearance="primary">
          {MORGUE_TEXT.viewBodies}
        </RouterButtonLink>
        <RouterButtonLink to={paths.morgue.tasks}>{MORGUE_TEXT.viewTasks}</RouterButtonLink>
      </div>
    </>
  )
}
