import { useSyncExternalStore } from 'react'
import { reachability, type Reachability } from '../api/reachability'

/** Whether the browser thinks it has a network (it can be wrong the other way: online but dead). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify)
      window.addEventListener('offline', notify)
      return () => {
        window.removeEventListener('online', notify)
        window.removeEventListener('offline', notify)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}

/** Whether the server answered the last call, and when it last answered (src/api/reachability.ts). */
export function useReachability(): Reachability {
  return useSyncExternalStore(reachability.subscribe, reachability.get, reachability.get)
}
