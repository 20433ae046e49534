/**
 * Mock mode only (rendered behind the compile-time `__MOCK__`, so none of this ships in real builds):
 * the "Demo tools" menu, to reset the demo data and to force the error paths of SPEC.md section 8
 * (fail the next call, offline, slow network, expired session). Talks to the mock's own
 * `/api/__mock/*` endpoints with plain fetch; see mocks/README.md.
 */
import { useCallback, useEffect, useId, useState } from 'react'
import {
  Badge,
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  makeStyles,
  tokens,
  type MenuProps,
} from '@fluentui/react-components'
import {
  ArrowReset20Regular,
  Dismiss20Regular,
  ErrorCircle20Regular,
  SignOut20Regular,
  Timer20Regular,
  Wifi120Regular,
  WifiOff20Regular,
  WrenchScrewdriver20Regular,
} from '@fluentui/react-icons'
import { useAuthActor, useSession } from './session'
import { showNotification } from './toast-bridge'

/** Same shape as `FaultConfig` in mocks/http.ts (not imported: the app does not depend on mock code). */
interface Faults {
  failNext: { pathPrefix: string; status: number } | null
  offline: boolean
  slow: boolean
}
const NO_FAULTS: Faults = { failNext: null, offline: false, slow: false }
/** Dispatched on window by mocks/browser.ts after every fault change (e.g. a failNext that fired). */
const FAULTS_EVENT = 'afh-mock-faults-change'

const PATH_PREFIXES = [
  '/auth/login',
  '/auth/register',
  '/services',
  '/bookings',
  '/bookings/my',
  '/deceased',
  '/payments/pending',
  '/payments/my',
  '/stk-push',
  '/payments/mpesa/verify',
]
const STATUSES = [
  { value: 500, label: '500 Internal Server Error' },
  { value: 503, label: '503 Service Unavailable' },
  { value: 401, label: '401 Unauthorized (signs out)' },
  { value: 404, label: '404 Not Found' },
]

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    right: tokens.spacingHorizontalS,
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
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

async function readFaults(): Promise<Faults | null> {
  try {
    const res = await fetch('/api/__mock/faults')
    return res.ok ? ((await res.json()) as Faults) : null
  } catch {
    return null
  }
}

async function writeFaults(change: Partial<Faults>): Promise<Faults | null> {
  try {
    const res = await fetch('/api/__mock/faults', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(change) })
    return res.ok ? ((await res.json()) as Faults) : null
  } catch {
    return null
  }
}

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

  const refresh = useCallback(async () => {
    const current = await readFaults()
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
    const next = await writeFaults(change)
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
      await fetch('/api/__mock/reset', { method: 'POST' })
    } finally {
      if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'auth.logout' })
      window.location.assign('/')
    }
  }

  const expireSession = async () => {
    setBusy(true)
    try {
      const token = actor.getSnapshot().context.token
      const res = await fetch('/api/__mock/revoke-sessions', { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} })
      if (!res.ok) throw new Error(String(res.status))
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
      <Menu positioning="above-end" hasCheckmarks checkedValues={checked} onCheckedValueChange={onCheckedValueChange} onOpenChange={(_, data) => data.open && void refresh()}>
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
            <MenuDivider />
            <MenuItem icon={<ArrowReset20Regular />} onClick={() => void resetDemoData()}>
              Reset demo data
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
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

function FailNextDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (pathPrefix: string, status: number) => Promise<void> }) {
  const styles = useStyles()
  const formId = useId()
  const [path, setPath] = useState('/bookings')
  const [status, setStatus] = useState(500)
  const trimmed = path.trim()
  const valid = trimmed.length > 0
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault()
            if (valid) void onSave(trimmed.startsWith('/') ? trimmed : `/${trimmed}`, status)
          }}
        >
          <DialogBody>
            <DialogTitle>Fail the next call</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label="Path (after /api; also matches everything below it)" required validationMessage={valid ? undefined : 'Enter a path, e.g. /bookings'}>
                <Combobox
                  freeform
                  value={path}
                  selectedOptions={PATH_PREFIXES.includes(path) ? [path] : []}
                  onChange={(event) => setPath(event.target.value)}
                  onOptionSelect={(_, data) => setPath(data.optionValue ?? data.optionText ?? '')}
                >
                  {PATH_PREFIXES.map((prefix) => (
                    <Option key={prefix} value={prefix}>
                      {prefix}
                    </Option>
                  ))}
                </Combobox>
              </Field>
              <Field label="Answer with status">
                <Dropdown
                  value={STATUSES.find((s) => s.value === status)?.label ?? String(status)}
                  selectedOptions={[String(status)]}
                  onOptionSelect={(_, data) => data.optionValue && setStatus(Number(data.optionValue))}
                >
                  {STATUSES.map((s) => (
                    <Option key={s.value} value={String(s.value)}>
                      {s.label}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={!valid}>
                Fail next call
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
