/** Vitest's global set-up for the server run: the empty PGlite template is built before any worker needs it. */
import { ensurePgliteTemplate } from './pglite-template.mjs'

export default async function setup(): Promise<void> {
  await ensurePgliteTemplate()
}
