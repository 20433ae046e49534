import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { Trans, useLingui } from '@lingui/react/macro'
import { translated } from '../lib/i18n'
import type { Words } from '../../machines/shared/notify'

export interface LoadProblemProps {
  /** The load failed: its message (e.g. 'Failed to load bookings'), SPEC.md's English or a descriptor, said here in the language in use. */
  error: Words | null
  /** The load under way has had no answer for SLOW_LOAD_MS (machines/shared/slow-load.ts: the `slow` tag). */
  slow: boolean
  /** Something from an earlier load is still shown below. */
  hasData?: boolean
  /** Loads just this data again. */
  onRetry: () => void
  className?: string
}

/**
 * What every screen that loads data says when it cannot get it: the failure, or after a few
 * seconds without an answer that the home cannot be reached, with Try again. Nothing otherwise.
 * What was shown before stays below it; the top bar keeps the home's phone number.
 */
export function LoadProblem({ error, slow, hasData = false, onRetry, className }: LoadProblemProps) {
  const { t } = useLingui()
  if (!error && !slow) return null
  // A machine keeps SPEC.md's English words: said here in the language in use (src/app/words-from-machines.ts).
  const text = error
    ? translated(error)
    : hasData
      ? t`We cannot reach the funeral home right now: what you see may be out of date.`
      : t`We cannot reach the funeral home right now. Check your connection, or call us.`
  return (
    <MessageBar intent={error ? 'error' : 'warning'} className={className}>
      <MessageBarBody>{text}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
