import { useState } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowReset20Regular } from '@fluentui/react-icons'
import { useAuthActor } from './session'

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    right: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    zIndex: 1000,
    opacity: 0.85,
  },
})

/**
 * Mock mode only (compiled out of real builds): put the demo database back to its seed. Signs out,
 * since the seeded users replace whatever account was in use.
 */
export function MockControls() {
  const styles = useStyles()
  const actor = useAuthActor()
  const [busy, setBusy] = useState(false)
  return (
    <div className={styles.root}>
      <Button
        size="small"
        appearance="secondary"
        icon={<ArrowReset20Regular />}
        disabled={busy}
        onClick={async () => {
          if (!window.confirm('Reset the demo data to its starting state? Everything added in this browser is removed.')) return
          setBusy(true)
          try {
            await fetch('/api/__mock/reset', { method: 'POST' })
          } finally {
            if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'auth.logout' })
            window.location.assign('/')
          }
        }}
      >
        Reset demo data
      </Button>
    </div>
  )
}
