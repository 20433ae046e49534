import { use } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { ensureCatalogs } from '../../lib/i18n'

// A message only the family's catalogue has: when it is in the loaded messages, so is the catalogue.
const PROBE = msg({ message: 'Words for families', context: 'catalogue check' })

const waiting = new Map<string, Promise<void>>()

/**
 * The profile page and the document preview are shown in every portal, but their words are in the
 * family's catalogue ('client'), which the staff portals do not load. Called at the top of those
 * screens, this waits (suspends) until the catalogue is there in the language in use, so nobody
 * sees a message id; where it is loaded already (the family's portal, a change of language, which
 * loads every part in use first) it returns at once.
 */
export function useClientWords(): void {
  const { i18n } = useLingui()
  if (i18n.messages[PROBE.id] !== undefined) return
  let loading = waiting.get(i18n.locale)
  if (!loading) {
    loading = ensureCatalogs('client')
    waiting.set(i18n.locale, loading)
  }
  use(loading)
}
