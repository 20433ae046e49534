import {
  Body1,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { BookAdd20Regular, DocumentText20Regular, Payment20Regular } from '@fluentui/react-icons'
import { Trans, useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { useSession } from '../../../app/session'
import { EmptyArt } from '../../../components/empty-art'
import { LoadProblem } from '../../../components/load-problem'
import { PageHeader } from '../../../components/page-header'
import { Panel } from '../../../components/panel'
import { RouterButtonLink, RouterLink } from '../../../components/router-link'
import { BookingBadges } from '../../../components/status-badge'
import { formatDate, formatKsh } from '../../../lib/format'
import { deceasedName, serviceNames, useMyBookings } from '../my-bookings'
import { isNewFamily, recentBookings } from './dashboard-counts'
import { familyNextSteps, paymentStatusNow } from '../../../../shared/urgency'
import { NextStepsList, UrgentBanner } from '../next-steps'

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  sectionHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalS },
  recent: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  recentItem: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':first-child': { paddingTop: 0 },
    ':last-child': { borderBottom: 'none', paddingBottom: 0 },
  },
  recentName: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
  start: { gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL, maxWidth: '640px' },
  startButton: { alignSelf: 'flex-start' },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  // Room for what arrives with the bookings (urgent banners, the steps, the list): at least the
  // screen's height, so the links below start under the fold and stay there when it comes.
  waiting: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minHeight: '100vh' },
  stepRows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
})

/** The steps and the recent bookings while the bookings load, shaped like them. */
function WaitingForBookings() {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <div className={styles.waiting}>
      <section aria-labelledby="next-steps">
        <Subtitle2 as="h2" id="next-steps" className={styles.sectionHead}>
          <Trans>What to do next</Trans>
        </Subtitle2>
        <Panel>
          <Skeleton aria-label={t`Loading what to do next`} className={styles.stepRows}>
            {[0, 1, 2].map((i) => (
              <SkeletonItem key={i} size={24} />
            ))}
          </Skeleton>
        </Panel>
      </section>
      <section aria-labelledby="recent-bookings">
        <Subtitle2 as="h2" id="recent-bookings" className={styles.sectionHead}>
          <Trans>Recent bookings</Trans>
        </Subtitle2>
        <Panel>
          <Skeleton aria-label={t`Loading bookings`} className={styles.stepRows}>
            {[0, 1].map((i) => (
              <SkeletonItem key={i} size={64} />
            ))}
          </Skeleton>
        </Panel>
      </section>
    </div>
  )
}

/**
 * The family's home: a red banner for each service within 48 hours that cannot go ahead, then what to
 * do next (each a link; these replace SPEC.md's four counters, which said how many but not what or
 * where), the 5 most recent bookings, links onward.
 */
export function ClientDashboardPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { user } = useSession()
  const { bookings, slow, loaded, error, retry } = useMyBookings({ saidInPlace: true })
  const name = user?.name?.trim()
  const recent = recentBookings(bookings)
  const now = new Date()
  // What needs the family now, most urgent first (the rule the attendant's "Needs attention" uses).
  const steps = familyNextSteps(bookings, now)
  const urgent = steps.flatMap((s) => (s.kind === 'urgent' ? [s] : []))

  // A family with nothing booked yet is new here: one clear way on, not four zeros.
  if (loaded && !error && bookings.length === 0) {
    return (
      <div className={styles.layout}>
        <PageHeader title={name ? t`Welcome, ${name}` : t`Welcome`} subtitle={t`We are here to help you, one step at a time.`} />
        <Panel className={styles.start} aria-labelledby="first-step">
          <EmptyArt name="candle" />
          <Subtitle2 as="h2" id="first-step">
            <Trans>Start by booking a service</Trans>
          </Subtitle2>
          <Body1>
            <Trans>
              Choose the services you need, tell us about your loved one and pick a date. You can upload documents and pay by M-Pesa
              afterwards. What you enter is kept until you confirm.
            </Trans>
          </Body1>
          <RouterButtonLink to={paths.client.bookService} appearance="primary" size="large" icon={<BookAdd20Regular />} className={styles.startButton}>
            <Trans>Book a service</Trans>
          </RouterButtonLink>
        </Panel>
      </div>
    )
  }

  return (
    <div className={styles.layout}>
      <PageHeader
        title={!name ? t`Welcome to your Dashboard` : isNewFamily(user?.created_at, now) ? t`Welcome, ${name}` : t`Welcome back, ${name}`}
        subtitle={t`What needs you first, then your bookings.`}
      />
      <LoadProblem error={error} slow={slow} hasData={bookings.length > 0} onRetry={retry} />
      {!loaded && !slow && !error && bookings.length === 0 ? (
        <WaitingForBookings />
      ) : (
        <>
          {urgent.map((step) => (
            <UrgentBanner key={step.booking.id} step={step} now={now} />
          ))}
          {/* No list until the bookings are known: a failed load says so above, never "nothing to do". */}
          {loaded && (
            <section aria-labelledby="next-steps">
              <Subtitle2 as="h2" id="next-steps" className={styles.sectionHead}>
                <Trans>What to do next</Trans>
              </Subtitle2>
              <Panel>
                <NextStepsList steps={steps} label={t`What to do next`} />
              </Panel>
            </section>
          )}

          {/* Nothing known yet and nothing coming: said once, above; no empty section that reads as "nothing booked". */}
          {(error || slow) && bookings.length === 0 ? null : (
          <section aria-labelledby="recent-bookings">
            <div className={styles.sectionHead}>
              <Subtitle2 as="h2" id="recent-bookings">
                <Trans>Recent bookings</Trans>
              </Subtitle2>
              {bookings.length > 0 && <RouterLink to={paths.client.bookings}>{t`View all bookings`}</RouterLink>}
            </div>
            <Panel>
              {loaded && recent.length === 0 ? (
                <Body1>
                  <Trans>No bookings available</Trans>
                </Body1>
              ) : (
                <ul className={styles.recent} aria-label={t`Recent bookings`}>
                  {recent.map((b) => (
                    <li key={b.id} className={styles.recentItem}>
                      <RouterLink to={paths.client.booking(b.id)} className={styles.recentName}>
                        {deceasedName(b)}
                      </RouterLink>
                      <Text weight="semibold">{formatKsh(b.total_amount)}</Text>
                      <BookingBadges status={b.status} paymentStatus={paymentStatusNow(b)} />
                      <Text size={200} className={styles.muted}>
                        {formatDate(b.created_at)}
                      </Text>
                      <Text size={200} className={styles.muted} style={{ gridColumn: '1 / -1' }}>
                        {serviceNames(b)}
                      </Text>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </section>
          )}
        </>
      )}

      <section aria-labelledby="quick-links">
        <Subtitle2 as="h2" id="quick-links" className={styles.sectionHead}>
          <Trans>What would you like to do?</Trans>
        </Subtitle2>
        <div className={styles.links}>
          <RouterButtonLink to={paths.client.bookService} appearance="primary" icon={<BookAdd20Regular />}>
            <Trans>Book Service</Trans>
          </RouterButtonLink>
          <RouterButtonLink to={paths.client.documents} icon={<DocumentText20Regular />}>
            <Trans>Documents</Trans>
          </RouterButtonLink>
          <RouterButtonLink to={paths.client.payments} icon={<Payment20Regular />}>
            <Trans>Payments</Trans>
          </RouterButtonLink>
        </div>
      </section>
    </div>
  )
}
