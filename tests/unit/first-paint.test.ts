/** The pre-rendered pages carry what their first paint waits for (build/first-paint.ts). */
import { describe, expect, it } from 'vitest'
import { inlineFirstPaint, setFontFacesAside, svgDataUrl } from '../../build/first-paint'

const FILES: Record<string, string> = {
  '/assets/index-abc.css': 'body{margin:0}\n',
  '/logo-mark.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">\n  <circle fill="#34634b" r="22"/></svg>',
  '/illustrations/big.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0"/>'.repeat(200)}</svg>`,
}
const read = (path: string) => FILES[path] ?? null

describe('a pre-rendered page paints from its HTML alone', () => {
  const html = inlineFirstPaint(
    [
      '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root">',
      '<link rel="preload" as="image" href="/logo-mark.svg"/><link rel="preload" as="image" href="/illustrations/big.svg"/>',
      '<img src="/logo-mark.svg" alt="" width="28" height="28"/><img src="/illustrations/big.svg" alt=""/>',
      '<img src="/illustrations/lily.svg" loading="lazy" alt=""/><img src="/logo-mark.svg" loading="lazy" alt=""/></div></body>',
    ].join(''),
    read,
  )

  it('its stylesheet is inline, and a disabled link to it keeps Vite from loading it again for a lazy screen', () => {
    expect(html).toContain('<style data-inlined="/assets/index-abc.css">body{margin:0}</style>')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>')
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/)
  })

  it('small first-screen pictures are data: addresses without a preload; large or lazy ones stay files', () => {
    expect(html).toContain(`<img src="${svgDataUrl(FILES['/logo-mark.svg']!)}" alt="" width="28" height="28"/>`)
    expect(html).not.toContain('href="/logo-mark.svg"')
    expect(html).toContain('<link rel="preload" as="image" href="/illustrations/big.svg"/>')
    expect(html).toContain('<img src="/illustrations/big.svg" alt=""/>')
    expect(html).toContain('<img src="/illustrations/lily.svg" loading="lazy"')
    expect(html).toContain('<img src="/logo-mark.svg" loading="lazy"')
  })

  it('the data: address is the SVG itself, one line, with what a URL or an attribute would misread escaped', () => {
    const url = svgDataUrl(FILES['/logo-mark.svg']!)
    expect(url).not.toMatch(/["#<>&\n]|%(?![0-9A-F]{2})/)
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"> <circle fill="#34634b" r="22"/></svg>')
  })
})

describe("the family shell's web fonts set aside", () => {
  const face = (name: string) => `@font-face{font-family:${name};font-display:optional;src:url(/assets/${name}.woff2)format("woff2")}`
  const fallback = '@font-face{font-family:Inter fallback;src:local(Arial);size-adjust:107%}'
  const page = `<html><head><style>${face('inter')}${face('fraunces')}${fallback}body{margin:0}</style></head><body></body></html>`

  it('moves the faces that download into an inert template and keeps the local fallbacks and the rest in place', () => {
    const out = setFontFacesAside(page)
    expect(out).toContain(`<style>${fallback}body{margin:0}</style>`)
    expect(out).toContain(`<template id="font-faces"><style>${face('inter')}${face('fraunces')}</style></template>`)
    expect(out.indexOf('<template id="font-faces">')).toBeLessThan(out.indexOf('</head>'))
  })

  it('leaves a page without such faces as it is', () => {
    const plain = `<html><head><style>${fallback}</style></head></html>`
    expect(setFontFacesAside(plain)).toBe(plain)
  })
})
