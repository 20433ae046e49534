import { useId, useState } from 'react'
import {
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
  Option,
  makeStyles,
  tokens,
} from '@fluentui/react-components'

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
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** Demo tools (mock mode): choose which call fails next, and with which status. */
export function FailNextDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (pathPrefix: string, status: number) => Promise<void> }) {
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
