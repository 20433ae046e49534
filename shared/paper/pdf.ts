/**
 * Renders a Paper (./paper.ts) as an A4 PDF: black on white (readable when printed in black and
 * white), Liberation Sans embedded and subset (so a few tens of KB, and Kiswahili and "–" print
 * everywhere). @cantoo/pdf-lib, the maintained fork of pdf-lib, runs unchanged in Node (the server)
 * and in the browser (the mock, which loads this module lazily): one builder for both backends.
 * The fonts' bytes are given by the caller (the server reads the files, the mock imports them).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import fontkit from '@cantoo/fontkit'
import { PAPER_WORDS } from './words'
import type { Paper } from './paper'

export interface PaperFonts {
  regular: Uint8Array | ArrayBuffer
  bold: Uint8Array | ArrayBuffer
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const BLACK = rgb(0, 0, 0)
const GREY = rgb(0.35, 0.35, 0.35)

/**
 * Breaks text into lines no wider than `width`: at spaces, and a run longer than the line (an
 * e-mail address, a name typed without spaces) anywhere, so nothing runs off the page.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
      if (line) lines.push(line)
      line = ''
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    const next = line ? `${line} ${rest}` : rest
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = rest
    } else line = next
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** Fixed instants make the same paper the same bytes (creation date aside, which is the paper's). */
export async function renderPaperPdf(paper: Paper, fonts: PaperFonts, createdAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const regular = await doc.embedFont(fonts.regular, { subset: true })
  const bold = await doc.embedFont(fonts.bold, { subset: true })
  const w = PAPER_WORDS[paper.language]
  doc.setTitle(`${paper.title}${paper.number ? ` ${paper.number}` : ''}`)
  doc.setAuthor(paper.home.name)
  doc.setLanguage(paper.language)
  doc.setCreationDate(createdAt)
  doc.setModificationDate(createdAt)
  doc.setProducer(paper.home.name)
  doc.setCreator(paper.home.name)

  let page: PDFPage = doc.addPage([A4.width, A4.height])
  let y = A4.height - MARGIN
  const right = A4.width - MARGIN
  const text = (s: string, x: number, size: number, font = regular, color = BLACK) => page.drawText(s, { x, y, size, font, color })
  const textRight = (s: string, x: number, size: number, font = regular) => text(s, x - font.widthOfTextAtSize(s, size), size, font)
  const newPageIfNeeded = (needed: number) => {
    if (y - needed > MARGIN + 20) return
    page = doc.addPage([A4.width, A4.height])
    y = A4.height - MARGIN
  }

  // The title and number at the right; the home, as Settings gives it, at the left: beside them
  // wrapped short of them (a long name or address never runs under the title), under them the
  // page's whole width.
  const title = paper.title.toUpperCase()
  const numberText = paper.number ? `${w.number} ${paper.number}` : ''
  const titleWidth = Math.max(bold.widthOfTextAtSize(title, 18), numberText ? regular.widthOfTextAtSize(numberText, 11) : 0)
  const titleY = y
  const widthAt = (at: number) => (at > (numberText ? titleY - 26 : titleY - 12) ? right - MARGIN - titleWidth - 24 : right - MARGIN)
  page.drawText(title, { x: right - bold.widthOfTextAtSize(title, 18), y: titleY, size: 18, font: bold })
  if (numberText) page.drawText(numberText, { x: right - regular.widthOfTextAtSize(numberText, 11), y: titleY - 18, size: 11, font: regular })
  wrap(paper.home.name, bold, 16, widthAt(y)).forEach((l, i) => {
    if (i > 0) y -= 18
    text(l, MARGIN, 16, bold)
  })
  y -= 16
  // Phone and e-mail share a line where it holds both.
  const contact = [`${w.phone}: ${paper.home.phone}`, `${w.email}: ${paper.home.email}`]
  const homeLines: string[][] = [[paper.home.address], contact, ...(paper.home.kra_pin ? [[`${w.kraPin}: ${paper.home.kra_pin}`]] : [])]
  for (const parts of homeLines.map((p) => p.filter(Boolean)).filter((p) => p.length > 0)) {
    const together = parts.join('   ')
    // What fits is drawn as it is (wrapping would close the gap between phone and e-mail); else each part wraps.
    const lines = regular.widthOfTextAtSize(together, 9) <= widthAt(y) ? [together] : parts.flatMap((part) => wrap(part, regular, 9, widthAt(y)))
    for (const l of lines) {
      text(l, MARGIN, 9, regular, GREY)
      y -= 12
    }
  }
  // The number sits two lines under the title: a home of one short line still clears it.
  y = Math.min(y, titleY - 30)
  y -= 8
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 1, color: BLACK })
  y -= 20

  // A value longer than its column (a relative's name of 100 characters) wraps under itself.
  for (const [label, value] of paper.facts) {
    text(`${label}:`, MARGIN, 10, bold)
    wrap(value, regular, 10, right - MARGIN - 150).forEach((l, i) => {
      if (i > 0) y -= 13
      text(l, MARGIN + 150, 10)
    })
    y -= 14
  }
  y -= 10

  // The table: the first wide column wraps; the others are right-aligned figures.
  const cols = paper.head.length
  const narrow = cols === 5 ? [0, 62] : []
  const figureWidth = cols === 2 ? 120 : 80
  const figures = cols - 1 - narrow.length / 2
  const textCol = narrow.length ? MARGIN + narrow[1]! : MARGIN
  const textWidth = right - textCol - figures * figureWidth - 8
  const figureRight = (i: number) => right - (figures - 1 - i) * figureWidth
  const row = (cells: string[], font: PDFFont) => {
    const first = narrow.length ? 1 : 0
    const wrapped = wrap(cells[first] ?? '', font, 10, textWidth)
    newPageIfNeeded(wrapped.length * 13 + 6)
    if (narrow.length) text(cells[0] ?? '', MARGIN, 10, font)
    wrapped.forEach((l, i) => page.drawText(l, { x: textCol, y: y - i * 13, size: 10, font }))
    cells.slice(first + 1).forEach((c, i) => textRight(c, figureRight(i), 10, font))
    y -= wrapped.length * 13 + 5
  }
  row(paper.head, bold)
  page.drawLine({ start: { x: MARGIN, y: y + 9 }, end: { x: right, y: y + 9 }, thickness: 0.5, color: BLACK })
  for (const cells of paper.rows) row(cells, regular)
  page.drawLine({ start: { x: MARGIN, y: y + 9 }, end: { x: right, y: y + 9 }, thickness: 0.5, color: BLACK })
  y -= 6

  paper.totals.forEach(([label, amount], i) => {
    newPageIfNeeded(16)
    const font = i === paper.totals.length - 1 ? bold : regular
    textRight(label, right - 130, 11, font)
    textRight(amount, right, 11, font)
    y -= 16
  })
  y -= 12
  for (const note of paper.notes) {
    for (const l of wrap(note, regular, 9, right - MARGIN)) {
      newPageIfNeeded(12)
      text(l, MARGIN, 9, regular, GREY)
      y -= 12
    }
    y -= 4
  }

  const pages = doc.getPages()
  pages.forEach((p, i) => {
    const foot = `${paper.home.name} · ${paper.title}${paper.number ? ` ${paper.number}` : ''} · ${w.page} ${i + 1}/${pages.length}`
    p.drawText(foot, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GREY })
  })
  return doc.save({ useObjectStreams: true })
}
