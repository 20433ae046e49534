/**
 * TanStack Form reports every change to its browser devtools through this client (and keeps trying
 * to connect to them every second). No devtools run in this app, so the bundle gets a client that
 * does nothing (vite.config.ts aliases the package here): 1.2 KB gzip less on /login and /register.
 */
export class EventClient {
  constructor(_options: { pluginId: string; debug?: boolean; enabled?: boolean; reconnectEveryMs?: number }) {}
  getPluginId() {
    return ''
  }
  emit(_eventSuffix: string, _payload: unknown) {}
  on(_eventSuffix: string, _cb: (event: unknown) => void, _options?: unknown) {
    return () => {}
  }
  onAll(_cb: (event: unknown) => void) {
    return () => {}
  }
  onAllPluginEvents(_cb: (event: unknown) => void) {
    return () => {}
  }
}
