import { build as viteBuild, defineConfig, loadEnv, type Plugin, type ResolvedConfig } from 'vite'
import type { OutputBundle, OutputChunk } from 'rolldown'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import type { PrerenderedPage } from './src/entry-prerender'
import { configDefaults } from 'vitest/config'
import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import griffel from '@griffel/vite-plugin'
import { DEMO_ACCOUNTS } from './mocks/demo-accounts.ts'
import { tokens } from '@fluentui/react-theme'
import { appTheme, themeCss } from './src/app/theme.ts'

/** In mock mode, print the demo accounts under Vite's URL banner (dev server and preview). */
function printDemoAccounts(): Plugin {
  const print = () => {
    const lines = DEMO_ACCOUNTS.map((a) => `    ${a.label.padEnd(18)} ${a.email.padEnd(24)} ${a.password}`)
    console.log(`\n  Mock backend on. Demo accounts:\n${lines.join('\n')}\n  M-Pesa test numbers: see README.md\n`)
  }
  return {
    name: 'print-demo-accounts',
    configureServer(server) {
      server.httpServer?.once('listening', () => setTimeout(print, 50))
    },
    configurePreviewServer(server) {
      server.httpServer?.once('listening', () => setTimeout(print, 50))
    },
  }
}

/**
 * `virtual:app-theme.css`: the Fluent theme (src/app/theme.ts) as CSS custom properties, computed
 * here at build time, so the browser neither downloads the token tables nor builds the theme.
 */
function themeStylesheet(): Plugin {
  const id = 'virtual:app-theme.css'
  const resolved = '\0' + id
  return {
    name: 'app-theme-stylesheet',
    resolveId: (source) => (source === id ? resolved : null),
    load: (loaded) => (loaded === resolved ? themeCss(appTheme) : null),
  }
}

/**
 * Griffel's ahead-of-time transform (Fluent UI's recommended production set-up): our makeStyles
 * calls become precomputed class maps and CSS rules at build time, as Fluent's own components
 * already ship. The browser then neither downloads Griffel's style compiler and the token table nor
 * runs them while the first screen renders. Builds only (Vitest and the dev server use the runtime).
 * The evaluator reads our TypeScript with Babel's presets.
 */
function stylesAheadOfTime(): Plugin {
  return {
    ...griffel({
      include: ['src/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] },
    }),
    // The build-time render (prerenderPages) runs Griffel at run time: the same class names.
    apply: (_, env) => !env.isSsrBuild,
  }
}

/**
 * Fluent's `tokens` is one object of ≈500 names whose every value is `var(--name)`; a single
 * `tokens.x` read left in a module (Fluent's Button styles have one at module level, and so do some
 * of our inline styles) keeps the whole table in the bundle, since a bundler cannot drop unused
 * properties of an object. At build time each `tokens.x` read in a module that imports `tokens`
 * from Fluent becomes its string, so the table is never downloaded. Builds only, like Griffel's
 * transform; the values are read from Fluent itself, so they cannot drift.
 */
function tokensAsCssVariables(): Plugin {
  const values: Record<string, string> = tokens
  const importsTokens = /import\s*\{[^}]*\btokens\b[^}]*\}\s*from\s*['"]@fluentui\/(?:react-components|react-theme|tokens)['"]/
  const read = /(?<![\w$.])tokens\.([A-Za-z_$][\w$]*)/g
  return {
    name: 'fluent-tokens-as-css-variables',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '') || !importsTokens.test(code)) return null
      const replaced = code.replace(read, (whole, name: string) => (name in values ? JSON.stringify(values[name]) : whole))
      return replaced === code ? null : { code: replaced, map: null }
    },
  }
}

/** The pages pre-rendered at build time, each into its own HTML (see `prerenderPages`). */
const PAGE_HTML = [
  { path: '/', module: 'src/features/public/landing/landing-page.tsx', title: 'Amani Funeral Home' },
  { path: '/login', module: 'src/features/public/login/login-page.tsx', title: 'Sign in · Amani Funeral Home' },
  { path: '/register', module: 'src/features/public/register/register-page.tsx', title: 'Create an account · Amani Funeral Home' },
]

/**
 * Per-path HTML at build time, so a family's first visit paints sooner:
 * - `/`, `/login` and `/register` are pre-rendered: React renders each in Node
 *   (src/entry-prerender.tsx, built for SSR next to the app) and its markup and Griffel styles are
 *   written into `index.html`, `login/index.html`, `register/index.html`; the page paints before
 *   any script runs, and src/main.tsx hydrates it.
 * - Each of them modulepreloads its own screen's chunks (/login does not download the home
 *   page's), so the screen's code arrives in parallel with the entry instead of after it.
 * - `spa.html` is the plain shell for every other path (portals, the other public pages): a host
 *   serves `path/index.html` when it exists, else `spa.html` (tests/static-server.mjs, and `vite
 *   preview` through `servePageHtml`).
 */
function prerenderPages(): Plugin {
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
      const rendered = await renderInWorker(pathToFileURL(join(ssrOut, 'entry-prerender.js')).href, PAGE_HTML.map((p) => p.path))

      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
      const alreadyLoaded = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))
      /** The files a screen needs before it runs, beyond what the shell already loads. */
      const preloadsOf = (module: string) => {
        const facade = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module))
        if (!facade) throw new Error(`prerender-pages: no chunk for ${module}`)
        const js = new Set<string>()
        const css = new Set<string>()
        const visit = (chunk: OutputChunk) => {
          if (js.has(chunk.fileName)) return
          js.add(chunk.fileName)
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f))
          chunk.imports.forEach((f) => visit(bundle![f] as OutputChunk))
        }
        visit(facade)
        const base = config.base
        return [
          ...[...css].filter((f) => !alreadyLoaded.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
          ...[...js].filter((f) => !alreadyLoaded.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
        ].join('\n    ')
      }

      for (const page of PAGE_HTML) {
        let html = shell
          .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
          .replace('</head>', `  ${preloadsOf(page.module)}\n  </head>`)
        const { html: markup, styles } = rendered[page.path]!
        html = html.replace('</head>', `${styles}\n  </head>`).replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.path}">${markup}</div>`)
        // The page paints from its HTML and CSS alone; its scripts only make it interactive, so
        // they must not compete with the stylesheet for a slow link (nor be taken for render-blocking).
        html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
        const file = page.path === '/' ? join(outDir, 'index.html') : join(outDir, page.path.slice(1), 'index.html')
        mkdirSync(join(file, '..'), { recursive: true })
        writeFileSync(file, html)
      }
      rmSync(ssrOut, { recursive: true, force: true })
    },
  }
}

/**
 * Render the pages in a worker thread that is ended afterwards: the app's modules may leave timers
 * behind (idle callbacks, focus trackers), which would keep the build's process alive for seconds.
 */
async function renderInWorker(entry: string, paths: string[]): Promise<Record<string, PrerenderedPage>> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     import(workerData.entry)
       .then(async ({ prerenderPage }) => {
         const pages = {}
         for (const path of workerData.paths) pages[path] = await prerenderPage(path)
         parentPort.postMessage({ pages })
       })
       .catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }))`,
    { eval: true, workerData: { entry, paths } },
  )
  try {
    const [reply] = (await once(worker, 'message')) as [{ pages?: Record<string, PrerenderedPage>; error?: string }]
    if (reply.error || !reply.pages) throw new Error(`prerender-pages: ${reply.error}`)
    return reply.pages
  } finally {
    await worker.terminate()
  }
}

/**
 * `vite preview`: a path with its own HTML (`login/index.html`) gets it, any other page path the
 * plain shell `spa.html` (index.html is the pre-rendered home page), as a real host is set up.
 */
function servePageHtml(): Plugin {
  return {
    name: 'serve-page-html',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split(/[?#]/)[0] ?? '/'
        const accepts = req.headers.accept?.includes('text/html')
        if (req.method === 'GET' && accepts && path !== '/' && !/\.[a-z0-9]+$/i.test(path)) {
          const own = join(outDir, path, 'index.html')
          try {
            readFileSync(own)
            req.url = `${path.replace(/\/$/, '')}/index.html`
          } catch {
            req.url = '/spa.html'
          }
        }
        next()
      })
    },
  }
}

const TEST_FILES = ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/mock/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts']
/** Test files that use vi.mock (module replacement needs a module graph of their own). */
const MODULE_MOCKING_TESTS = ['tests/integration/public-pages.test.tsx', 'tests/integration/slow-code.test.tsx']

// Mock mode (MSW in the browser) is on for `--mode mock` unless a real API host is given.
// `__MOCK__` is a compile-time constant, so `npm run build` drops every byte of mock code.
export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const mock = mode === 'mock' && !env.VITE_API_URL
  return {
    plugins: [react(), themeStylesheet(), ...(command === 'build' ? [tokensAsCssVariables(), stylesAheadOfTime()] : []), prerenderPages(), servePageHtml(), ...(mock ? [printDemoAccounts()] : [])],
    define: {
      __MOCK__: JSON.stringify(mock),
    },
    resolve: {
      // The use-sync-external-store shim is for React 17 and older; @xstate/react, TanStack's store
      // and Fluent still import it. On React 19, React's own hook does the job (no duplicate code).
      alias: [
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts') },
      ],
    },
    server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
    preview: { port: Number(process.env.PORT ?? 4173) },
    build: {
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          // React, its JSX runtime and React DOM in one chunk: every page needs all of them, and
          // left to itself the bundler splits them into several tiny first-load requests.
          codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
        },
      },
    },
    test: {
      environment: 'happy-dom',
      environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
      setupFiles: ['tests/setup.ts'],
      env: { VITE_API_URL: 'http://localhost:3000/api' },
      testTimeout: 15000,
      pool: 'threads',
      // Vitest's default is one worker per core minus one: a single worker on CI's 2 cores.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Test files share their worker's module graph (no re-import of React, Fluent and the app for
      // every file: the suite runs in about half the time). Every test still starts from a fresh
      // database, handlers, storage and DOM (tests/setup.ts). Files that replace a module with
      // vi.mock need their own graph and keep Vitest's isolation.
      projects: [
        { extends: true, test: { name: 'shared', isolate: false, include: TEST_FILES, exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS] } },
        { extends: true, test: { name: 'isolated', include: MODULE_MOCKING_TESTS } },
      ],
    },
  }
})
