import { useEffect, useState } from 'react'
import { Body1, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useSubmission } from '../../../app/use-notifying-machine'
import { DialogFooter } from '../../../components/dialog-footer'
import { moveEvent } from '../../../api/calendar'
import { nairobiWallClock } from '../../../../shared/calendar'
import { CALENDAR_LIMITS, type CalendarEvent, type ClashAnswer, type EventMoveRequest, type Resource } from '../../../../shared/contracts/calendar'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  clashes: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
})

const MOVE_FAILED = msg`Failed to move the event`

/** 'YYYY-MM-DDTHH:mm' in Nairobi, as the datetime field reads and the API takes it. */
const local = (iso: string) => nairobiWallClock(new Date(iso))
const when = (iso: string) => local(iso).replace('T', ' ')

/**
 * Moves an event: a new Nairobi start, length, and (for an event holding one resource) another of
 * the same kind. A clash is shown with what it clashes with; the admin may then move it anyway with
 * a reason, which is kept with the event.
 */
export function MoveEventDialog({ event, resources, onClose, onMoved }: { event: CalendarEvent; resources: Resource[]; onClose: () => void; onMoved: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const move = useSubmission((body: EventMoveRequest) => moveEvent(event.id, body), { failureMessage: t(MOVE_FAILED), onForm: true })
  const [start, setStart] = useState(local(event.start))
  const [minutes, setMinutes] = useState(String(Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000)))
  const held = event.resource_ids.length === 1 ? resources.find((r) => r.id === event.resource_ids[0]) : undefined
  const [resourceId, setResourceId] = useState(held?.id ?? '')
  const [reason, setReason] = useState('')
  const result = move.result
  // The clash shown is the answer to what is in the fields: changing them asks again, no reason needed.
  const asked = `${start}|${minutes}|${resourceId}`
  const [sent, setSent] = useState('')
  const refused = result && 'clashes' in result && sent === asked ? (result as ClashAnswer) : null
  const clashes = refused ? refused.clashes : null
  // Staff held outside their working hours are refused the same way, and overridden the same way.
  const offHours = refused?.off_hours ?? []

  useEffect(() => {
    if (result && 'event' in result) onMoved()
    // Once per answer: a saved move closes the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result])

  const body = (): EventMoveRequest => ({
    start,
    minutes: Number(minutes),
    ...(held && resourceId !== held.id ? { resource_ids: [Number(resourceId)] } : {}),
    ...(clashes && reason.trim() ? { override_reason: reason } : {}),
  })

  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            setSent(asked)
            move.submit(body())
          }}
        >
          <DialogBody>
            <DialogTitle>{t`Move ${event.title}`}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t`Starts (Nairobi time)`} required validationMessage={move.error ?? undefined}>
                <Input type="datetime-local" value={start} onChange={(_, d) => setStart(d.value)} />
              </Field>
              <Field label={t`Length in minutes`} required>
                <Input type="number" inputMode="numeric" value={minutes} min={CALENDAR_LIMITS.minMinutes} max={CALENDAR_LIMITS.maxMinutes} onChange={(_, d) => setMinutes(d.value)} />
              </Field>
              {held ? (
                <Field label={t`Resource`}>
                  <Select value={resourceId} onChange={(_, d) => setResourceId(d.value)}>
                    {resources
                      .filter((r) => r.kind === held.kind && (!r.retired || r.id === held.id))
                      .map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                  </Select>
                </Field>
              ) : null}
              {clashes ? (
                <>
                  <MessageBar intent="warning">
                    <MessageBarBody>
                      <MessageBarTitle>{t`This time clashes with`}</MessageBarTitle>
                      <ul className={styles.clashes}>
                        {clashes.map((c) => (
                          <li key={`${c.event_id}-${c.resource_id}`}>
                            {c.title}: {c.resource_name}, {when(c.start)}–{local(c.end).slice(11)}
                          </li>
                        ))}
                        {offHours.map((o) => (
                          <li key={`off-${o.resource_id}`}>{t`${o.resource_name} works ${o.from}–${o.to}`}</li>
                        ))}
                      </ul>
                    </MessageBarBody>
                  </MessageBar>
                  <Field label={t`Reason to book over the clash`} hint={t`Kept with the event`}>
                    <Textarea value={reason} maxLength={CALENDAR_LIMITS.reason} onChange={(_, d) => setReason(d.value)} />
                  </Field>
                </>
              ) : (
                <Body1>{t`Moved only if nothing else holds its resources then.`}</Body1>
              )}
            </DialogContent>
            <DialogFooter confirm={clashes ? t`Move anyway` : t`Move`} onCancel={onClose} busy={move.busy} confirmDisabled={Boolean(clashes) && !reason.trim()} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
