/**
 * What a pre-rendered page's first paint waits for, moved into its HTML (build/prerender-pages.ts).
 *
 * On a phone's slow line every request is a round trip (slow 4G: 562 ms) after the HTML has arrived
 * and been read, and the page's stylesheet is one the browser must have before it paints anything.
 * Measured with Lighthouse on `/` (devtools throttling), the first paint waited for that stylesheet
 * and the largest paint for the hero picture, each fetched beside twenty-five modulepreloads.
 * So the pages carry:
 * - their stylesheets inline (3.6 KB gzip): the page paints from its HTML alone. A `disabled` link to
 *   the same file stays in the head: browsers do not fetch a disabled stylesheet, and Vite's preload
 *   helper, which loads a lazy chunk's CSS unless a `<link rel="stylesheet">` to it is already in the
 *   document, sees it there and does not download the styles a second time when a screen loads.
 * - their small first-screen pictures (the logo, the dawn over the hills: 0.6 and 1.3 KB SVG) as
 *   `data:` addresses, with React's preload hint for them dropped. A picture marked `loading="lazy"`
 *   is below the first screen and stays a file. React does not compare an `<img>`'s `src` when it
 *   takes the page over, so the element keeps the address it came with.
 */

/** A file of the build by its path from the site's root (`/assets/index-abc.css`); null if none. */
export type ReadBuilt = (path: string) => string | null

/** Pictures up to this size travel in the page; larger ones are worth a request of their own. */
export const INLINE_PICTURE_MAX = 2048

const STYLESHEET = /<link rel="stylesheet"([^>]*?) href="([^"]+\.css)"([^>]*)>/g
const IMG_SRC = /<img\b[^>]*>/g
const IMAGE_PRELOAD = /<link rel="preload" as="image" href="([^"]+)"[^>]*\/?>/g

/** An SVG as a `data:` URL that stays readable and compresses with the page (no base64). */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, ' ')
  return `data:image/svg+xml,${compact.replace(/["%#<>&]/g, (c) => encodeURIComponent(c))}`
}

/** `html` with its stylesheets and small first-screen SVG pictures inline (see above). */
export function inlineFirstPaint(html: string, read: ReadBuilt): string {
  const inlined = new Set<string>()
  let out = html.replace(STYLESHEET, (link, before: string, href: string, after: string) => {
    const css = read(href)
    if (css === null) return link
    // `</style` inside the rules would end the element early; a build never writes it, but refuse.
    if (/<\/style/i.test(css)) throw new Error(`first-paint: ${href} cannot be inlined`)
    return `<link rel="stylesheet"${before} href="${href}"${after.replace(/\s*\/$/, '')} disabled>\n    <style data-inlined="${href}">${css.trim()}</style>`
  })
  out = out.replace(IMG_SRC, (img) => {
    if (/\bloading="lazy"/.test(img)) return img
    const src = /\bsrc="(\/[^"]+\.svg)"/.exec(img)?.[1]
    if (!src) return img
    const svg = read(src)
    if (svg === null || Buffer.byteLength(svg) > INLINE_PICTURE_MAX) return img
    inlined.add(src)
    return img.replace(`src="${src}"`, `src="${svgDataUrl(svg)}"`)
  })
  return out.replace(IMAGE_PRELOAD, (link, href: string) => (inlined.has(href) ? '' : link))
}

/**
 * Moves the web fonts' `@font-face` rules (those with a `url(…)`: not the local fallbacks of the same
 * metrics) out of the page's inline style into `<template id="font-faces">`, which the browser
 * neither applies nor fetches from.
 */
export function setFontFacesAside(html: string): string {
  const faces: string[] = []
  const out = html.replace(/<style>([^<]*)<\/style>/, (whole, css: string) => {
    const rest = css.replace(/@font-face\{[^}]*url\([^}]*\}/g, (face) => (faces.push(face), ''))
    return faces.length ? `<style>${rest}</style>` : whole
  })
  return faces.length ? out.replace('</head>', `  <template id="font-faces"><style>${faces.join('')}</style></template>\n  </head>`) : html
}
