import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useMachine } from '@xstate/react'
import {
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowCounterclockwise20Regular } from '@fluentui/react-icons'
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss'
import { draftTotal, isDraftEmpty } from '../../../../machines/booking/booking-schemas'
import { savedWizard, stepOf, type DraftChanges } from '../../../../machines/booking/booking-wizard.machine'
import { paths } from '../../../app/paths'
import { useSession } from '../../../app/session'
import { useNotifications } from '../../../app/use-notifications'
import { PageHeader } from '../../../components/page-header'
import { nairobiDay } from '../../../../shared/dates'
import { DeceasedDetailsStep } from './deceased-details-step'
import { clearDraft, loadDraft, saveDraft } from './draft-storage'
import { SERVICES_FAILED, liveBookingWizard, liveServices } from './live-machines'
import { ReviewStep } from './review-step'
import { ScheduleStep } from './schedule-step'
import { SelectServicesStep } from './select-services-step'
import { StepHeading, WizardProgress } from './wizard-parts'
import { Trans, useLingui } from '@lingui/react/macro'

// The agreement's dialog (and its machine) loads once the booking is made.
const AgreementDialog = lazy(() => import('../../documents/agreement-dialog').then((m) => ({ default: m.AgreementDialog })))

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL, '@media (max-width: 640px)': { padding: tokens.spacingHorizontalM } },
})

/** The family's booking: four steps driven by the wizard machine; the draft is kept on this device. */
export function BookServicePage() {
  const styles = useStyles()
  const { t } = useLingui()
  const navigate = useNavigate()
  const { user } = useSession()
  const userId = user?.id ?? 'anonymous'
  const [restored] = useState(() => loadDraft(userId))

  const [services, sendServices, servicesRef] = useMachine(liveServices, { input: { failureMessage: t(SERVICES_FAILED) } })
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
        actions={!isDraftEmpty(draft) && !busy ? <DiscardDraft onConfirm={discard} /> : undefined}
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
      <Card className={styles.card}>
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
      </Card>
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

/** "Start over": clears the draft after asking, since it cannot be undone. */
function DiscardDraft({ onConfirm }: { onConfirm: () => void }) {
  return (
    <Dialog modalType="alert">
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="secondary" icon={<ArrowCounterclockwise20Regular />}>
          <Trans>Start over</Trans>
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Trans>Discard this draft?</Trans>
          </DialogTitle>
          <DialogContent>
            <Trans>The services, details and date you have entered will be cleared. This cannot be undone.</Trans>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">
                <Trans>Keep my draft</Trans>
              </Button>
            </DialogTrigger>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" onClick={onConfirm}>
                <Trans>Discard draft</Trans>
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
