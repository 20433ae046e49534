/**
 * The tribute's pictures, made with sharp (libvips; loaded on first use, so a server that never sees
 * a photo never loads it): the family's photo re-encoded, and the link preview WhatsApp and
 * Facebook show.
 *
 * The photo is decoded and written again as a new JPEG: turned upright as the camera said, resized
 * to at most TRIBUTE_PHOTO_WIDTH wide (and a middle and a small one), and nothing of the original's metadata is
 * kept (sharp writes none unless asked): no GPS position of the family's home, no camera, no time.
 */
import { ApiError } from './http'
import { MSG_PHOTO_NOT_IMAGE, TRIBUTE_PHOTO_MAX_PIXELS, TRIBUTE_PHOTO_MEDIUM_WIDTH, TRIBUTE_PHOTO_SMALL_WIDTH, TRIBUTE_PHOTO_WIDTH, refuseUnlessPhoto } from '../shared/tribute-photo'

type Sharp = typeof import('sharp').default
let loaded: Promise<Sharp> | undefined
const sharpModule = () => (loaded ??= import('sharp').then((m) => m.default))

export interface ReencodedPhoto {
  large: Uint8Array
  medium: Uint8Array
  small: Uint8Array
  width: number
  height: number
  smallWidth: number
  smallHeight: number
  mediumWidth: number
  mediumHeight: number
}

/** The upload as the page keeps it; 413/415 (shared/tribute-photo.ts) for what is refused or cannot be decoded. */
export async function reencodePhoto(upload: Uint8Array): Promise<ReencodedPhoto> {
  refuseUnlessPhoto(upload)
  const sharp = await sharpModule()
  try {
    // Upright first (the orientation is metadata that goes), white behind a transparent PNG.
    const upright = sharp(upload, { limitInputPixels: TRIBUTE_PHOTO_MAX_PIXELS, failOn: 'error' }).rotate().flatten({ background: '#ffffff' })
    const jpeg = (width: number) => upright.clone().resize({ width, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true })
    const [large, medium, small] = await Promise.all([jpeg(TRIBUTE_PHOTO_WIDTH), jpeg(TRIBUTE_PHOTO_MEDIUM_WIDTH), jpeg(TRIBUTE_PHOTO_SMALL_WIDTH)])
    return {
      large: large.data,
      medium: medium.data,
      small: small.data,
      width: large.info.width,
      height: large.info.height,
      mediumWidth: medium.info.width,
      mediumHeight: medium.info.height,
      smallWidth: small.info.width,
      smallHeight: small.info.height,
    }
  } catch {
    // The header looked like a picture but the rest does not decode.
    throw new ApiError(415, MSG_PHOTO_NOT_IMAGE, { photo: MSG_PHOTO_NOT_IMAGE })
  }
}

/** The link preview's size: what WhatsApp and Facebook show large. */
export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630

const xml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Lines of at most `max` characters, broken at spaces, at most `lines` of them (the last cut with an ellipsis). */
function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > max) {
      out.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) out.push(line)
  if (out.length <= lines) return out
  return [...out.slice(0, lines - 1), `${out.slice(lines - 1).join(' ').slice(0, max - 1)}…`]
}

/**
 * The preview image, 1200x630 JPEG: the photo on the left (when there is one), the words on a
 * quiet background: "In loving memory", the name, the dates. Fonts are the system's serif and
 * sans-serif (DejaVu or Liberation on a Debian server).
 */
export async function previewImage(input: { lead: string; name: string; dates: string[]; photo: Uint8Array | null }): Promise<Uint8Array> {
  const sharp = await sharpModule()
  const photoWidth = input.photo ? 420 : 0
  const left = photoWidth ? photoWidth + 70 : 80
  const width = PREVIEW_WIDTH - left - 60
  // About 0.55 em per character in the serif at 64 px.
  const nameLines = wrap(input.name, Math.max(10, Math.floor(width / 36)), 3)
  const nameSize = nameLines.length > 2 ? 52 : 64
  const top = 315 - (nameLines.length * nameSize * 1.15) / 2
  const text = [
    `<text x="${left}" y="${top - 30}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#555">${xml(input.lead)}</text>`,
    ...nameLines.map((l, i) => `<text x="${left}" y="${top + (i + 0.85) * nameSize * 1.15}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="${nameSize}" font-weight="bold" fill="#1b1b1b">${xml(l)}</text>`),
    // Beside a photo each date has its line ("Born …", "Died …"); without one they fit on one.
    ...(photoWidth ? input.dates : [input.dates.join(' · ')].filter(Boolean)).map(
      (d, i) => `<text x="${left}" y="${top + nameLines.length * nameSize * 1.15 + 60 + i * 44}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#333">${xml(d)}</text>`,
    ),
  ].join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}"><rect width="100%" height="100%" fill="#f6f4f1"/><rect y="${PREVIEW_HEIGHT - 16}" width="100%" height="16" fill="#0b6e4f"/>${text}</svg>`
  const layers: Array<{ input: Buffer; left: number; top: number }> = []
  if (input.photo) {
    const photo = await sharp(input.photo).resize({ width: photoWidth, height: PREVIEW_HEIGHT - 16 - 60, fit: 'cover', position: 'attention' }).toBuffer()
    layers.push({ input: photo, left: 40, top: 30 })
  }
  return sharp(Buffer.from(svg)).composite(layers).flatten({ background: '#f6f4f1' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer()
}
