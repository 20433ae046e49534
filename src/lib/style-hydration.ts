/**
 * Griffel's renderer for a page whose HTML came with its styles (build/prerender-pages.ts), made
 * cheap to take over on a slow phone.
 *
 * Griffel's own take-over (`rehydrateRendererCache`, run by its RendererProvider inside the first
 * render) parses the text of every pre-rendered `<style>` again with its CSS compiler to learn which
 * rules are already there: on the sign-in page that one step was 45 ms of a 4x-slowed CPU in a single
 * unit of work React cannot cut. The rules in those elements are Griffel's own output written one
 * after the other, so cutting the text where each top-level rule's braces close gives back the very
 * strings it keys its cache by (a unit test compares the two over Fluent's styles).
 *
 * Then, every component instance inserts its whole style hook's rules on mount, though all but the
 * first find them cached; the renderer here skips a rules object it has already inserted.
 */
import { createDOMRenderer, type GriffelRenderer } from '@fluentui/react-components'

const BUCKET = 'data-make-styles-bucket'
const PRIORITY = 'data-priority'
const CONTAINER = 'data-container'

/**
 * The top-level rules of a Griffel `<style>` element's text, exactly as Griffel inserted them: a
 * rule ends where its outermost braces close (or at a `;` outside any braces); quoted strings and
 * comments are skipped over.
 */
export function splitCSSRules(css: string): string[] {
  const rules: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < css.length; i++) {
    const c = css.charCodeAt(i)
    if (c === 34 || c === 39) {
      // A quoted string ("…" or '…'), backslash escapes included.
      for (i++; i < css.length && css.charCodeAt(i) !== c; i++) if (css.charCodeAt(i) === 92) i++
    } else if (c === 47 && css.charCodeAt(i + 1) === 42) {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 1
    } else if (c === 123) depth++
    else if (c === 125) {
      depth--
      if (depth === 0) {
        rules.push(css.slice(start, i + 1))
        start = i + 1
      }
    } else if (c === 59 && depth === 0) {
      rules.push(css.slice(start, i + 1))
      start = i + 1
    }
  }
  return rules
}

type StyleSheets = GriffelRenderer['stylesheets']
type StyleSheet = StyleSheets[string]

/** Griffel's handle on a `<style>` element it did not create (its own `createIsomorphicStyleSheetFromElement`). */
function sheetFor(element: HTMLStyleElement): StyleSheet {
  const elementAttributes: Record<string, string> = {}
  for (const attr of Array.from(element.attributes)) elementAttributes[attr.name] = attr.value
  return {
    elementAttributes,
    element,
    bucketName: elementAttributes[BUCKET] as StyleSheet['bucketName'],
    insertRule: (rule: string) => element.sheet?.insertRule(rule, element.sheet.cssRules.length) ?? 0,
    cssRules: () => (element.sheet ? Array.from(element.sheet.cssRules, (r) => r.cssText) : []),
  }
}

/** Griffel's key for a bucket's sheet (`getStyleSheetKey`): the bucket, its media or container condition, its priority. */
function keyFor(element: HTMLStyleElement): string {
  const bucket = element.getAttribute(BUCKET) ?? ''
  const priority = element.getAttribute(PRIORITY) ?? '0'
  const condition = element.getAttribute(CONTAINER) ?? (element.media || '0')
  return bucket === 'm' || bucket === 'x' ? bucket + condition + priority : bucket + priority
}

/** A renderer that already knows the page's pre-rendered rules (give `rendererTargetDocument` to its provider). */
export function createHydratingRenderer(doc: Document): GriffelRenderer {
  const renderer = createDOMRenderer(doc)
  doc.querySelectorAll<HTMLStyleElement>(`style[${BUCKET}]`).forEach((element) => {
    const bucket = element.getAttribute(BUCKET) ?? ''
    const key = keyFor(element)
    renderer.stylesheets[key] ??= sheetFor(element)
    for (const rule of splitCSSRules(element.textContent ?? '')) renderer.insertionCache[rule] = bucket as StyleSheet['bucketName']
  })
  const insert = renderer.insertCSSRules.bind(renderer)
  // Each style hook's rules are one object for all its instances; once in, they are all cached.
  const inserted = new WeakSet<object>()
  renderer.insertCSSRules = (cssRules) => {
    if (inserted.has(cssRules)) return
    inserted.add(cssRules)
    insert(cssRules)
  }
  return renderer
}

/**
 * What the RendererProvider is given as its document: one with no pre-rendered styles to read, so
 * it does not parse them again (its only use of the document is that reading).
 */
export const rendererTargetDocument = { querySelectorAll: () => [] } as unknown as Document
