/** The papers' fonts for the mock, imported as data and loaded only when a paper is asked for. */
import type { PaperFonts } from '../shared/paper/pdf'

let fonts: Promise<PaperFonts> | null = null
/** A base64 data: URL's bytes (decoded here: a fetch would go through MSW itself). */
const dataBytes = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0))
export function loadFonts(): Promise<PaperFonts> {
  fonts ??= Promise.all([import('../shared/paper/fonts/LiberationSans-Regular.ttf?inline'), import('../shared/paper/fonts/LiberationSans-Bold.ttf?inline')]).then(
    ([r, b]) => ({ regular: dataBytes(r.default), bold: dataBytes(b.default) }),
  )
  return fonts
}
