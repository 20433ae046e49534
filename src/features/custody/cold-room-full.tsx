import { useState } from 'react'
import { useLingui } from '@lingui/react'
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ColdRoomFull } from '../../../shared/contracts/custody'
import { COLD_ROOM_TEXT as T } from './custody-words'

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  override: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
})

/**
 * A receipt refused because the cold room is full (the refusal's words are said beside it): the
 * places and the bodies there, so whoever stands with the body sees which may be released; an
 * admin (`canOverride`) may receive it all the same with a reason, which the server keeps.
 */
export function ColdRoomFullNotice({ refusal, canOverride, busy, onOverride }: { refusal: ColdRoomFull; canOverride: boolean; busy: boolean; onOverride: (reason: string) => void }) {
  useLingui()
  const styles = useStyles()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  return (
    <div className={styles.box}>
      <Text id="cold-room-bodies" weight="semibold">
        {T.inRoom(refusal.capacity)}
      </Text>
      <ul className={styles.list} aria-labelledby="cold-room-bodies">
        {refusal.bodies.map((b) => (
          <li key={b.booking_id}>{`${b.name} (#${b.booking_id})`}</li>
        ))}
      </ul>
      {canOverride && (
        <div className={styles.override}>
          <Field label={T.reason} required hint={T.reasonHint} validationMessage={missing ? T.reasonRequired : undefined}>
            <Input
              value={reason}
              maxLength={200}
              onChange={(_, d) => {
                setReason(d.value)
                setMissing(false)
              }}
            />
          </Field>
          <Button
            disabled={busy}
            onClick={() => {
              if (!reason.trim()) setMissing(true)
              else onOverride(reason.trim())
            }}
          >
            {T.override}
          </Button>
        </div>
      )}
    </div>
  )
}
