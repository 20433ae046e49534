/**
 * The papers' fonts (Liberation Sans, SIL Open Font License), read once from shared/paper/fonts:
 * found by walking up from this module, which is server/ under tsx and Vitest and dist-server/ in
 * the bundle, both beside shared/ in the repository's folder.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PaperFonts } from '../shared/paper/pdf'

let fonts: Promise<PaperFonts> | null = null

function fontFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = join(dir, 'shared', 'paper', 'fonts')
    if (existsSync(candidate)) return candidate
    const up = dirname(dir)
    if (up === dir) throw new Error('shared/paper/fonts not found above the server')
    dir = up
  }
}

export function paperFonts(): Promise<PaperFonts> {
  fonts ??= (async () => {
    const folder = fontFolder()
    const [regular, bold] = await Promise.all([readFile(join(folder, 'LiberationSans-Regular.ttf')), readFile(join(folder, 'LiberationSans-Bold.ttf'))])
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) }
  })()
  fonts.catch(() => (fonts = null))
  return fonts
}
