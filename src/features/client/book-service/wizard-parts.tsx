import { forwardRef, type ReactNode } from 'react'
import { Button, Spinner, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components'
import { ArrowLeft20Regular, ArrowRight20Regular, Checkmark16Filled } from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { STEPS, type StepId, type StepIndex } from '../../../../machines/booking/booking-schemas'

export const useWizardStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  intro: { color: tokens.colorNeutralForeground2, margin: 0 },
  // Scrolled to on a new step: it stops below the portal's sticky top bar, not under it.
  heading: { ...typographyStyles.title3, margin: 0, outlineStyle: 'none', scrollMarginTop: '72px' },
  nav: {
    display: 'flex',
    flexWrap: 'wrap-reverse',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  navSpacer: { flexGrow: 1 },
  navButton: { '@media (max-width: 480px)': { flexGrow: 1 } },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    border: 0,
  },
})

const useProgressStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
    minWidth: 0,
    '@media (max-width: 640px)': { flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  },
  itemDone: { borderTopColor: tokens.colorBrandStroke1, color: tokens.colorNeutralForeground2 },
  itemCurrent: { borderTopColor: tokens.colorBrandStroke1, color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  circle: {
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '24px',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    fontSize: tokens.fontSizeBase200,
  },
  circleActive: {
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandBackground}`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  // Wraps rather than cuts: some step names are longer in Kiswahili ("Maelezo ya Marehemu").
  label: {
    minWidth: 0,
    overflowWrap: 'anywhere',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  // On a phone the full names give way to one short word each (read in full by screen readers).
  // Drawn from an attribute, so the step's text (and what screen readers read) stays its full name.
  short: {
    display: 'none',
    '@media (max-width: 640px)': {
      display: 'block',
      fontSize: tokens.fontSizeBase200,
      lineHeight: tokens.lineHeightBase200,
      whiteSpace: 'nowrap',
      '::before': { content: 'attr(data-short)' },
    },
  },
  labelPhone: {
    '@media (max-width: 640px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
})

/** The steps' names as shown (SPEC.md's words), by step, in the language in use. */
const STEP_TITLES: Record<StepId, MessageDescriptor> = {
  selectServices: msg`Select Services`,
  deceasedDetails: msg`About your loved one`,
  scheduleService: msg`Schedule Service`,
  review: msg`Review & Confirm`,
}

/** The steps' names where a phone has room for one word each. */
const SHORT_TITLES: Record<StepId, MessageDescriptor> = {
  selectServices: msg`Services`,
  deceasedDetails: msg`Details`,
  scheduleService: msg`Schedule`,
  review: msg`Review`,
}

/** Where the family is: a list of the four steps, done ones ticked, the current one marked. */
export function WizardProgress({ step }: { step: StepIndex }) {
  const styles = useProgressStyles()
  const { t } = useLingui()
  const hidden = useWizardStyles().visuallyHidden
  return (
    <nav aria-label={t`Booking steps`}>
      <ol className={styles.list}>
        {STEPS.map((s, i) => {
          const done = i < step
          const current = i === step
          return (
            <li
              key={s.id}
              aria-current={current ? 'step' : undefined}
              className={mergeClasses(styles.item, done && styles.itemDone, current && styles.itemCurrent)}
            >
              <span className={mergeClasses(styles.circle, (done || current) && styles.circleActive)} aria-hidden="true">
                {done ? <Checkmark16Filled /> : i + 1}
              </span>
              <span className={styles.short} aria-hidden="true" data-short={t(SHORT_TITLES[s.id])} />
              <span className={mergeClasses(styles.label, styles.labelPhone)}>
                {t(STEP_TITLES[s.id])}
                {done && (
                  <span className={hidden}>
                    {' '}
                    <Trans>(done)</Trans>
                  </span>
                )}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** "Step 2 of 4 · About your loved one": the step's heading, focused when the step changes. */
export const StepHeading = forwardRef<HTMLHeadingElement, { step: StepIndex }>(function StepHeading({ step }, ref) {
  const styles = useWizardStyles()
  const { t } = useLingui()
  const number = step + 1
  const count = STEPS.length
  const title = t(STEP_TITLES[STEPS[step].id])
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.heading}>
      {t`Step ${number} of ${count} · ${title}`}
    </h2>
  )
})

/** Back (from step 2 on) and the step's primary action (Continue, or Confirm Booking on the review). */
export function WizardNav({
  onBack,
  primary,
  busy = false,
  busyLabel,
  onPrimary,
  extra,
}: {
  onBack?: () => void
  primary?: string
  busy?: boolean
  busyLabel?: string
  /** When given the primary button is a plain button; otherwise it submits the step's form. */
  onPrimary?: () => void
  extra?: ReactNode
}) {
  const styles = useWizardStyles()
  const { t } = useLingui()
  const label = primary ?? t`Continue`
  return (
    <div className={styles.nav}>
      {onBack ? (
        <Button className={styles.navButton} icon={<ArrowLeft20Regular />} onClick={onBack} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
      ) : (
        <span className={styles.navSpacer} />
      )}
      {extra}
      <Button
        className={styles.navButton}
        type={onPrimary ? 'button' : 'submit'}
        appearance="primary"
        size="large"
        icon={busy ? <Spinner size="tiny" /> : onPrimary ? undefined : <ArrowRight20Regular />}
        iconPosition="after"
        disabled={busy}
        onClick={onPrimary}
      >
        {busy ? (busyLabel ?? label) : label}
      </Button>
    </div>
  )
}
