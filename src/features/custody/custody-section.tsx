import { useEffect, useRef, useState } from 'react'
import { useLingui } from '@lingui/react'
import { Button, Field, Input, MessageBar, MessageBarBody, Select, Subtitle2, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { Print20Regular } from '@fluentui/react-icons/svg/print'
import { QrCode20Regular } from '@fluentui/react-icons/svg/qr-code'
import type { Booking } from '../../../shared/contracts/bookings'
import { CUSTODY_LIMITS, RELEASE_SETTLEMENTS, checkCustody, type CustodyEvent, type CustodyKind, type ReleaseSettlement } from '../../../shared/contracts/custody'
import { amountDueNow, inCare } from '../../../shared/urgency'
import { formatKsh } from '../../lib/format'
import { RouterButtonLink } from '../../components/router-link'
import { translated } from '../../lib/i18n'
import { ColdRoomFullNotice } from './cold-room-full'
import { CustodyEventList, CustodyLoadState } from './custody-events'
import { CUSTODY_FORM_TEXT as T, CUSTODY_KIND_LABELS, CUSTODY_TEXT, SETTLEMENT_LABELS } from './custody-words'
import { useCustody } from './use-custody'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  row: { display: 'grid', gap: tokens.spacingHorizontalS, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))' },
  actions: { display: 'flex', justifyContent: 'flex-start' },
  error: { color: tokens.colorPaletteRedForeground1 },
})

/** What may be recorded next: the receipt first, then moves and preparation, and the release once the permit allows it. */
export function nextKinds(booking: Booking, events: readonly CustodyEvent[]): CustodyKind[] {
  if (!inCare(booking) || events.some((e) => e.kind === 'released')) return []
  if (!events.some((e) => e.kind === 'received')) return ['received']
  return booking.morgue?.burial_permit === 'approved' ? ['moved_to_storage', 'prepared', 'released'] : ['moved_to_storage', 'prepared']
}

const EMPTY = { location: '', receiver_name: '', receiver_id_number: '', receiver_relationship: '', settlement: '', settlement_reason: '' }

/**
 * The case's chain of custody: the movements so far, print links, and a compact form for the next
 * one, for the attendant's case panel and the admin's case file. `releaseRequest` grows when
 * "Release to family" is pressed: the form turns to the release and puts the cursor in the
 * receiver's name. `recordPath` and `tagPath` are the printable record and QR tag of the portal in
 * use (the admin's has no tag); `canOverride`: an admin may receive a body over a full cold room.
 */
export function CustodySection({
  booking,
  releaseRequest,
  onBookingChanged,
  recordPath,
  tagPath,
  canOverride = false,
}: {
  booking: Booking
  releaseRequest: number
  onBookingChanged: (b: Booking) => void
  recordPath: string
  tagPath?: string
  canOverride?: boolean
}) {
  const styles = useStyles()
  // Re-render on a change of language: the form's words are read in the language in use.
  useLingui()
  const custody = useCustody(booking.id, onBookingChanged)
  const events = custody.record?.events ?? []
  const kinds = nextKinds(booking, events)
  const [chosen, setChosen] = useState<CustodyKind | null>(null)
  const kind = chosen && kinds.includes(chosen) ? chosen : (kinds[0] ?? null)
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const nameRef = useRef<HTMLInputElement>(null)

  // A kept movement empties the form for the next one.
  useEffect(() => {
    if (custody.savedCount === 0) return
    setValues(EMPTY)
    setErrors({})
    setChosen(null)
  }, [custody.savedCount])

  const focusReceiver = useRef(false)
  useEffect(() => {
    if (releaseRequest === 0) return
    setChosen('released')
    focusReceiver.current = true
  }, [releaseRequest])
  // Once the receiver's fields are on screen (the render after the form turned to the release, which
  // a busy phone may not have done by the next frame), the cursor goes to the name.
  useEffect(() => {
    if (!focusReceiver.current || kind !== 'released' || !nameRef.current) return
    focusReceiver.current = false
    nameRef.current.scrollIntoView({ block: 'center' })
    nameRef.current.focus()
  })

  const set = (field: keyof typeof EMPTY) => (_: unknown, d: { value: string }) => {
    setValues((v) => ({ ...v, [field]: d.value }))
    setErrors((e) => {
      const { [field]: _gone, ...rest } = e
      return rest
    })
  }

  // Owed as the body would leave today: shown with the release, which asks how it is settled but never waits on it.
  const due = amountDueNow(booking)
  /** `overrideReason`: an admin's reason to receive a body over a full cold room. */
  const submit = (overrideReason?: string) => {
    if (!kind) return
    const { settlement, ...rest } = values
    const checked = checkCustody({ kind, ...rest, settlement: due > 0 && settlement ? (settlement as ReleaseSettlement) : null }, due)
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    custody.add(overrideReason ? { ...checked.input, override_reason: overrideReason } : checked.input)
  }

  return (
    <section className={styles.section} aria-labelledby="custody-title">
      <Subtitle2 as="h3" id="custody-title">
        {CUSTODY_TEXT.title}
      </Subtitle2>
      <div className={styles.links}>
        <RouterButtonLink to={recordPath} size="small" icon={<Print20Regular />}>
          {CUSTODY_TEXT.printRecord}
        </RouterButtonLink>
        {tagPath && (
          <RouterButtonLink to={tagPath} size="small" icon={<QrCode20Regular />}>
            {CUSTODY_TEXT.printTag}
          </RouterButtonLink>
        )}
      </div>
      <CustodyLoadState loading={custody.loading && !custody.record} slow={custody.slow} hasData={!!custody.record} error={custody.error} onRetry={custody.reload} />
      {custody.record && <CustodyEventList events={events} />}
      {/* The panel is modal: a toast sits behind it, hidden from screen readers, so the outcome is said here too. */}
      <Text role="status">{translated(custody.notice ?? '')}</Text>
      {custody.record && kind && (
        <form
          className={styles.form}
          aria-label={T.formLabel}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <Field label={T.kind}>
            <Select value={kind} onChange={(_, d) => setChosen(d.value as CustodyKind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {CUSTODY_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          {kind !== 'released' && (
            <Field
              label={kind === 'moved_to_storage' ? T.bay : T.place}
              required={kind === 'moved_to_storage'}
              validationMessage={errors.location && translated(errors.location)}
              hint={kind === 'moved_to_storage' ? T.bayHint : undefined}
            >
              <Input value={values.location} maxLength={CUSTODY_LIMITS.location} onChange={set('location')} />
            </Field>
          )}
          {kind === 'released' && (
            <>
              <Field label={T.receiverName} required validationMessage={errors.receiver_name && translated(errors.receiver_name)}>
                <Input ref={nameRef} value={values.receiver_name} maxLength={CUSTODY_LIMITS.receiverName} autoComplete="off" onChange={set('receiver_name')} />
              </Field>
              <div className={styles.row}>
                <Field label={T.receiverId} required validationMessage={errors.receiver_id_number && translated(errors.receiver_id_number)} hint={T.receiverIdHint}>
                  <Input value={values.receiver_id_number} maxLength={30} autoComplete="off" inputMode="text" onChange={set('receiver_id_number')} />
                </Field>
                <Field label={T.relationship} required validationMessage={errors.receiver_relationship && translated(errors.receiver_relationship)}>
                  <Input value={values.receiver_relationship} maxLength={CUSTODY_LIMITS.receiverRelationship} placeholder={T.relationshipPlaceholder} onChange={set('receiver_relationship')} />
                </Field>
              </div>
              {due > 0 && (
                <>
                  <MessageBar intent="warning" layout="multiline">
                    <MessageBarBody>{T.balanceDue(formatKsh(due))}</MessageBarBody>
                  </MessageBar>
                  <div className={styles.row}>
                    <Field label={T.settlement} required validationMessage={errors.settlement && translated(errors.settlement)}>
                      <Select value={values.settlement} onChange={set('settlement')}>
                        <option value="">{T.settlementChoose}</option>
                        {RELEASE_SETTLEMENTS.map((k) => (
                          <option key={k} value={k}>
                            {SETTLEMENT_LABELS[k]}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field label={T.settlementReason} required validationMessage={errors.settlement_reason && translated(errors.settlement_reason)} hint={T.settlementReasonHint}>
                      <Textarea value={values.settlement_reason} maxLength={CUSTODY_LIMITS.settlementReason} onChange={set('settlement_reason')} />
                    </Field>
                  </div>
                </>
              )}
            </>
          )}
          {custody.saveError && (
            <Text role="alert" className={styles.error}>
              {translated(custody.saveError)}
            </Text>
          )}
          {/* The attendant sees what is in the full cold room; an admin may receive over it with a reason. */}
          {custody.coldRoomFull && kind === 'received' && <ColdRoomFullNotice refusal={custody.coldRoomFull} canOverride={canOverride} busy={custody.saving} onOverride={submit} />}
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={custody.saving}>
              {custody.saving ? T.saving : kind === 'released' ? T.submitRelease : T.submit}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
