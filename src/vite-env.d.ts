/// <reference types="vite/client" />

/** True only in mock builds (`--mode mock` without VITE_API_URL); a compile-time constant. */
declare const __MOCK__: boolean

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
