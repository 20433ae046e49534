import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with this comment has all
 * its functions compiled as it streams in, on a background thread, instead of each one on the main
 * thread the first time it is called. Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * The lazily loaded modules whose code runs as a page first draws: the session and its guards, the
 * family's portal and its first screens (the dashboard, a booking's page), and the public pages
 * that are pre-rendered and then hydrated. On the family's cold dashboard, traced on a slowed phone,
 * about half a second of the main thread went to compiling functions on their first call (V8's
 * ParseFunction and CompileCode); with the hint most of it moves to the background thread that
 * streams each file in, while the line is still busy bringing the next.
 */
const FIRST_SCREEN = [
  /\/src\/app\/(session|guards)\.tsx$/,
  /\/src\/app\/portals\/client-portal\.tsx$/,
  /\/src\/features\/client\/dashboard\/client-dashboard-page\.tsx$/,
  /\/src\/features\/client\/bookings\/booking-detail-page\.tsx$/,
  /\/src\/features\/public\/landing\/landing-page\.tsx$/,
  /\/src\/features\/public\/login\/login-page\.tsx$/,
  /\/src\/features\/public\/register\/register-page\.tsx$/,
  /\/src\/features\/public\/contribute\/contribute-route\.tsx$/,
]

export interface ChunkFacts {
  isEntry: boolean
  facadeModuleId: string | null
  /** The chunks it imports statically (by file name): they are loaded and run with it. */
  imports: readonly string[]
}

/**
 * The chunks whose code runs on a first screen: each entry and each first-screen module's chunk,
 * with every chunk they import statically. A chunk only some later screen loads is left alone:
 * compiling all of it would cost the phone time and memory for nothing.
 */
export function chunksToHint(chunks: Readonly<Record<string, ChunkFacts>>, isFirstScreen: (moduleId: string) => boolean = (id) => FIRST_SCREEN.some((re) => re.test(id.replaceAll('\\', '/')))): Set<string> {
  const hinted = new Set<string>()
  const stack = Object.entries(chunks)
    .filter(([, c]) => c.isEntry || (c.facadeModuleId !== null && isFirstScreen(c.facadeModuleId)))
    .map(([name]) => name)
  while (stack.length) {
    const name = stack.pop()!
    if (hinted.has(name) || !chunks[name]) continue
    hinted.add(name)
    stack.push(...chunks[name].imports)
  }
  return hinted
}

/**
 * Puts the hint on the first line of each chunk `chunksToHint` picks, once the bundle is complete:
 * minification would drop a comment added earlier, and only the whole chunk graph says which chunks
 * a first screen runs. As with Vite's own rewriting of its preload lists at this stage, a file's
 * name is hashed before: the hint changes how the file is compiled, never what it does.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.fromEntries(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])))
        for (const name of chunksToHint(chunks)) {
          const chunk = chunks[name]!
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          // One line more at the top: every mapping moves down a line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
        }
      },
    },
  }
}
