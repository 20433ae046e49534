import { useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
  Subtitle2,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import type { Booking } from '../../../shared/contracts/bookings'
import { compareIso } from '../../../shared/dates'
import { PageHeader } from '../../components/page-header'
import { StatusBadge } from '../../components/status-badge'
import { formatDateTime } from '../../lib/format'
import { deceasedName, destinationOf, isScheduledTransfer, isServiceToday, pickupOf, serviceAt, usualPickupOf } from './caseload'
import { CaseloadFrame, FamilyContact } from './caseload-parts'
import { MORGUE_TEXT, TRANSPORT_LABELS } from './morgue-words'
import { useCaseload } from './use-caseload'
import { FactList } from '../../components/fact-list'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  today: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  head: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
})

/** Where the body is collected, where it goes, and whom to call. */
function Route({ booking }: { booking: Booking }) {
  useLingui()
  const rows: Array<[string, ReactNode]> = [
    [MORGUE_TEXT.pickup, pickupOf(booking)],
    [MORGUE_TEXT.destination, destinationOf(booking) ?? MORGUE_TEXT.noDestination],
    [MORGUE_TEXT.family, <FamilyContact key="family" name={booking.client_name ?? ''} phone={booking.morgue?.client_phone ?? ''} />],
  ]
  return <FactList rows={rows} />
}

/** Transport: the transfers to the service, soonest first, today's highlighted; pickup and destination; departed, then delivered. */
export function TransportPage() {
  const styles = useStyles()
  // Re-render on a change of language: the words below are read in the language in use.
  useLingui()
  const caseload = useCaseload()
  const now = new Date()
  const transfers = caseload.bookings
    .filter((b) => isScheduledTransfer(b, now))
    .sort((a, b) => compareIso(serviceAt(a) ?? '', serviceAt(b) ?? ''))
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null)
  // What was last sent per body: if the server refused it (the toast says why), reopening shows it again.
  const [sent, setSent] = useState<Record<string, string>>({})
  const edited = editing && caseload.bookings.find((b) => b.id === editing.id)

  return (
    <>
      <PageHeader title={MORGUE_TEXT.transportTitle} subtitle={MORGUE_TEXT.transportSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={transfers.length === 0} emptyText={MORGUE_TEXT.noTransfers} onRetry={caseload.reload}>
        <ul className={styles.list} aria-label={MORGUE_TEXT.scheduledTransfers}>
          {transfers.map((b) => {
            const status = b.morgue?.transport_status ?? 'scheduled'
            const today = isServiceToday(b, now)
            const name = deceasedName(b)
            const released = !!b.morgue?.released_at
            return (
              <li key={b.id}>
                <Card className={mergeClasses(styles.card, today && styles.today)} aria-label={MORGUE_TEXT.transferOf(name)} role="group">
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
                  <Route booking={b} />
                  <Text className={styles.muted}>{b.services.map((s) => s.service_name).join(', ')}</Text>
                  {b.notes && <Text className={styles.muted}>{b.notes}</Text>}
                  {!released && status === 'scheduled' && <Text className={styles.muted}>{MORGUE_TEXT.mustReleaseFirst}</Text>}
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
                    {status === 'scheduled' && (
                      <Button onClick={() => setEditing({ id: b.id, value: sent[b.id] ?? b.morgue?.pickup_location ?? '' })} aria-label={`${MORGUE_TEXT.changePickup}: ${name}`}>
                        {MORGUE_TEXT.changePickup}
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      </CaseloadFrame>
      <Dialog open={editing !== null} onOpenChange={(_, d) => !d.open && setEditing(null)}>
        <DialogSurface>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              if (!editing) return
              setSent({ ...sent, [editing.id]: editing.value })
              caseload.setPickup(editing.id, editing.value)
              setEditing(null)
            }}
          >
            <DialogBody>
              <DialogTitle>{edited ? `${MORGUE_TEXT.changePickup}: ${deceasedName(edited)}` : MORGUE_TEXT.changePickup}</DialogTitle>
              <DialogContent>
                {/* A text area: directions fit, and Fluent's Input is not split into a chunk of its own that /register would load. */}
                <Field label={MORGUE_TEXT.pickupField} hint={MORGUE_TEXT.pickupHint}>
                  <Textarea resize="vertical" rows={2} value={editing?.value ?? ''} maxLength={100} placeholder={edited ? usualPickupOf(edited) : ''} onChange={(_, d) => editing && setEditing({ ...editing, value: d.value })} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button type="submit" appearance="primary" disabled={caseload.saving}>
                  {MORGUE_TEXT.save}
                </Button>
                <Button onClick={() => setEditing(null)}>{MORGUE_TEXT.cancel}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  )
}
