import { describe, expect, it } from 'vitest'
import { MAX_SIDE, isShrinkablePhoto, jpegName, shrinkWith, targetSize } from '../../src/lib/shrink-photo'

describe('making a photo smaller before upload', () => {
  it('only JPEG and PNG photos are made smaller, never a PDF or an office file', () => {
    expect(isShrinkablePhoto({ name: 'permit.jpg', type: 'image/jpeg' })).toBe(true)
    expect(isShrinkablePhoto({ name: 'permit.PNG', type: '' })).toBe(true)
    expect(isShrinkablePhoto({ name: 'permit.pdf', type: 'application/pdf' })).toBe(false)
    expect(isShrinkablePhoto({ name: 'permit.docx', type: '' })).toBe(false)
  })

  it('keeps the proportions, caps the longer side, and never enlarges', () => {
    expect(targetSize(4000, 3000, 1)).toEqual({ width: MAX_SIDE, height: 1920 })
    expect(targetSize(3000, 4000, 0.5)).toEqual({ width: 960, height: 1280 })
    expect(targetSize(800, 600, 1)).toEqual({ width: 800, height: 600 })
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg')
  })

  it('tries smaller and lower quality until the photo fits, and gives up when nothing does', async () => {
    const tries: string[] = []
    // A stand-in encoder: the bytes grow with the pixels and the quality.
    const encode = async (w: number, h: number, q: number) => {
      tries.push(`${w}x${h}@${q}`)
      return new Blob([new Uint8Array(Math.round(w * h * q))])
    }
    const fits = await shrinkWith(encode, 4000, 3000, 3_000_000)
    expect(fits?.size).toBeLessThanOrEqual(3_000_000)
    expect(tries).toEqual(['2560x1920@0.85', '2560x1920@0.7', '1920x1440@0.7'])
    expect(await shrinkWith(encode, 4000, 3000, 10)).toBeNull()
  })
})
