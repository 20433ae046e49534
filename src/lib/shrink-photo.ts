/**
 * A phone's photo of a paper is often larger than the upload limit (a 12-megapixel JPEG is 4-8 MB).
 * Rather than refuse it, the browser makes it smaller before it is sent: drawn on a canvas at most
 * MAX_SIDE pixels on its longer side (still sharp enough to read a permit) and saved as JPEG, then
 * smaller and at a lower quality until it fits. PDFs and office files are never touched: their
 * limit's message stands.
 */

/** Longest side of the first try, in pixels: a permit's small print stays legible at this size. */
export const MAX_SIDE = 2560
/** Each further try: sides times this, and the next JPEG quality. */
const STEPS: ReadonlyArray<{ scale: number; quality: number }> = [
  { scale: 1, quality: 0.85 },
  { scale: 1, quality: 0.7 },
  { scale: 0.75, quality: 0.7 },
  { scale: 0.5, quality: 0.7 },
]

const SHRINKABLE = /^image\/(jpeg|png)$/

/** Whether a file is a photo the browser may make smaller (JPEG or PNG, by type or by name). */
export function isShrinkablePhoto(file: { name: string; type: string }): boolean {
  return SHRINKABLE.test(file.type.toLowerCase()) || (file.type === '' && /\.(jpe?g|png)$/i.test(file.name))
}

/** The width and height of a try: the longer side at most MAX_SIDE times the step's scale, never enlarged. */
export function targetSize(width: number, height: number, scale: number): { width: number; height: number } {
  const ratio = Math.min(1, (MAX_SIDE * scale) / Math.max(width, height, 1))
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) }
}

/** The same name as a .jpg (what the smaller file is). */
export const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`

/** Draws the image at a size and encodes it as JPEG; given by the browser (below) or by a test. */
export type Encoder = (width: number, height: number, quality: number) => Promise<Blob | null>

/** The tries, in order, until one fits under `limit` bytes; null when none does. */
export async function shrinkWith(encode: Encoder, width: number, height: number, limit: number): Promise<Blob | null> {
  for (const step of STEPS) {
    const size = targetSize(width, height, step.scale)
    const blob = await encode(size.width, size.height, step.quality)
    if (blob && blob.size > 0 && blob.size <= limit) return blob
  }
  return null
}

/**
 * The photo made smaller than `limit` bytes as a JPEG File, or null when this browser cannot
 * (no createImageBitmap or canvas, an image it cannot read) or no try fits: the caller then keeps
 * the original and its size message.
 */
export async function shrinkPhoto(file: File, limit: number): Promise<File | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null
  let bitmap: ImageBitmap
  try {
    // The photo the right way up, as the phone showed it (EXIF orientation).
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return null
  }
  try {
    const canvas = document.createElement('canvas')
    const encode: Encoder = (width, height, quality) => {
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) return Promise.resolve(null)
      // A PNG's transparent parts become white, as on paper (JPEG has no transparency).
      context.fillStyle = '#fff'
      context.fillRect(0, 0, width, height)
      context.drawImage(bitmap, 0, 0, width, height)
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    }
    const blob = await shrinkWith(encode, bitmap.width, bitmap.height, limit)
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : null
  } catch {
    return null
  } finally {
    bitmap.close()
  }
}
