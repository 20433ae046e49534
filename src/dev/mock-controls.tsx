/**
 * Mock mode only (rendered behind the compile-time `__MOCK__`, so none of this ships in real builds):
 * the "Demo tools" menu, to reset the demo data and to force the error paths of SPEC.md section 8
 * (fail the next call, offline, slow network, expired session), through the mock's own
 * `/api/__mock/*` endpoints (src/api/mock-controls.ts); see mocks/README.md.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Badge,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
  type MenuProps,
} from '@fluentui/react-components'
import { ArrowReset20Regular, Chat20Regular, ErrorCircle20Regular, SignOut20Regular, Timer20Regular, Wifi120Regular, WifiOff20Regular, WrenchScrewdriver20Regular } from '@fluentui/react-icons'
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss'
import { useAuthActor, useSession } from '../app/session'
import { showNotification } from '../app/toast-bridge'
import { FAULTS_EVENT } from '../../shared/contracts/mock-controls'
import { readFaults, readMockSms, resetDemoData as resetMockData, revokeSessions, writeFaults, type Faults } from '../api/mock-controls'
import { MockSmsDialog, type MockSmsList } from './mock-sms-dialog'
import { FailNextDialog } from './fail-next-dialog'

const NO_FAULTS: Faults = { failNext: null, offline: false, slow: false }
/** Dispatched on window by mocks/browser.ts after every fault change (e.g. a failNext that fired). */

const useStyles = makeStyles({
  root: {
    // Bottom left: forms and the message box keep their send and continue buttons on the right.
    position: 'fixed',
    left: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    zIndex: 1000,
  },
  // Fully opaque: translucent text fails contrast (axe); the button stays small and in the corner.
  active: {},
  label: {
    // At phone widths the button is icon (+ badge) only, so it covers as little as possible.
    '@media (max-width: 479px)': { display: 'none' },
  },
  badge: { marginLeft: tokens.spacingHorizontalXS },
})

/** Short words for the badge, e.g. ['offline', 'slow', 'fail /bookings 500']. */
function activeFaults(faults: Faults): string[] {
  const list: string[] = []
  if (faults.offline) list.push('offline')
  if (faults.slow) list.push('slow')
  if (faults.failNext) list.push(`fail ${faults.failNext.pathPrefix} ${faults.failNext.status}`)
  return list
}

export function MockControls() {
  const styles = useStyles()
  const actor = useAuthActor()
  const { status: sessionStatus } = useSession()
  const [faults, setFaultsState] = useState<Faults>(NO_FAULTS)
  const [busy, setBusy] = useState(false)
  const [failDialogOpen, setFailDialogOpen] = useState(false)
  const [sms, setSms] = useState<MockSmsList | null>(null)

  const refresh = useCallback(async () => {
    const current = await readFaults().catch(() => null)
    if (current) setFaultsState(current)
  }, [])

  useEffect(() => {
    void refresh()
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<Faults>).detail
      if (detail) setFaultsState(detail)
    }
    window.addEventListener(FAULTS_EVENT, onChange)
    return () => window.removeEventListener(FAULTS_EVENT, onChange)
  }, [refresh])

  const update = async (change: Partial<Faults>, message: string) => {
    setBusy(true)
    const next = await writeFaults(change).catch(() => null)
    setBusy(false)
    if (next) {
      setFaultsState(next)
      showNotification({ type: 'notify', level: 'info', message })
    } else {
      showNotification({ type: 'notify', level: 'error', message: 'Demo tools: the mock backend did not answer.' })
    }
  }

  const resetDemoData = async () => {
    if (!window.confirm('Reset the demo data to its starting state? Everything added in this browser is removed.')) return
    setBusy(true)
    try {
      await resetMockData()
    } catch {
      /* the reload below shows whatever the mock now holds */
    } finally {
      if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'auth.logout' })
      window.location.assign('/')
    }
  }

  const expireSession = async () => {
    setBusy(true)
    try {
      await revokeSessions()
      showNotification({ type: 'notify', level: 'info', message: 'Demo tools: your session has expired on the server. The next call answers 401.' })
    } catch {
      showNotification({ type: 'notify', level: 'error', message: 'Demo tools: the mock backend did not answer.' })
    } finally {
      setBusy(false)
    }
  }

  const active = activeFaults(faults)
  const checked = { network: faults.slow ? ['slow'] : [] }
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_, data) => {
    if (data.name !== 'network') return
    const slow = data.checkedItems.includes('slow')
    void update({ slow }, slow ? 'Demo tools: every call now takes 3 s longer.' : 'Demo tools: normal network speed.')
  }

  return (
    <div className={`${styles.root}${active.length ? ` ${styles.active}` : ''}`}>
      <Menu positioning="above-start" hasCheckmarks checkedValues={checked} onCheckedValueChange={onCheckedValueChange} onOpenChange={(_, data) => data.open && void refresh()}>
        <MenuTrigger disableButtonEnhancement>
          <Button
            size="small"
            appearance="secondary"
            icon={<WrenchScrewdriver20Regular />}
            disabled={busy}
            aria-label={active.length ? `Demo tools, active: ${active.join(', ')}` : 'Demo tools'}
          >
            <span className={styles.label}>Demo tools</span>
            {active.length > 0 && (
              <Badge size="small" color={faults.offline || faults.failNext ? 'danger' : 'warning'} className={styles.badge}>
                {active.join(' · ')}
              </Badge>
            )}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<ErrorCircle20Regular />} onClick={() => setFailDialogOpen(true)}>
              Fail the next call to…
            </MenuItem>
            {faults.failNext && (
              <MenuItem icon={<Dismiss20Regular />} onClick={() => void update({ failNext: null }, 'Demo tools: the pending failure was cancelled.')}>
                Cancel pending failure ({faults.failNext.pathPrefix} → {faults.failNext.status})
              </MenuItem>
            )}
            <MenuItem
              icon={faults.offline ? <Wifi120Regular /> : <WifiOff20Regular />}
              onClick={() =>
                void update(
                  { offline: !faults.offline },
                  faults.offline ? 'Demo tools: back online.' : 'Demo tools: offline. Every API call now fails as a network error.',
                )
              }
            >
              {faults.offline ? 'Back online' : 'Go offline'}
            </MenuItem>
            <MenuItemCheckbox icon={<Timer20Regular />} name="network" value="slow">
              Slow network (3 s)
            </MenuItemCheckbox>
            {sessionStatus === 'signedIn' && (
              <MenuItem icon={<SignOut20Regular />} onClick={() => void expireSession()}>
                Expire my session
              </MenuItem>
            )}
            <MenuItem
              icon={<Chat20Regular />}
              onClick={() =>
                void readMockSms()
                  .then(setSms)
                  .catch(() => showNotification({ type: 'notify', level: 'error', message: 'Demo tools: the mock backend did not answer.' }))
              }
            >
              SMS outbox
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<ArrowReset20Regular />} onClick={() => void resetDemoData()}>
              Reset demo data
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <MockSmsDialog messages={sms} onClose={() => setSms(null)} />
      <FailNextDialog
        open={failDialogOpen}
        onClose={() => setFailDialogOpen(false)}
        onSave={async (pathPrefix, status) => {
          setFailDialogOpen(false)
          await update({ failNext: { pathPrefix, status } }, `Demo tools: the next call to ${pathPrefix} answers ${status}.`)
        }}
      />
    </div>
  )
}
