import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while React takes over HTML written at build time (and in that build-time render itself),
 * true in every other render. What only this device knows (a remembered email, the history
 * entry's state) is shown once it is true, so the first render matches the HTML exactly.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
