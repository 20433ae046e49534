import { build as viteBuild, type Plugin, type ResolvedConfig } from 'vite'
import type { OutputBundle, OutputChunk } from 'rolldown'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { once } from 'node:events'
import { createHash } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import type { PrerenderedPage } from '../src/entry-prerender'
import { precompressDir } from './precompress.ts'
import { inlineFirstPaint, setFontFacesAside, type ReadBuilt } from './first-paint.ts'
import { INLINE_SCRIPTS_FILE } from '../shared/inline-scripts.ts'

interface PageHtml {
  path: string
  /** The path rendered for it, when not `path` itself. */
  render?: string
  module: string | string[]
  catalogs: string[]
  title: Record<'en' | 'sw', string>
  /**
   * Its content is drawn by its scripts (the HTML holds only a frame): they keep the browser's usual
   * priority instead of yielding to the page's fonts and pictures.
   */
  drawnByScripts?: boolean
  /** Not rendered at build time: the plain shell with this page's preloads (a portal's pages). */
  shellOnly?: boolean
  /** An entry of the build, put inline in the page and run as soon as the parser reaches it (src/early-data.ts). */
  early?: string
  /**
   * A portal's screens by path pattern: each one's files are listed in the shell
   * (`#screen-files`, read by src/lib/screen-files.ts), so the screen at the address opened is asked
   * for beside its portal instead of after the portal's code has run.
   */
  screens?: Record<string, string>
  /** The words every one of those screens needs (its portal's catalogues), listed first for each. */
  screenCatalogs?: string[]
  /** The code every one of those screens needs before it (the session, the guards, the portal), listed next. */
  screenPortal?: string[]
}
/** The pages pre-rendered at build time, each into its own HTML. */
const PAGE_HTML: PageHtml[] = [
  { path: '/', module: 'src/features/public/landing/landing-page.tsx', catalogs: ['site', 'home'], title: { en: 'Amani Funeral Home', sw: 'Amani Funeral Home' } },
  { path: '/login', module: 'src/features/public/login/login-page.tsx', catalogs: ['site', 'auth'], title: { en: 'Sign in · Amani Funeral Home', sw: 'Ingia · Amani Funeral Home' } },
  { path: '/register', module: 'src/features/public/register/register-page.tsx', catalogs: ['site', 'auth'], title: { en: 'Create an account · Amani Funeral Home', sw: 'Fungua akaunti · Amani Funeral Home' } },
  // Every relative's link shares this one shell (shared/page-language.ts shellDirFor): the public
  // frame and "Opening the contribution page…", rendered for a placeholder token. The real server
  // writes the link's harambee into it and names the link's path (server/contribute-html.ts), so
  // the app hydrates it; a host of the files alone sends it as it is, and the app draws the page.
  // It paints from its HTML there: its scripts (the form) wait behind the stylesheet, as on `/`
  // (measured on the real server, slowed: 30 modules ahead of the stylesheet put the first paint at 2.8 s).
  {
    path: '/contribute',
    render: '/contribute/link',
    module: ['src/features/public/contribute/contribute-route.tsx', 'src/features/public/contribute/contribute-page.tsx'],
    catalogs: ['site', 'contribute'],
    title: { en: 'Contribute · Amani Funeral Home', sw: 'Changia · Amani Funeral Home' },
  },
  // Every page of the family's portal (shellDirFor): nothing to draw before the session. A tiny
  // script of its own (src/early-data.ts, inline) runs as soon as the HTML is parsed: it asks who is signed in and
  // for the first screen's data, then preloads the files listed here for the screen at the address
  // (`screens`): the words, the session, the guards, the portal, the screen. They are not links in
  // the HTML: ahead of the entry they delayed it (first paint 2.5 s → 6.4 s, and the early requests
  // queued behind them); asked for a moment later, once the entry and React are on their way, the
  // first paint is where it was and a cold dashboard shows its bookings about 0.8 s sooner
  // (docs/performance.md, "The family's portal on a slow line").
  {
    path: '/dashboard/client',
    module: [],
    // The words of the app's first render (1 KB), which waits for them; the portal's come with its code.
    catalogs: ['site'],
    title: { en: 'Amani Funeral Home', sw: 'Amani Funeral Home' },
    drawnByScripts: true,
    shellOnly: true,
    early: 'src/early-data.ts',
    screens: {
      '/dashboard/client': 'src/features/client/dashboard/client-dashboard-page.tsx',
      '/dashboard/client/bookings': 'src/features/client/bookings/bookings-page.tsx',
      '/dashboard/client/bookings/:id': 'src/features/client/bookings/booking-detail-page.tsx',
      '/dashboard/client/documents': 'src/features/client/documents/documents-page.tsx',
      '/dashboard/client/payments': 'src/features/client/payments/payments-page.tsx',
      '/dashboard/client/messages': 'src/features/client/messages/client-messages-page.tsx',
    },
    screenCatalogs: ['portal', 'client'],
    screenPortal: ['src/app/session.tsx', 'src/app/guards.tsx', 'src/app/portals/client-portal.tsx'],
  },
]
const renderPath = (page: PageHtml) => page.render ?? page.path
/** Each page in both languages: `index.html` and `index.sw.html` (shared/page-language.ts picks). */
const LOCALES = ['en', 'sw'] as const

/**
 * Per-path HTML at build time, so a family's first visit paints before any script has run (on
 * slow 4G, about 1.4 s for the largest paint instead of waiting for ≈120 KB of script):
 * - `/`, `/login` and `/register` are pre-rendered: React renders each in Node
 *   (src/entry-prerender.tsx, built for SSR next to the app) and its markup and Griffel styles are
 *   written into `index.html`, `login/index.html`, `register/index.html`; src/main.tsx hydrates it.
 * - Each of them modulepreloads its own screen's chunks (/login does not download the home
 *   page's), so the screen's code arrives in parallel with the entry instead of after it.
 * - `/contribute/{token}` shares `contribute/index.html`: the frame, which the real server fills
 *   with the link's harambee (then hydrated); elsewhere the frame a relative sees while it loads.
 * - `spa.html` is the plain shell for every other path (portals, the other public pages): a host
 *   serves `path/index.html` when it exists, else `spa.html` (scripts/static-server.mjs, and `vite
 *   preview` through serve-page-html.ts).
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig
  let bundle: OutputBundle | undefined
  return {
    name: 'prerender-pages',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
    },
    writeBundle(_, written) {
      bundle = written
    },
    async closeBundle() {
      if (!bundle) return
      const outDir = resolve(config.root, config.build.outDir)
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8')
      writeFileSync(join(outDir, 'spa.html'), shell)

      // The SSR build of the pre-render entry, in a scratch folder outside the output.
      const ssrOut = resolve(config.root, 'node_modules/.cache/prerender', config.mode)
      await viteBuild({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-prerender.tsx',
          outDir: ssrOut,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          // The portals are never rendered at build time (no pre-rendered page reaches them): left
          // out of this build, it takes half the time.
          rolldownOptions: { external: (id) => /[\\/]src[\\/]app[\\/]portals[\\/]/.test(id) },
        },
      })
      const rendered = await renderInWorker(pathToFileURL(join(ssrOut, 'entry-prerender.js')).href, PAGE_HTML.filter((p) => !p.shellOnly).map(renderPath), [...LOCALES])

      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
      const alreadyLoaded = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))
      /** The files a screen needs before it runs, beyond what the shell already loads. */
      const chunkOf = (module: string) => {
        // A module gathered into a group (build/portal-chunks.ts) is no chunk's facade: its group's chunk.
        const facade = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)))
        if (!facade) throw new Error(`prerender-pages: no chunk for ${module}`)
        return facade
      }
      // A page's words (its catalogues, in its language) load beside its code, not after it.
      const preloadsOf = (modules: string | string[], catalogs: string[]) => {
        const js = new Set<string>()
        const css = new Set<string>()
        const visit = (chunk: OutputChunk) => {
          if (js.has(chunk.fileName)) return
          js.add(chunk.fileName)
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f))
          chunk.imports.forEach((f) => visit(bundle![f] as OutputChunk))
        }
        for (const m of [modules].flat()) visit(chunkOf(m))
        for (const c of catalogs) visit(chunkOf(c))
        const base = config.base
        return [
          ...[...css].filter((f) => !alreadyLoaded.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
          ...[...js].filter((f) => !alreadyLoaded.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
        ].join('\n    ')
      }

      const inlineHashes = new Set<string>()
      /** An early entry's code as a classic inline script, its hash kept for the CSP. */
      const earlyScript = (module: string) => {
        const chunk = chunkOf(module)
        if (chunk.imports.length || chunk.dynamicImports.length || chunk.exports.length) throw new Error(`prerender-pages: ${module} must stand alone (no imports, no exports) to be inlined`)
        // Its own scope, as a module had: nothing it declares becomes a global.
        // On a line of its own after the code: a last line comment cannot swallow the call.
        const code = `(()=>{"use strict";${chunk.code.replace(/\/\/# sourceMappingURL=.*$/m, '').trim()}\n})()`
        if (/<\/script|<!--/i.test(code)) throw new Error(`prerender-pages: ${module} holds text that would end its script element`)
        // A classic script: what only a module may hold would not even parse.
        if (/\bimport\.meta\b|^\s*(?:import|export)\b/m.test(code)) throw new Error(`prerender-pages: ${module} still holds module syntax; it cannot be inlined`)
        inlineHashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
        return code
      }
      // The page's stylesheet and first-screen pictures travel in its HTML (build/first-paint.ts).
      const readBuilt: ReadBuilt = (path) => {
        const file = join(outDir, path.slice(config.base.length))
        return path.startsWith(config.base) && existsSync(file) ? readFileSync(file, 'utf8') : null
      }
      for (const page of PAGE_HTML) for (const locale of LOCALES) {
        const catalogs = page.catalogs.map((c) => `src/locales/${locale}/${c}.po`)
        let html = shell
          .replace('<html lang="en">', `<html lang="${locale}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${page.title[locale]}</title>`)
          .replace('</head>', `  ${preloadsOf(page.module, catalogs)}\n  </head>`)
        if (page.screens) {
          const files: Record<string, string[]> = {}
          for (const [pattern, module] of Object.entries(page.screens)) {
            const seen = new Set<string>()
            const visit = (chunk: OutputChunk) => {
              if (seen.has(chunk.fileName) || alreadyLoaded.has(chunk.fileName)) return
              seen.add(chunk.fileName)
              // A chunk's stylesheet too: its import() waits for it, and asked for only once the
              // chunk had run, it cost the dashboard a round trip of its own (0.58 s on slow 4G).
              chunk.viteMetadata?.importedCss.forEach((f) => alreadyLoaded.has(f) || seen.add(f))
              chunk.imports.forEach((f) => visit(bundle![f] as OutputChunk))
            }
            // The words first: the portal renders only once they are in, and import() starts its
            // fetch a task later than a preload link does, so they queued behind the code.
            // Then in the order the app needs them (the session, the guards, the portal, the screen), so
            // each part can start running while the next one is still on its way.
            for (const c of page.screenCatalogs ?? []) visit(chunkOf(`src/locales/${locale}/${c}.po`))
            for (const m of page.screenPortal ?? []) visit(chunkOf(m))
            visit(chunkOf(module))
            files[pattern] = [...seen].map((f) => `${config.base}${f}`)
          }
          // JSON in a script element is inert; `<` is escaped so no file name could close it.
          const json = JSON.stringify(files).replaceAll('<', '\\u003c')
          html = html.replace('</body>', `  <script type="application/json" id="screen-files">${json}</script>\n  </body>`)
        }
        // The early script travels inside the HTML, after the list it reads: a file of its own cost
        // a whole round trip before it could run (0.56 s of Lighthouse's slow 4G), and the requests
        // it starts waited behind it. It runs as soon as the parser reaches it, the entry and its
        // preloads (in the head) already asked for. Allowed by its hash in the server's CSP.
        // (A function, not a string, as the replacement: the code's own `$` signs are not patterns.)
        if (page.early) html = html.replace('</body>', () => `  <script>${earlyScript(page.early!)}</script>\n  </body>`)
        if (!page.shellOnly) {
          const { html: markup, styles } = rendered[`${locale}:${renderPath(page)}`]!
          html = html.replace('</head>', `${styles}\n  </head>`).replace('<div id="root"></div>', `<div id="root" data-prerendered="${renderPath(page)}">${markup}</div>`)
        } else {
          // A portal's shell paints what the app will draw first ("Loading…" and the home's number)
          // before any script: not taken over (no data-prerendered), the app draws the same over it.
          const { html: markup, styles } = rendered[`${locale}:loading`]!
          html = html.replace('</head>', `${styles}\n  </head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
        }
        // A page that paints from its HTML and CSS alone: its scripts only make it interactive, so
        // they must not compete with the stylesheet for a slow link (nor be taken for render-blocking).
        // A page drawn by its scripts needs them first: at low priority, Chromium fetched its twenty
        // small modules one after another on HTTP/1.1 (3.5 s of a relative's slow 4G).
        if (!page.drawnByScripts) html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
        // A portal's shell has no text to paint before its scripts have run: the body font's 48 KB
        // would share the slow line with those scripts (measured: the entry and React arrived
        // ≈ 0.25 s later). It loads when the first text is drawn, over a fallback of the same metrics.
        // And its fonts are used only if already at hand when the text is first drawn (on a later
        // visit, from the cache): arriving after the dashboard was drawn, the headings' face wrapped
        // "Welcome back, …" onto a second line and moved the whole page down (CLS 0.034 on a slowed phone).
        if (page.shellOnly) html = html.replace(/\s*<link rel="preload" href="[^"]+\.woff2" as="font"[^>]*>/g, '').replaceAll('font-display:swap', 'font-display:optional')
        // On a first visit those faces (84 KB) would only be downloaded for the next one, sharing
        // the slow line with the portal's code: they are kept aside, inert, and src/early-data.ts puts
        // them in at once when this device has had them before, else once the first screen's
        // requests are over.
        if (page.early) html = setFontFacesAside(html)
        html = inlineFirstPaint(html, readBuilt)
        // Every inline script as it stands in the page written must be one the policy lists: a
        // later rewrite that touched one would leave it blocked, with no sign but the console's.
        for (const [, inline] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
          if (!inlineHashes.has(`'sha256-${createHash('sha256').update(inline!).digest('base64')}'`)) throw new Error(`prerender-pages: an inline script of ${page.path} is not the one hashed for the CSP`)
        }
        const name = locale === 'en' ? 'index.html' : `index.${locale}.html`
        const file = page.path === '/' ? join(outDir, name) : join(outDir, page.path.slice(1), name)
        mkdirSync(join(file, '..'), { recursive: true })
        writeFileSync(file, html)
      }
      rmSync(ssrOut, { recursive: true, force: true })
      // The inline scripts' hashes, for the server's Content-Security-Policy (server/app.ts); the
      // early scripts' own files are no longer asked for by any page.
      writeFileSync(join(outDir, INLINE_SCRIPTS_FILE), JSON.stringify({ scriptHashes: [...inlineHashes] }) + '\n')
      for (const page of PAGE_HTML) if (page.early) rmSync(join(outDir, chunkOf(page.early).fileName), { force: true })
      // Last, when every file of the build is written: the server sends these copies as they are.
      // Not for the mock build: no server of ours serves it (`vite preview` and static hosts
      // compress for themselves), and brotli 11 over it cost some ten CPU seconds of every test run.
      if (config.mode !== 'mock') await precompressDir(outDir)
    },
  }
}

/** Render the pages in a worker thread (prerender-worker.mjs) that is ended afterwards. */
async function renderInWorker(entry: string, paths: string[], locales: string[]): Promise<Record<string, PrerenderedPage>> {
  const worker = new Worker(new URL('./prerender-worker.mjs', import.meta.url), { workerData: { entry, paths, locales } })
  try {
    const [reply] = (await once(worker, 'message')) as [{ pages?: Record<string, PrerenderedPage>; error?: string }]
    if (reply.error || !reply.pages) throw new Error(`prerender-pages: ${reply.error}`)
    return reply.pages
  } finally {
    await worker.terminate()
  }
}
