import { useEffect } from 'react'
import { useMachine } from '@xstate/react'
import { useLingui } from '@lingui/react'
import { Body1, Button, Card, MessageBar, MessageBarActions, MessageBarBody, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { Booking } from '../../../shared/contracts/bookings'
import { nairobiDay } from '../../../shared/dates'
import { RouterLink } from '../../components/router-link'
import { useSession } from '../../app/session'
import { formatClock, formatDayTime } from '../../lib/format'
import { casePath } from './case-path'
import { FamilyContact } from './caseload-parts'
import { deceasedName, myDay } from './caseload'
import { liveMyDay } from './live-my-day'
import { MORGUE_TEXT, MY_DAY_TEXT } from './morgue-words'

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalXL },
  title: { display: 'block', marginBottom: tokens.spacingVerticalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gridTemplateColumns: '7.5rem 1fr', gap: tokens.spacingHorizontalM, overflowWrap: 'anywhere', '@media (max-width: 480px)': { gridTemplateColumns: '1fr' } },
  time: { fontVariantNumeric: 'tabular-nums' },
  what: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground2 },
})

/** An event's hours in Nairobi; with its day when it does not start or end today (a trip from yesterday). */
function hours(start: string, end: string, today: string): string {
  const at = (iso: string) => (nairobiDay(new Date(iso)) === today ? formatClock(Date.parse(iso)) : formatDayTime(iso))
  return `${at(start)}–${at(end)}`
}

/**
 * "My day", first on the attendant's dashboard: today's events (Nairobi) of the cases assigned to
 * them, in order, each with its hours, what it is, where, the case and the family's phone.
 */
export function MyDay({ bookings, loaded, now }: { bookings: readonly Booking[]; loaded: boolean; now: Date }) {
  const styles = useStyles()
  useLingui()
  const today = nairobiDay(now)
  const [state, send] = useMachine(liveMyDay, { input: { failureMessage: MY_DAY_TEXT.failed, fetchOnStart: false } })
  useEffect(() => send({ type: 'collection.fetch', query: { day: today } }), [today, send])
  const me = useSession().user?.id ?? null
  const day = state.context.items[0]
  const items = day ? myDay(day.events, day.resources, bookings, me) : []
  return (
    <section aria-labelledby="morgue-my-day" className={styles.section}>
      <Subtitle1 as="h2" id="morgue-my-day" className={styles.title}>
        {MY_DAY_TEXT.title}
      </Subtitle1>
      <Card>
        {state.context.error ? (
          <MessageBar intent="error">
            <MessageBarBody>{MY_DAY_TEXT.failed}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => send({ type: 'collection.fetch' })}>{MORGUE_TEXT.retry}</Button>
            </MessageBarActions>
          </MessageBar>
        ) : !day || !loaded ? (
          <Body1 className={styles.muted}>{MORGUE_TEXT.loading}</Body1>
        ) : items.length === 0 ? (
          <Body1 className={styles.muted}>{MY_DAY_TEXT.none}</Body1>
        ) : (
          <ol className={styles.list} aria-label={MY_DAY_TEXT.title}>
            {items.map(({ event, booking, where }) => (
              <li key={event.id} className={styles.item}>
                <Text weight="semibold" className={styles.time}>
                  {hours(event.start, event.end, today)}
                </Text>
                <div className={styles.what}>
                  {/* Another's case (they are on it as staff, a driver's trip): its title, without the case. */}
                  {booking ? <RouterLink to={casePath(booking.id)}>{event.title}</RouterLink> : <Text>{event.title}</Text>}
                  {where ? <Text size={200}>{MY_DAY_TEXT.where(where)}</Text> : null}
                  {booking && event.title !== deceasedName(booking) ? <Text size={200}>{deceasedName(booking)}</Text> : null}
                  {booking?.morgue?.client_phone ? (
                    <Text size={200} className={styles.muted}>
                      {MY_DAY_TEXT.family}: <FamilyContact name={booking.client_name ?? ''} phone={booking.morgue.client_phone} />
                    </Text>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  )
}
