/** Small real files of each kind, built in memory for the storage tests (no binary fixtures in the repo). */
import { crc32, deflateSync } from 'node:zlib'

export const pdfFile = () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1')

export const jpegFile = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]), Buffer.from([0xff, 0xd9])])

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A grey PNG, 1×1 unless told. */
export function pngFile(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    // Each row: filter 0, then its grey pixels.
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => Buffer.from([0, ...new Array<number>(width).fill(0x80)]))))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** The header sector of an OLE2 compound file, as a Word 97–2003 .doc starts. */
export const docFile = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])

/** A zip of stored (uncompressed) entries: local headers, central directory, end record. */
export function zipFile(entries: Array<[name: string, content: string]>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const data = Buffer.from(content, 'utf8')
    const crc = crc32(data)
    /** Both headers carry crc, sizes and name length in the same order, at their own offset. */
    const header = (length: number, signature: number, fieldsAt: number) => {
      const h = Buffer.alloc(length)
      h.writeUInt32LE(signature, 0)
      h.writeUInt16LE(20, 4) // version needed (local) / made by (central)
      h.writeUInt32LE(crc, fieldsAt)
      h.writeUInt32LE(data.length, fieldsAt + 4)
      h.writeUInt32LE(data.length, fieldsAt + 8)
      h.writeUInt16LE(nameBytes.length, fieldsAt + 12)
      return h
    }
    const local = header(30, 0x04034b50, 14)
    const central = header(46, 0x02014b50, 16)
    central.writeUInt16LE(20, 6) // version needed
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="${main}"/></Types>`

export const docxFile = () =>
  zipFile([
    [
      '[Content_Types].xml',
      CONTENT_TYPES('/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    ],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'],
    ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
  ])

/** A workbook is a zip too, but not a Word document. */
export const xlsxFile = () =>
  zipFile([
    ['[Content_Types].xml', CONTENT_TYPES('/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')],
    ['xl/workbook.xml', '<?xml version="1.0"?><workbook/>'],
  ])

/** The start of a Windows program (MZ header with its PE signature). */
export function exeFile(): Buffer {
  const file = Buffer.alloc(512)
  file.write('MZ', 0, 'latin1')
  file.writeUInt32LE(0x80, 0x3c)
  file.write('PE\0\0', 0x80, 'latin1')
  return file
}

/** `size` bytes that start as a PDF. */
export function pdfOfSize(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20)
  pdfFile().copy(file)
  return file
}
