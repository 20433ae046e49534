import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import { themeStylesheet } from './build/theme-stylesheet.ts'
import { stylesAheadOfTime } from './build/styles-ahead-of-time.ts'
import { prerenderPages } from './build/prerender-pages.ts'
import { servePageHtml } from './build/serve-page-html.ts'
import { printDemoAccounts } from './build/print-demo-accounts.ts'

// Each plugin lives in build/ with the reason it exists; the Vitest settings in vitest.config.ts.
// Mock mode (MSW in the browser) is on for `--mode mock` unless a real API host is given.
// `__MOCK__` is a compile-time constant, so `npm run build` drops every byte of mock code.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const mock = mode === 'mock' && !env.VITE_API_URL
  return {
    plugins: [react(), themeStylesheet(), stylesAheadOfTime(), prerenderPages(), servePageHtml(), ...(mock ? [printDemoAccounts()] : [])],
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
        output: {
          // React, its JSX runtime and React DOM in one chunk: every page needs all of them, and
          // left to itself the bundler splits them into several tiny first-load requests (one request
          // and 0.6 KB fewer on `/`).
          codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
        },
      },
    },
  }
})
