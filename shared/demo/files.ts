/**
 * The demo documents' files: the seeded documents have no stored bytes, so each backend serves
 * these real small files (a one-page PDF with the document's title, a PNG like a scanned form) for
 * them, and preview and download work the same on both.
 */

/** The file served for a seeded document of this type (`title`: the document type's label). */
export function sampleDocumentFile(mime: string, title: string): { bytes: Uint8Array; mime: 'application/pdf' | 'image/png' } {
  return mime === 'application/pdf' ? { bytes: samplePdf(title), mime: 'application/pdf' } : { bytes: samplePng(), mime: 'image/png' }
}

const ascii = (s: string) => new TextEncoder().encode(s)

/** A valid one-page PDF with a title line (the seeded documents' content). */
export function samplePdf(title: string): Uint8Array {
  const safe = title.replace(/[()\\]/g, '')
  const content = `BT /F1 20 Tf 72 720 Td (${safe}) Tj 0 -32 Td /F1 12 Tf (Amani Funeral Home - sample document for the demo) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return ascii(out)
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
}

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...ascii(type), ...data])
  return [...u32(data.length), ...typed, ...u32(crc32(typed))]
}

/** A valid 240×160 grey-on-white PNG that looks like a scanned form (uncompressed deflate blocks). */
export function samplePng(): Uint8Array {
  const w = 240
  const h = 160
  const raw: number[] = []
  for (let y = 0; y < h; y++) {
    raw.push(0) // filter: none
    for (let x = 0; x < w; x++) {
      const border = x < 6 || x >= w - 6 || y < 6 || y >= h - 6
      const line = y > 30 && y % 18 === 0 && x > 20 && x < w - 20
      const header = y > 14 && y < 24 && x > 20 && x < 140
      raw.push(border ? 90 : header ? 60 : line ? 170 : 250)
    }
  }
  // zlib stream of stored blocks (max 65535 bytes each) + Adler-32.
  const z: number[] = [0x78, 0x01]
  for (let i = 0; i < raw.length; i += 65535) {
    const block = raw.slice(i, i + 65535)
    const last = i + 65535 >= raw.length ? 1 : 0
    z.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff, ...block)
  }
  let a = 1
  let b = 0
  for (const v of raw) {
    a = (a + v) % 65521
    b = (b + a) % 65521
  }
  z.push(...u32(((b << 16) | a) >>> 0))
  const ihdr = new Uint8Array([...u32(w), ...u32(h), 8, 0, 0, 0, 0]) // 8-bit greyscale
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', new Uint8Array(z)), ...chunk('IEND', new Uint8Array())])
}
