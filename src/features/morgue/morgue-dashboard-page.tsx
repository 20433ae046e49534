import { useMemo } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { Alert24Regular, Bed24Regular, ClipboardTask24Regular, VehicleTruckProfile24Regular } from '@fluentui/react-icons'
import { paths } from '../../app/paths'
import { DashboardCounter } from '../../components/dashboard-counter'
import { PageHeader } from '../../components/page-header'
import { RouterButtonLink } from '../../components/router-link'
import { CaseloadFrame } from './caseload-parts'
import { caseloadCounts } from './caseload'
import { MORGUE_TEXT } from './morgue-text'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  counters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
    '@media (max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
})

/** The morgue dashboard (SPEC.md section 2): its four cards, computed from the attendant's own bookings. */
export function MorgueDashboardPage() {
  const styles = useStyles()
  const { bookings, loading, error, reload } = useCaseload()
  const counts = useMemo(() => caseloadCounts(bookings, new Date()), [bookings])
  const busy = loading && bookings.length === 0
  return (
    <>
      <PageHeader title={MORGUE_TEXT.dashboardTitle} subtitle={MORGUE_TEXT.dashboardSubtitle} />
      <CaseloadFrame loading={false} error={error} empty={false} emptyText="" onRetry={reload}>
        <div className={styles.counters}>
          <DashboardCounter label={MORGUE_TEXT.bodiesInStorage} value={counts.bodiesInStorage} icon={<Bed24Regular />} loading={busy} />
          <DashboardCounter label={MORGUE_TEXT.pendingTasks} value={counts.pendingTasks} icon={<ClipboardTask24Regular />} loading={busy} />
          <DashboardCounter label={MORGUE_TEXT.scheduledTransfers} value={counts.scheduledTransfers} icon={<VehicleTruckProfile24Regular />} loading={busy} />
          <DashboardCounter label={MORGUE_TEXT.storageAlerts} value={counts.storageAlerts} icon={<Alert24Regular />} loading={busy} alert={counts.storageAlerts > 0} />
        </div>
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
