/**
 * `use-sync-external-store/shim` for React 18+: the shim exists for React 17 and older; on React 19
 * it only forwards to React's own hook, so the build points the libraries that still import it
 * (@xstate/react, Fluent) here instead (vite.config.ts, resolve.alias).
 */
export { useSyncExternalStore } from 'react'
