import type { ReactNode } from 'react'
import {
  Body1,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Edit16Regular } from '@fluentui/react-icons'
import { DocumentPdf20Regular } from '@fluentui/react-icons/svg/document-pdf'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { serviceWords } from '../../../../shared/contracts/services'
import { daysOf, type BookingDraft } from '../../../../machines/booking/booking-schemas'
import { toQuotationRequest } from '../../../../machines/booking/booking-wizard.machine'
import { quoteDraft } from '../../../api/papers'
import { useSubmission } from '../../../app/use-notifying-machine'
import { saveBlob } from '../../documents/document-files'
import { formatDate, formatKsh } from '../../../lib/format'
import { translated } from '../../../lib/i18n'
import { GENDER_CHOICES } from './deceased-details-step'
import type { ServicesState } from './select-services-step'
import { WizardNav, useWizardStyles } from './wizard-parts'

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  sectionHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  list: { margin: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  term: { color: tokens.colorNeutralForeground2 },
  definition: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
  services: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  serviceLine: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  total: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
  },
  notes: { whiteSpace: 'pre-wrap' },
  quotation: { alignSelf: 'flex-start' },
})

function Section({ title, editLabel, onEdit, children }: { title: string; editLabel: string; onEdit: () => void; children: ReactNode }) {
  const styles = useStyles()
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <Subtitle2 as="h3">{title}</Subtitle2>
        <Button appearance="subtle" size="small" icon={<Edit16Regular />} onClick={onEdit} aria-label={editLabel}>
          <Trans>Edit</Trans>
        </Button>
      </div>
      {children}
    </section>
  )
}

function Details({ rows }: { rows: [string, ReactNode][] }) {
  const styles = useStyles()
  return (
    <dl className={styles.list}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.definition}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Step 4: everything chosen, the total, and Confirm Booking. A failure is shown here; nothing is lost. */
export function ReviewStep({
  draft,
  services,
  total,
  error,
  busy,
  onBack,
  onEdit,
  onConfirm,
}: {
  draft: BookingDraft
  services: ServicesState
  total: number
  error: string | null
  busy: boolean
  onBack: () => void
  onEdit: (step: 0 | 1 | 2) => void
  onConfirm: () => void
}) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const wizard = useWizardStyles()
  const chosen = services.items.filter((s) => draft.services.serviceIds.includes(s.id))
  // After a reload the review can show before the services have arrived: no half-made total meanwhile.
  const pricesKnown = chosen.length > 0 && !services.loading
  const d = draft.deceased
  const genderChoice = GENDER_CHOICES.find((g) => g.value === d.gender)
  const gender = genderChoice ? t(genderChoice.label) : t`Not specified`
  const daysText = (n: number) => plural(n, { one: '# day', other: '# days' })
  // The family may take the prices away before committing: built by the server from this draft, nothing booked.
  const quotation = useSubmission(
    async (lang: string) => saveBlob(await quoteDraft({ draft: toQuotationRequest(draft), lang }), 'quotation.pdf'),
    { failureMessage: t`Failed to download the quotation` },
  )

  return (
    <div className={wizard.form}>
      <Body1 as="p" className={wizard.intro}>
        <Trans>Please check the details below. Nothing is booked until you press Confirm Booking.</Trans>
      </Body1>
      <Section title={t`Services`} editLabel={t`Edit services`} onEdit={() => onEdit(0)}>
        {services.error && services.items.length === 0 ? (
          <MessageBar intent="error">
            <MessageBarBody>{services.error}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={services.retry}>
                <Trans>Retry</Trans>
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : services.loading && services.items.length === 0 ? (
          <Skeleton aria-label={t`Loading services`}>
            <SkeletonItem size={40} />
          </Skeleton>
        ) : (
          <ul className={styles.services}>
            {chosen.map((s) => (
              <li key={s.id} className={styles.serviceLine}>
                <Text>
                  {serviceWords(s, i18n.locale).name}
                  {s.per_day && ` · ${daysText(daysOf(draft.services, s.id))}`}
                </Text>
                <Text>{formatKsh(s.price * (s.per_day ? daysOf(draft.services, s.id) : 1))}</Text>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t`Deceased details`} editLabel={t`Edit deceased details`} onEdit={() => onEdit(1)}>
        <Details
          rows={[
            [t`Name`, `${d.firstName.trim()} ${d.lastName.trim()}`],
            [t`Date of death`, formatDate(d.dateOfDeath)],
            [t`Place of death`, d.placeOfDeath.trim()],
            [t`Gender`, gender],
            [t`Religion`, d.religion.trim() || t`Not specified`],
          ]}
        />
      </Section>
      <Section title={t`Service schedule`} editLabel={t`Edit service schedule`} onEdit={() => onEdit(2)}>
        <Details
          rows={[
            [t`Service date`, formatDate(draft.schedule.date)],
            [t`Service time`, draft.schedule.time],
            [t`Venue or burial place`, draft.schedule.venue?.trim() || t`Not decided yet`],
            [t`Special requests`, <span className={styles.notes}>{draft.schedule.specialRequests.trim() || t`None`}</span>],
          ]}
        />
      </Section>
      <div className={styles.total}>
        <span>
          <Trans>Total</Trans>
        </span>
        <span>{pricesKnown ? formatKsh(total) : '…'}</span>
      </div>
      <Button
        className={styles.quotation}
        icon={<DocumentPdf20Regular />}
        disabled={!pricesKnown || quotation.busy || busy}
        onClick={() => quotation.submit(i18n.locale === 'sw' ? 'sw' : 'en')}
      >
        {quotation.busy ? t`Preparing the quotation...` : t`Download a quotation (PDF)`}
      </Button>
      {/* The reason, once, beside the button it concerns, until the next try (no toast repeats it). */}
      {error && (
        <MessageBar intent="error" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>
              <Trans>Not booked yet.</Trans>
            </MessageBarTitle>
            <div>{translated(error)}</div>
            <Trans>Everything you entered is still here. You can try again, or go back and change the details.</Trans>
          </MessageBarBody>
        </MessageBar>
      )}
      <WizardNav onBack={onBack} primary={t`Confirm Booking`} busy={busy} busyLabel={t`Booking...`} onPrimary={onConfirm} />
    </div>
  )
}
