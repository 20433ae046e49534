/**
 * The tribute page's photograph, as both backends take it: the family sends the picture's bytes as
 * they are (`PUT /bookings/{id}/tribute/photo`, Content-Type the picture's); what is not a JPEG, PNG
 * or WebP picture is refused (415), and so is one over TRIBUTE_PHOTO_MAX_BYTES (413) or too many
 * pixels to decode safely. The server re-encodes it (server/tribute-photo.ts: at most
 * TRIBUTE_PHOTO_WIDTH wide, and a small one, JPEG without any metadata: no location, no camera);
 * the mock keeps the upload as given with the sizes these rules give.
 */
import { ApiError } from './errors'

export const TRIBUTE_PHOTO_MAX_BYTES = 8 * 1024 * 1024
/** Past this many pixels a picture is refused before decoding (a small file can claim a huge size). */
export const TRIBUTE_PHOTO_MAX_PIXELS = 50_000_000
/** The page's photo and the small one (the family's card, the link preview). */
export const TRIBUTE_PHOTO_WIDTH = 800
export const TRIBUTE_PHOTO_SMALL_WIDTH = 240
/** The middle size: the 12rem photo on a 2x or 3x phone screen, without fetching the 800 px one. */
export const TRIBUTE_PHOTO_MEDIUM_WIDTH = 480

export const MSG_PHOTO_NOT_IMAGE = 'This file is not a photo. Please choose a JPEG, PNG or WebP picture.'
export const MSG_PHOTO_TOO_LARGE = `The photo is too large: it can be at most ${TRIBUTE_PHOTO_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`
export const MSG_PHOTO_TOO_MANY_PIXELS = 'The picture is too large to open. Please choose a smaller one.'
export const MSG_PHOTO_SAVED = 'Photo saved'
export const MSG_PHOTO_NOT_FOUND = 'This tribute page has no photo.'

export type PhotoKind = 'jpeg' | 'png' | 'webp'
export const PHOTO_TYPES: Record<PhotoKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** The picture's kind from its first bytes (its name or declared type prove nothing). */
export function photoKind(b: Uint8Array): PhotoKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png'
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp'
  return null
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n))
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2)
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)

/** The size the picture's header claims, or null when it cannot be read. */
export function photoSize(b: Uint8Array): { width: number; height: number } | null {
  const kind = photoKind(b)
  if (kind === 'png') return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : null
  if (kind === 'webp') {
    const chunk = ascii(b, 12, 4)
    if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) }
    if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
    if (chunk === 'VP8L' && b.length >= 25) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    }
    return null
  }
  if (kind === 'jpeg') {
    // Walk the segments to the frame header (SOF0-SOF15 but DHT, JPG and DAC).
    let at = 2
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null
      const marker = b[at + 1]!
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: u16be(b, at + 7), height: u16be(b, at + 5) }
      at += 2 + u16be(b, at + 2)
    }
  }
  return null
}

/** A width and height within `max` wide, the proportions kept, never enlarged. */
export function fitWidth(size: { width: number; height: number }, max: number): { width: number; height: number } {
  if (size.width <= max) return size
  return { width: max, height: Math.max(1, Math.round((size.height * max) / size.width)) }
}

/** The upload's refusals, in the order a family would want to hear them; gives the kind and the claimed size. */
export function refuseUnlessPhoto(bytes: Uint8Array): { kind: PhotoKind; width: number; height: number } {
  if (bytes.length > TRIBUTE_PHOTO_MAX_BYTES) throw new ApiError(413, MSG_PHOTO_TOO_LARGE, { photo: MSG_PHOTO_TOO_LARGE })
  const kind = photoKind(bytes)
  const size = kind ? photoSize(bytes) : null
  if (!kind || !size || size.width < 1 || size.height < 1) throw new ApiError(415, MSG_PHOTO_NOT_IMAGE, { photo: MSG_PHOTO_NOT_IMAGE })
  if (size.width * size.height > TRIBUTE_PHOTO_MAX_PIXELS) throw new ApiError(413, MSG_PHOTO_TOO_MANY_PIXELS, { photo: MSG_PHOTO_TOO_MANY_PIXELS })
  return { kind, ...size }
}

/** Where the public page finds the photo; `v` changes with each upload so a new one is never an old cached one. */
export const tributePhotoPath = (slug: string, version: string, size: 'large' | 'medium' | 'small' = 'large') =>
  `/api/tributes/${encodeURIComponent(slug)}/photo${size === 'large' ? '' : `/${size}`}?v=${encodeURIComponent(version)}`
