import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { themeStylesheet } from './build/theme-stylesheet.ts'
import { stylesAheadOfTime } from './build/styles-ahead-of-time.ts'
import { inlineFluentTokens } from './build/inline-fluent-tokens.ts'
import { prerenderPages } from './build/prerender-pages.ts'
import { servePageHtml } from './build/serve-page-html.ts'
import { printDemoAccounts } from './build/print-demo-accounts.ts'
import { portalChunks } from './build/portal-chunks.ts'
import { compileHints } from './build/compile-hints.ts'

// Each plugin lives in build/ with the reason it exists; the Vitest settings in vitest.config.ts.
// Mock mode (MSW in the browser) is on for `--mode mock` unless a real API host is given.
// `__MOCK__` is a compile-time constant, so `npm run build` drops every byte of mock code.
/**
 * Lingui's macros (`t`, `msg`, `<Trans>`) become message ids at build time, and its catalogues
 * (src/locales/*.po) compiled messages, so the browser carries no message parser. Babel runs only on
 * the files that use a macro; Oxc does everything else.
 */
export const linguiMacros = () =>
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
        rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
      }),
    ],
  })

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const mock = mode === 'mock' && !env.VITE_API_URL
  return {
    plugins: [inlineFluentTokens(), react(), linguiMacros(), lingui(), themeStylesheet(), stylesAheadOfTime(), prerenderPages(), servePageHtml(), ...(isSsrBuild ? [] : [compileHints()]), ...(mock ? [printDemoAccounts()] : [])],
    resolve: {
      // TanStack Form's devtools client, replaced by one that does nothing (its file says why).
      alias: { '@tanstack/devtools-event-client': fileURLToPath(new URL('./build/stubs/devtools-event-client.ts', import.meta.url)) },
    },
    define: {
      __MOCK__: JSON.stringify(mock),
    },
    server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
    preview: { port: Number(process.env.PORT ?? 4173) },
    build: {
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      // Every browser the app supports (current Chrome on the phones families use, Safari 17+,
      // Firefox 115+) understands <link rel="modulepreload">: the polyfill would be first-load bytes
      // for nobody. An older browser still works; it only fetches those chunks when they are needed.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // The app (index.html) and, beside it, the family portal's early request for its first
        // screen's data (src/early-data.ts: no imports; the build puts it inline in the portal's shell). Not
        // in the build-time render's SSR build, whose one entry is its own.
        ...(isSsrBuild ? {} : { input: { index: 'index.html', 'early-data': 'src/early-data.ts' } }),
        output: {
          // React, its JSX runtime and React DOM in one chunk: every page needs all of them, and
          // left to itself the bundler splits them into several tiny first-load requests (one request
          // and 0.6 KB fewer on `/`).
          // The signed-in portals' code in a few chunks instead of dozens (build/portal-chunks.ts says why).
          codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }, ...(isSsrBuild ? [] : [portalChunks()])] },
        },
      },
    },
  }
})
