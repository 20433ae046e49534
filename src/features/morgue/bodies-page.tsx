import { Suspense, lazy, useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import {
  Tab,
  TabList,
  Badge,
  Body1,
  Button,
  Card,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons/svg/dismiss'
import type { Booking } from '../../../shared/contracts/bookings'
import { PageHeader } from '../../components/page-header'
import { BookingStatusBadge, StatusBadge } from '../../components/status-badge'
import { useMediaQuery } from '../../components/use-media-query'
import { formatDate, formatDateTime } from '../../lib/format'
import {
  BODY_FILTERS,
  bodiesShown,
  byServiceDate,
  daysInCare,
  type BodyFilter,
  deceasedName,
  destinationOf,
  doneTasks,
  inStorage,
  permitRejection,
  pickupOf,
  serviceAt,
  storageAlert,
} from './caseload'
import { CaseloadFrame, FamilyContact, PermitBadge, permitOf } from './caseload-parts'
import { MORGUE_TEXT, PERMIT_MISSING_TEXT, TRANSPORT_LABELS } from './morgue-words'
import { CUSTODY_FORM_TEXT } from '../custody/custody-words'
import { casePath } from './case-path'
import { PREP_TASKS } from '../../../shared/contracts/morgue'
import { useCaseload } from './use-caseload'

// The chain of custody (its form, machine and API) loads when a case opens: the list of bodies does not wait for it.
const CustodySection = lazy(() => import('../custody/custody-section').then((m) => ({ default: m.CustodySection })))

const useStyles = makeStyles({
  // The filters wrap on a phone rather than widen the page (the Kiswahili names are longer).
  tabs: { flexWrap: 'wrap' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' },
  card: { gap: tokens.spacingVerticalS, height: '100%', boxSizing: 'border-box' },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  facts: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginTop: 'auto' },
  // The panel scrolls: its parts keep their height instead of being squeezed to fit (a squeezed button was cut in half).
  drawerBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL, '& > *': { flexShrink: 0 } },
})

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  const styles = useStyles()
  return (
    <dl className={styles.facts}>
      {/* Keyed by place, not by term: two English terms may share one translation. */}
      {rows.map(([term, value], i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  )
}

function summaryRows(b: Booking, now: Date): Array<[string, ReactNode]> {
  const days = daysInCare(b, now)
  return [
    [MORGUE_TEXT.dateOfDeath, formatDate(b.morgue?.date_of_death)],
    [MORGUE_TEXT.placeOfDeath, b.morgue?.place_of_death ?? ''],
    [MORGUE_TEXT.daysInCare, inStorage(b) ? MORGUE_TEXT.days(days) : b.morgue?.released_at ? MORGUE_TEXT.released : MORGUE_TEXT.notInCare],
    [MORGUE_TEXT.service, formatDateTime(serviceAt(b))],
    [MORGUE_TEXT.family, <FamilyContact key="family" name={b.client_name ?? ''} phone={b.morgue?.client_phone ?? ''} />],
  ]
}

/** Body management: the bookings assigned to the attendant, a detail panel each, release against the permit. */
export function BodiesPage() {
  const styles = useStyles()
  // Re-render on a change of language: the words below are read in the language in use.
  useLingui()
  const caseload = useCaseload()
  // The open case lives in the address, so the dashboard can link to it and Back closes it.
  const openId = useParams().bookingId ?? null
  const navigate = useNavigate()
  const base = useLocation().pathname.startsWith(paths.morgue.bodies) ? paths.morgue.bodies : paths.morgue.bodyManagement
  const setOpenId = (id: string | null) => navigate(id === null ? base : `${base}/${encodeURIComponent(id)}`)
  const isSmall = useMediaQuery('(max-width: 640px)')
  const now = new Date()
  const [filter, setFilter] = useState<BodyFilter>('active')
  // Pressing "Release to family" turns the custody form to the release (see CustodySection).
  const [releaseRequest, setReleaseRequest] = useState(0)
  const sorted = byServiceDate(bodiesShown(caseload.bookings, filter))
  const open = caseload.bookings.find((b) => b.id === openId) ?? null

  return (
    <>
      <PageHeader title={MORGUE_TEXT.bodiesTitle} subtitle={MORGUE_TEXT.bodiesSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={caseload.bookings.length === 0} emptyText={MORGUE_TEXT.noBodies} onRetry={caseload.reload}>
        <TabList className={styles.tabs} selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as BodyFilter)} aria-label={MORGUE_TEXT.bodyFilter}>
          {BODY_FILTERS.map((f) => (
            <Tab key={f} value={f}>
              {MORGUE_TEXT.bodyFilters[f]}
            </Tab>
          ))}
        </TabList>
        {sorted.length === 0 && <Body1>{MORGUE_TEXT.noBodiesInFilter}</Body1>}
        <ul className={styles.list} aria-label={MORGUE_TEXT.bodiesList}>
          {sorted.map((b) => {
            const alert = storageAlert(b, now)
            return (
              <li key={b.id}>
                <Card className={styles.card}>
                  <div className={styles.head}>
                    <Subtitle2 as="h2">{deceasedName(b)}</Subtitle2>
                    <BookingStatusBadge status={b.status} />
                  </div>
                  <div className={styles.badges}>
                    <PermitBadge status={permitOf(b)} />
                    {b.morgue?.released_at && (
                      <StatusBadge color="success">{MORGUE_TEXT.released}</StatusBadge>
                    )}
                    {alert && (
                      <Badge appearance="filled" color="danger" shape="rounded">
                        {alert}
                      </Badge>
                    )}
                  </div>
                  <Facts rows={summaryRows(b, now)} />
                  <div className={styles.actions}>
                    <Button onClick={() => setOpenId(b.id)} aria-label={`${MORGUE_TEXT.details}: ${deceasedName(b)}`}>
                      {MORGUE_TEXT.details}
                    </Button>
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      </CaseloadFrame>
      <OverlayDrawer position={isSmall ? 'bottom' : 'end'} size={isSmall ? 'full' : 'medium'} open={open !== null} onOpenChange={(_, d) => !d.open && setOpenId(null)}>
        {open && (
          <>
            <DrawerHeader>
              <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={MORGUE_TEXT.close} icon={<Dismiss24Regular />} onClick={() => setOpenId(null)} />}>
                {deceasedName(open)}
              </DrawerHeaderTitle>
            </DrawerHeader>
            <DrawerBody className={styles.drawerBody}>
              <div className={styles.badges}>
                <BookingStatusBadge status={open.status} />
                <PermitBadge status={permitOf(open)} />
              </div>
              <Facts
                rows={[
                  ...summaryRows(open, now),
                  [MORGUE_TEXT.booking, `#${open.id}`],
                  [MORGUE_TEXT.received, formatDateTime(open.morgue?.received_at ?? open.created_at)],
                  [MORGUE_TEXT.services, open.services.map((s) => s.service_name).join(', ')],
                  [MORGUE_TEXT.preparation, MORGUE_TEXT.tasksDone(doneTasks(open).length, PREP_TASKS.length)],
                  [MORGUE_TEXT.transport, TRANSPORT_LABELS[open.morgue?.transport_status ?? 'scheduled']],
                  [MORGUE_TEXT.pickup, pickupOf(open)],
                  [MORGUE_TEXT.destination, destinationOf(open) ?? MORGUE_TEXT.noDestination],
                  [MORGUE_TEXT.notes, open.notes ?? ''],
                ]}
              />
              <ReleaseSection booking={open} onRelease={() => setReleaseRequest((n) => n + 1)} />
              <Suspense fallback={<Text>{CUSTODY_FORM_TEXT.loadingSection}</Text>}>
                <CustodySection
                  key={open.id}
                  booking={open}
                  releaseRequest={releaseRequest}
                  onBookingChanged={caseload.replace}
                  recordPath={`${casePath(open.id)}/custody`}
                  tagPath={`${casePath(open.id)}/tag`}
                />
              </Suspense>
            </DrawerBody>
          </>
        )}
      </OverlayDrawer>
    </>
  )
}

/** Once a case is closed (completed or cancelled), nothing is left to release; said in whole sentences. */
function nothingToRelease(status: Booking['status']): string {
  return status === 'completed' || status === 'cancelled' ? MORGUE_TEXT.nothingToRelease[status] : MORGUE_TEXT.nothingToReleaseOther(status)
}

function ReleaseSection({ booking, onRelease }: { booking: Booking; onRelease: () => void }) {
  useLingui()
  const permit = permitOf(booking)
  if (booking.morgue?.released_at)
    return (
      <MessageBar intent="success">
        <MessageBarBody>{MORGUE_TEXT.releasedOn(formatDateTime(booking.morgue.released_at))}</MessageBarBody>
      </MessageBar>
    )
  if (!inStorage(booking)) return <Text>{nothingToRelease(booking.status)}</Text>
  if (permit !== 'approved')
    return (
      <>
        <MessageBar intent="warning">
          <MessageBarBody>
            {PERMIT_MISSING_TEXT[permit]}
            {permitRejection(booking) && <div>{`${MORGUE_TEXT.officeReason}: ${permitRejection(booking)}`}</div>}
          </MessageBarBody>
        </MessageBar>
        <Button appearance="primary" disabledFocusable>
          {MORGUE_TEXT.release}
        </Button>
      </>
    )
  return (
    <>
      <Body1>{MORGUE_TEXT.permitApproved}</Body1>
      <Body1>{CUSTODY_FORM_TEXT.releaseHere}</Body1>
      <Button appearance="primary" onClick={onRelease}>
        {MORGUE_TEXT.release}
      </Button>
    </>
  )
}
