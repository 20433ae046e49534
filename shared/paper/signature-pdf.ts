/**
 * The signed agreement's last page: who signed, when, from where, and the SHA-256 of the agreement
 * as read, appended to that agreement's own bytes (its pages are copied unchanged). Loaded lazily
 * with ./pdf.ts by both backends.
 */
import { PDFDocument, rgb } from '@cantoo/pdf-lib'
import fontkit from '@cantoo/fontkit'
import { nairobiStamp, printable, type SignatureDetails } from './agreement'
import { PAPER_WORDS, type PaperLanguage } from './words'
import { wrap, type PaperFonts } from './pdf'

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48

export async function appendSignaturePage(agreement: Uint8Array, fonts: PaperFonts, language: PaperLanguage, home: string, details: SignatureDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.load(agreement)
  doc.registerFontkit(fontkit)
  const regular = await doc.embedFont(fonts.regular, { subset: true })
  const bold = await doc.embedFont(fonts.bold, { subset: true })
  const w = PAPER_WORDS[language]
  const pages = doc.getPageCount()
  const page = doc.addPage([A4.width, A4.height])
  const width = A4.width - 2 * MARGIN
  let y = A4.height - MARGIN
  const write = (text: string, size: number, font = regular, gap = 4) => {
    // Long unbroken runs (a hash, a user agent) break anywhere; words break at spaces.
    for (const l of wrap(text, font, size, width).filter(Boolean)) {
      page.drawText(l, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) })
      y -= size + 3
    }
    y -= gap
  }
  write(home, 12, bold, 2)
  write(`${w.agreement} · ${w.revision} ${details.revision}`, 18, bold, 10)
  write(w.signature.toUpperCase(), 14, bold, 10)
  const facts: Array<[string, string]> = [
    [w.signedBy, details.signedName],
    [w.signedAt, nairobiStamp(details.signedAt)],
    [w.codeSentTo, `•••• ${details.phoneEnding}`],
    [w.ipAddress, printable(details.ip, 100)],
    [w.browser, printable(details.userAgent)],
    [w.documentHash(pages), details.documentSha256],
  ]
  for (const [label, value] of facts) {
    write(label, 10, bold, 0)
    write(value, 11, regular, 8)
  }
  y -= 8
  write(w.signedHow, 9, regular)
  // The agreement's pages are signed as they were ("Page 1/1"): this page is named, not numbered.
  const named = `${w.agreement} · ${w.signaturePage(pages)}`
  const footer = regular.widthOfTextAtSize(`${home} · ${named}`, 8) <= width ? `${home} · ${named}` : named
  page.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: rgb(0.35, 0.35, 0.35) })
  doc.setModificationDate(details.signedAt)
  return doc.save({ useObjectStreams: true })
}
