import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** The same list as server/static.ts compresses. */
const TEXT = /\.(html|js|css|svg|json|webmanifest|txt)$/

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return textFiles(path)
    return TEXT.test(name) ? [path] : []
  })
}

/**
 * `file.br` (brotli 11) and `file.gz` (gzip 9) beside every text file of the build, so the server
 * sends them as they are (server/static.ts) and never compresses a build file itself: brotli 11 on
 * the largest chunk took ~100 ms, and on the request path it held up every other request. Run at
 * the end of the build, after the pre-rendered pages are written (build/prerender-pages.ts); the
 * thread pool does the work, several files at a time.
 */
export async function precompressDir(dir: string): Promise<void> {
  await Promise.all(
    textFiles(dir).map(async (file) => {
      const raw = readFileSync(file)
      const [br, gz] = await Promise.all([brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }), gzipAsync(raw, { level: 9 })])
      writeFileSync(`${file}.br`, br)
      writeFileSync(`${file}.gz`, gz)
    }),
  )
}
