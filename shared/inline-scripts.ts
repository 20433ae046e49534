/**
 * The file the build writes beside its pages (build/prerender-pages.ts) with the hashes of the
 * scripts it puts inline in them; the server reads it for its Content-Security-Policy, which lets
 * those scripts run and no other inline script.
 */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json'

/** The hashes in that file's text, each as a CSP source (`'sha256-…'`); anything else is left out. */
export function inlineScriptHashes(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { scriptHashes?: unknown }
    return Array.isArray(parsed.scriptHashes) ? parsed.scriptHashes.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h)) : []
  } catch {
    return []
  }
}
