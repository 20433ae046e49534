/**
 * Build time only (build/prerender-pages.ts): the public pages rendered to HTML in Node,
 * so a phone paints the home page's text from the HTML itself, before any script has run; the
 * browser then hydrates it (src/main.tsx). Never part of the browser's bundle.
 */
import { PassThrough } from 'node:stream'
import { prerenderToNodeStream } from 'react-dom/static'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { createDOMRenderer, FluentProvider, RendererProvider, renderToStyleElements } from '@fluentui/react-components'
import { App } from './app/app'
import { PageLoading } from './app/page-loading'
import { LanguageProvider } from './app/language-provider'
import { activateLocale, type Locale } from './lib/i18n'

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string
  /** Griffel's <style> elements for what the page uses (the browser rehydrates them). */
  styles: string
}

function page(path: string, renderer = createDOMRenderer()) {
  return (
    <RendererProvider renderer={renderer}>
      <App initialPath={path} />
    </RendererProvider>
  )
}

/** Render one path as the browser's first render would, with its lazy screens in place. */
export async function prerenderPage(path: string, locale: Locale = 'en'): Promise<PrerenderedPage> {
  await activateLocale(locale)
  // A first pass waits for the page's lazy screens to load. Rendered again with them loaded, in one
  // piece, every Suspense boundary is complete in place: the HTML shows the page itself, not a
  // "Loading…" fallback that an inline script would swap out later (as streaming output does).
  const { prelude } = await prerenderToNodeStream(page(path))
  for await (const chunk of prelude.pipe(new PassThrough())) void chunk
  const renderer = createDOMRenderer()
  const html = renderToString(page(path, renderer))
  // A boundary still waiting (<!--$?-->) or left to the browser (<!--$!-->) would paint "Loading…".
  if (/<!--\$[?!]-->/.test(html)) throw new Error(`prerender: ${path} still has a Suspense boundary that is not complete`)
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) }
}

/**
 * What the app draws first in a portal's shell, while its code arrives: "Loading…" and the home's
 * number, inside the same provider as the app's (src/app/app.tsx), so the app's first render puts
 * back exactly what was painted from the HTML. Not hydrated: the app draws over it.
 */
export async function prerenderLoading(locale: Locale = 'en'): Promise<PrerenderedPage> {
  await activateLocale(locale)
  const renderer = createDOMRenderer()
  const html = renderToString(
    <RendererProvider renderer={renderer}>
      <LanguageProvider>
        <FluentProvider theme={{}} style={{ minHeight: '100vh' }}>
          <PageLoading />
        </FluentProvider>
      </LanguageProvider>
    </RendererProvider>,
  )
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) }
}
