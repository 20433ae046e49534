import { useEffect, useState } from 'react'
import { useMachine } from '@xstate/react'
import {
  Badge,
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  ToggleButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { RouterLink } from '../../../components/router-link'
import { useMediaQuery } from '../../../components/use-media-query'
import { useNotifications } from '../../../app/use-notifications'
import { paths } from '../../../app/paths'
import { addDays, nairobiDay } from '../../../../shared/dates'
import { nairobiWallClock } from '../../../../shared/calendar'
import type { CalendarEvent, Resource } from '../../../../shared/contracts/calendar'
import { CALENDAR_FAILED, liveCalendar } from './live-calendar'
import { ResourcesPanel } from './resources-panel'
import { MoveEventDialog } from './move-event-dialog'
import { FeedPanel } from '../../calendar/feed-panel'

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  grid: { overflowX: 'auto' },
  cell: { verticalAlign: 'top', minWidth: '120px' },
  event: { display: 'flex', flexDirection: 'column', padding: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalXS, borderLeft: `3px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusSmall },
  agendaDay: { marginTop: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  move: { alignSelf: 'flex-start' },
  agendaList: { listStyleType: 'none', paddingLeft: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

const dayLabel = new Intl.DateTimeFormat('en-KE', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`))
/** 'HH:mm' in Nairobi and the Nairobi day of an instant. */
const clock = (iso: string) => nairobiWallClock(new Date(iso)).slice(11)
const dayOf = (iso: string) => nairobiWallClock(new Date(iso)).slice(0, 10)

/** Does the event hold part of this Nairobi day? */
const onDay = (e: CalendarEvent, day: string) => dayOf(e.start) <= day && day <= dayOf(new Date(Date.parse(e.end) - 1).toISOString())

function EventCard({ event, resources, onMove }: { event: CalendarEvent; resources: Resource[]; onMove: (event: CalendarEvent) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const held = resources.filter((r) => event.resource_ids.includes(r.id)).map((r) => r.name).join(', ')
  return (
    <div className={styles.event}>
      <Caption1>
        {clock(event.start)}–{clock(event.end)}
      </Caption1>
      {event.booking_id ? <RouterLink to={paths.admin.booking(event.booking_id)}>{event.title}</RouterLink> : <Body1>{event.title}</Body1>}
      {held ? <Caption1>{held}</Caption1> : null}
      {event.override_reason ? (
        <Badge appearance="tint" color="warning" title={event.override_reason}>
          {t`Booked over a clash`}
        </Badge>
      ) : null}
      <Button size="small" appearance="subtle" className={styles.move} aria-label={t`Move ${event.title}`} onClick={() => onMove(event)}>
        {t`Move`}
      </Button>
    </div>
  )
}

/** The home's calendar: day or week by resource on a laptop, an agenda on a phone; each event links to its case file. */
export function CalendarPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const wide = useMediaQuery('(min-width: 768px)')
  const [view, setView] = useState<'day' | 'week'>('week')
  const [from, setFrom] = useState(() => nairobiDay())
  const days = view === 'week' ? 7 : 1
  const [moving, setMoving] = useState<CalendarEvent | null>(null)
  const [state, send, ref] = useMachine(liveCalendar, { input: { failureMessage: CALENDAR_FAILED, fetchOnStart: false } })
  useNotifications(ref)
  useEffect(() => send({ type: 'collection.fetch', query: { from, days } }), [from, days, send])

  const range = state.context.items[0]
  const shown = Array.from({ length: days }, (_, i) => addDays(from, i))
  const resources = range?.resources ?? []
  const events = range?.events ?? []
  // A retired resource has a row only while it still holds something in the days shown.
  const rows = resources.filter((r) => !r.retired || events.some((e) => e.resource_ids.includes(r.id)))

  return (
    <>
      <PageHeader title={t`Calendar`} subtitle={t`Hearses and rooms, and what holds them`} />
      <div className={styles.toolbar} role="toolbar" aria-label={t`Calendar days`}>
        <Button onClick={() => setFrom(addDays(from, -days))}>{view === 'week' ? t`Previous week` : t`Previous day`}</Button>
        <Button onClick={() => setFrom(nairobiDay())}>{t`Today`}</Button>
        <Button onClick={() => setFrom(addDays(from, days))}>{view === 'week' ? t`Next week` : t`Next day`}</Button>
        <ToggleButton checked={view === 'day'} onClick={() => setView('day')}>{t`Day`}</ToggleButton>
        <ToggleButton checked={view === 'week'} onClick={() => setView('week')}>{t`Week`}</ToggleButton>
      </div>
      {state.matches('loading') && !range ? <Spinner label={t`Loading the calendar`} /> : null}
      {state.matches('failed') ? (
        <MessageBar intent="error">
          <MessageBarBody>{state.context.error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {range && wide ? (
        <div className={styles.grid}>
          <Table aria-label={t`Calendar by resource`} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t`Resource`}</TableHeaderCell>
                {shown.map((day) => (
                  <TableHeaderCell key={day}>{labelOf(day)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className={styles.cell}>{r.name}</TableCell>
                  {shown.map((day) => (
                    <TableCell key={day} className={styles.cell}>
                      {events
                        .filter((e) => e.resource_ids.includes(r.id) && onDay(e, day))
                        .map((e) => (
                          <EventCard key={e.id} event={e} resources={[]} onMove={setMoving} />
                        ))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {range && !wide ? (
        <section aria-label={t`Agenda`}>
          {shown.map((day) => {
            const today = events.filter((e) => onDay(e, day))
            return (
              <div key={day} className={styles.agendaDay}>
                <Subtitle2 as="h2">{labelOf(day)}</Subtitle2>
                {today.length === 0 ? (
                  <Body1>
                    <Trans>Nothing booked</Trans>
                  </Body1>
                ) : (
                  <ul className={styles.agendaList}>
                    {today.map((e) => (
                      <li key={e.id}>
                        <EventCard event={e} resources={resources} onMove={setMoving} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )
          })}
        </section>
      ) : null}
      {range ? <ResourcesPanel resources={resources} accounts={range.accounts} onSaved={() => send({ type: 'collection.fetch' })} /> : null}
      {range ? <FeedPanel /> : null}
      {moving ? (
        <MoveEventDialog
          event={moving}
          resources={resources}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null)
            send({ type: 'collection.fetch' })
          }}
        />
      ) : null}
    </>
  )
}
