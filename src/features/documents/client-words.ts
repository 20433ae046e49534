import { use } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { ensureCatalogs } from '../../lib/i18n'

// A message only the family's catalogue has: when it is in the loaded messages, so is the catalogue.
const PROBE = msg({ message: 'Words for families', context: 'catalogue check' })

const waiting = new Map<string, Promise<void>>()

/** A promise React takes as already fulfilled (it reads `status` and `value`), so use() does not wait on it. */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined })

/**
 * The profile page and the document preview are shown in every portal, but their words are in the
 * family's catalogue ('client'), which the staff portals do not load. Called at the top of those
 * screens, this waits (suspends) until the catalogue is there in the language in use, so nobody
 * sees a message id; where it is loaded already (the family's portal, a change of language, which
 * loads every part in use first) it returns at once.
 */
export function useClientWords(): void {
  const { i18n } = useLingui()
  let loading = i18n.messages[PROBE.id] !== undefined ? LOADED : waiting.get(i18n.locale)
  if (!loading) {
    loading = ensureCatalogs('client')
    waiting.set(i18n.locale, loading)
  }
  // Always through use(), with a promise React reads as settled once the words are there: when a
  // render that waited is replayed, it must call the same hooks as the first try. Returning early
  // instead broke that under load ("Update hook called on initial render", React error 467).
  use(loading)
}
