import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useMachine } from '@xstate/react'
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss'
import { draftTotal, isDraftEmpty } from '../../../../machines/booking/booking-schemas'
import { savedWizard, stepOf, type DraftChanges } from '../../../../machines/booking/booking-wizard.machine'
import { paths } from '../../../app/paths'
import { useSession } from '../../../app/session'
import { useNotifications } from '../../../app/use-notifications'
import { PageHeader } from '../../../components/page-header'
import { nairobiDay } from '../../../../shared/dates'
import { clearDraft, loadDraft, saveDraft } from './draft-storage'
import { SERVICES_FAILED, liveBookingWizard, liveServices } from './live-machines'
import { SelectServicesStep } from './select-services-step'
import { StepHeading, WizardProgress } from './wizard-parts'
import { Trans, useLingui } from '@lingui/react/macro'

// Only the first step comes with the page: on a slow line the family sees the services sooner. Each
// later step's code is fetched while the family fills in the one before it (PRELOAD below), and once
// it is here the step renders at once, without a pass through Suspense.
type Loaded<P> = { current?: ComponentType<P> }
function stepFromChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  const loaded: Loaded<P> = {}
  const fetch = () => load().then((component) => (loaded.current = component))
  const Lazy = lazy(() => fetch().then((component) => ({ default: component })))
  function Step(props: P) {
    const Ready = loaded.current
    return Ready ? <Ready {...props} /> : <Lazy {...props} />
  }
  return { Step, preload: () => void fetch().catch(() => undefined) }
}
const deceasedStep = stepFromChunk(() => import('./deceased-details-step').then((m) => m.DeceasedDetailsStep))
const scheduleStep = stepFromChunk(() => import('./schedule-step').then((m) => m.ScheduleStep))
const reviewStep = stepFromChunk(() => import('./review-step').then((m) => m.ReviewStep))
const DeceasedDetailsStep = deceasedStep.Step
const ScheduleStep = scheduleStep.Step
const ReviewStep = reviewStep.Step
const PRELOAD = [undefined, deceasedStep.preload, scheduleStep.preload, reviewStep.preload] as const

// "Start over" asks in a dialog; its code comes once there is a draft to discard.
const DiscardDraft = lazy(() => import('./discard-draft').then((m) => ({ default: m.DiscardDraft })))
const AgreementDialog = lazy(() => import('../../documents/agreement-dialog').then((m) => ({ default: m.AgreementDialog })))

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  // A plain surface drawn as Fluent's Card draws it: the Card component's code weighs ~14 KB gzip on a slow line.
  card: {
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalL,
    '@media (max-width: 640px)': { padding: tokens.spacingHorizontalM },
  },
})

/** The family's booking: four steps driven by the wizard machine; the draft is kept on this device. */
export function BookServicePage() {
  const styles = useStyles()
  const { t } = useLingui()
  const navigate = useNavigate()
  const { user } = useSession()
  const userId = user?.id ?? 'anonymous'
  const [restored] = useState(() => loadDraft(userId))

  const [services, sendServices, servicesRef] = useMachine(liveServices, { input: { failureMessage: SERVICES_FAILED } })
  const [snapshot, send, wizardRef] = useMachine(liveBookingWizard, { input: { restored } })

  // The machine stays pure: its messages become toasts and its draft is kept here, on this device.
  useNotifications(servicesRef)
  useNotifications(wizardRef)
  useEffect(() => {
    const sub = wizardRef.subscribe((s) => {
      const saved = savedWizard(s)
      if (saved) saveDraft(userId, saved)
      else clearDraft(userId)
    })
    return () => sub.unsubscribe()
  }, [wizardRef, userId])

  // Tell the wizard what is on offer, so a draft from an earlier visit drops withdrawn services.
  const servicesReady = services.matches('ready')
  const offered = services.context.items
  useEffect(() => {
    if (servicesReady) wizardRef.send({ type: 'wizard.servicesAvailable', serviceIds: offered.map((s) => s.id) })
  }, [servicesReady, offered, wizardRef])

  const booking = snapshot.status === 'done' ? snapshot.output : null
  useEffect(() => {
    if (booking) navigate(paths.client.booking(booking.id), { replace: true })
  }, [booking, navigate])

  const step = stepOf(snapshot)
  const { draft, error } = snapshot.context
  const today = nairobiDay()

  // Move the reader to the new step's heading (screen readers, and the top of the page on a phone).
  const heading = useRef<HTMLHeadingElement>(null)
  const previousStep = useRef(step)
  useEffect(() => {
    if (previousStep.current !== step) {
      heading.current?.focus()
      heading.current?.scrollIntoView?.({ block: 'start' })
    }
    previousStep.current = step
  }, [step])
  // The next step's code comes once the current step is on screen (for the first, once the services
  // are listed, so the list is not slowed down by it).
  const preloadReady = step > 0 || services.matches('ready')
  useEffect(() => {
    if (preloadReady) PRELOAD[step + 1]?.()
  }, [step, preloadReady])

  // A discard resets the forms too (they keep their own values while mounted).
  const [generation, setGeneration] = useState(0)
  const [restoredNoticeOpen, setRestoredNoticeOpen] = useState(true)
  const update = (changes: DraftChanges) => send({ type: 'wizard.update', changes })
  const next = (changes: DraftChanges) => {
    update(changes)
    send({ type: 'wizard.next' })
  }
  const back = () => send({ type: 'wizard.back' })
  const discard = () => {
    send({ type: 'wizard.discard' })
    setGeneration((g) => g + 1)
    setRestoredNoticeOpen(false)
  }

  const servicesState = {
    items: services.context.items,
    loading: services.hasTag('loading'),
    error: services.context.error,
    retry: () => sendServices({ type: 'collection.fetch' }),
  }
  const busy = snapshot.hasTag('loading')
  const key = `${generation}-${step}`
  // A family that has just registered arrives here signed in, and is greeted as new.
  const newFamily = (useLocation().state as { newFamily?: boolean } | null)?.newFamily === true
  const [welcomeOpen, setWelcomeOpen] = useState(true)
  const firstName = useSession().user?.name?.trim().split(/\s+/)[0] ?? ''

  return (
    <div className={styles.layout}>
      <PageHeader
        title={t`Book Service`}
        subtitle={t`Choose services, tell us about your loved one, pick a date and confirm.`}
        actions={
          !isDraftEmpty(draft) && !busy ? (
            <Suspense fallback={null}>
              <DiscardDraft onConfirm={discard} />
            </Suspense>
          ) : undefined
        }
      />
      {snapshot.context.restored && restoredNoticeOpen && (
        <MessageBar intent="info">
          <MessageBarBody>
            <Trans>We kept what you entered last time. You can carry on where you left off.</Trans>
          </MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t`Dismiss`} icon={<Dismiss20Regular />} onClick={() => setRestoredNoticeOpen(false)} />}
          />
        </MessageBar>
      )}
      {newFamily && welcomeOpen && (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>{firstName ? t`Welcome, ${firstName}.` : t`Welcome.`}</MessageBarTitle>
            <Trans>We are sorry for your loss. Take your time: what you enter here is kept on this device until you confirm.</Trans>
          </MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t`Dismiss`} icon={<Dismiss20Regular />} onClick={() => setWelcomeOpen(false)} />}
          />
        </MessageBar>
      )}
      <WizardProgress step={step} />
      <div className={styles.card}>
        <Suspense fallback={<Spinner size="small" label={t`Loading…`} />}>
          <StepHeading ref={heading} step={step} />
          {step === 0 && (
            <SelectServicesStep
              key={key}
              services={servicesState}
              values={draft.services}
              onChange={(services) => update({ services })}
              onContinue={(services) => next({ services })}
            />
          )}
          {step === 1 && (
            <DeceasedDetailsStep
              key={key}
              values={draft.deceased}
              today={today}
              onChange={(deceased) => update({ deceased })}
              onContinue={(deceased) => next({ deceased })}
              onBack={back}
            />
          )}
          {step === 2 && (
            <ScheduleStep
              key={key}
              values={draft.schedule}
              today={today}
              serviceIds={draft.services.serviceIds}
              onChange={(schedule) => update({ schedule })}
              onContinue={(schedule) => next({ schedule })}
              onBack={back}
            />
          )}
          {step === 3 && (
            <ReviewStep
              draft={draft}
              services={servicesState}
              total={draftTotal(draft.services.serviceIds, services.context.items, draft.services.days)}
              error={error}
              busy={busy}
              onBack={back}
              onEdit={(target) => send({ type: 'wizard.goTo', step: target })}
              onConfirm={() => send({ type: 'wizard.confirm' })}
            />
          )}
        </Suspense>
      </div>
      {snapshot.matches('signingAgreement') && snapshot.context.booking && (
        <Suspense fallback={null}>
          <AgreementDialog
            bookingId={String(snapshot.context.booking.id)}
            open
            justBooked
            onClose={() => send({ type: 'wizard.agreementClosed' })}
            onSigned={() => undefined}
          />
        </Suspense>
      )}
    </div>
  )
}
