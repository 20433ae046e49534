import { Badge, Button, Card, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { Booking } from '../../api/contracts/bookings'
import { PageHeader } from '../../components/page-header'
import { StatusBadge } from '../../components/status-badge'
import { formatDateTime } from '../../lib/format'
import { deceasedName, isScheduledTransfer, isServiceToday, serviceAt } from './caseload'
import { CaseloadFrame } from './caseload-parts'
import { MORGUE_TEXT, TRANSPORT_LABELS } from './morgue-text'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  today: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  head: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
})

/** Where the service is: the booking's notes say it best (SPEC.md keeps no venue field). */
const placeOf = (b: Booking) => b.notes ?? 'Venue: see the booking notes with the office'

/** Transport: the transfers to the service, soonest first, today's highlighted; departed, then delivered. */
export function TransportPage() {
  const styles = useStyles()
  const caseload = useCaseload()
  const now = new Date()
  const transfers = caseload.bookings
    .filter((b) => isScheduledTransfer(b, now))
    .sort((a, b) => (serviceAt(a) ?? '').localeCompare(serviceAt(b) ?? ''))

  return (
    <>
      <PageHeader title={MORGUE_TEXT.transportTitle} subtitle={MORGUE_TEXT.transportSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={transfers.length === 0} emptyText={MORGUE_TEXT.noTransfers} onRetry={caseload.reload}>
        <ul className={styles.list} aria-label="Scheduled transfers">
          {transfers.map((b) => {
            const status = b.morgue?.transport_status ?? 'scheduled'
            const today = isServiceToday(b, now)
            const name = deceasedName(b)
            const released = !!b.morgue?.released_at
            return (
              <li key={b.id}>
                <Card className={mergeClasses(styles.card, today && styles.today)}>
                  <div className={styles.head}>
                    <Subtitle2 as="h2">{name}</Subtitle2>
                    <div className={styles.badges}>
                      {today && (
                        <Badge appearance="filled" color="brand" shape="rounded">
                          {MORGUE_TEXT.today}
                        </Badge>
                      )}
                      <StatusBadge color={status === 'scheduled' ? 'informative' : 'success'}>{TRANSPORT_LABELS[status]}</StatusBadge>
                    </div>
                  </div>
                  <Text weight="semibold">{formatDateTime(serviceAt(b))}</Text>
                  <Text className={styles.muted}>{placeOf(b)}</Text>
                  <Text className={styles.muted}>{b.services.map((s) => s.service_name).join(', ')}</Text>
                  {!released && status === 'scheduled' && <Text className={styles.muted}>The body must be released (burial permit approved) before it departs.</Text>}
                  <div className={styles.actions}>
                    {status === 'scheduled' && (
                      <Button appearance="primary" disabled={caseload.saving || !released} onClick={() => caseload.transport(b.id, 'departed')} aria-label={`${MORGUE_TEXT.markDeparted}: ${name}`}>
                        {MORGUE_TEXT.markDeparted}
                      </Button>
                    )}
                    {status === 'departed' && (
                      <Button appearance="primary" disabled={caseload.saving} onClick={() => caseload.transport(b.id, 'delivered')} aria-label={`${MORGUE_TEXT.markDelivered}: ${name}`}>
                        {MORGUE_TEXT.markDelivered}
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      </CaseloadFrame>
    </>
  )
}
