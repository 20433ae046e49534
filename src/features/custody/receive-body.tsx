import { useState } from 'react'
import { useLingui } from '@lingui/react'
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CUSTODY_LIMITS } from '../../../shared/contracts/custody'
import { translated } from '../../lib/i18n'
import { ColdRoomFullNotice } from './cold-room-full'
import { COLD_ROOM_TEXT as T } from './custody-words'
import type { useCustody } from './use-custody'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3, maxWidth: '210mm', boxSizing: 'border-box' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
})

/**
 * The admin's receipt of a body not yet received, above its record (never printed): where it is
 * put, and when the cold room is full, what is there and the admin's reason to receive it all the
 * same (the attendant, refused, is told an admin does this).
 */
export function ReceiveBody({ custody }: { custody: ReturnType<typeof useCustody> }) {
  useLingui()
  const styles = useStyles()
  const [location, setLocation] = useState('')
  const receive = (overrideReason?: string) => custody.add({ kind: 'received', location: location.trim() || null, ...(overrideReason ? { override_reason: overrideReason } : {}) })
  return (
    <form
      className={`${styles.form} afh-no-print`}
      aria-label={T.receiveLabel}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        receive()
      }}
    >
      <Text>{T.notReceived}</Text>
      <div className={styles.row}>
        <Field label={T.place}>
          <Input value={location} maxLength={CUSTODY_LIMITS.location} onChange={(_, d) => setLocation(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={custody.saving}>
          {custody.saving ? T.saving : T.receive}
        </Button>
      </div>
      {custody.saveError && (
        <Text role="alert" className={styles.error}>
          {translated(custody.saveError)}
        </Text>
      )}
      {custody.coldRoomFull && <ColdRoomFullNotice refusal={custody.coldRoomFull} canOverride busy={custody.saving} onOverride={receive} />}
    </form>
  )
}
