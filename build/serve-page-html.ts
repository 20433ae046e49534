import type { Plugin } from 'vite'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pageFileFor, pageLanguage, shellDirFor } from '../shared/page-language.ts'

/**
 * `vite preview` answers as a real host is set up for the pre-rendered pages (prerender-pages.ts):
 * a path with its own HTML (`login/index.html`) gets it, any other page path the plain shell
 * `spa.html` (index.html is the pre-rendered home page, not a shell). Without it, preview would
 * serve the home page's markup for `/dashboard/...` and React would hydrate the wrong page.
 */
export function servePageHtml(): Plugin {
  return {
    name: 'serve-page-html',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split(/[?#]/)[0] ?? '/'
        const accepts = req.headers.accept?.includes('text/html')
        if (req.method === 'GET' && accepts && !/\.[a-z0-9]+$/i.test(path)) {
          const shell = shellDirFor(path)
          const own = existsSync(join(outDir, path, 'index.html'))
            ? `${path.replace(/\/$/, '')}/index.html`
            : shell && existsSync(join(outDir, shell, 'index.html'))
              ? `/${shell}/index.html`
              : '/spa.html'
          const language = pageLanguage(req.headers.cookie, req.headers['accept-language'])
          req.url = pageFileFor(own, language, (f) => existsSync(join(outDir, f)))
        }
        next()
      })
    },
  }
}
