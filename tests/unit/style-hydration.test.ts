/**
 * The renderer that takes over a pre-rendered page's styles (src/lib/style-hydration.ts): it knows
 * the rules already in the page, inserts none of them again and adds no `<style>` element for them,
 * and still inserts a rule the page did not have, in the right element.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createHydratingRenderer } from '../../src/lib/style-hydration'

const RESET = '.r1abc{display:flex;}.r1abc:focus{outline:none;}'
const ATOMIC: string[] = ['.f1a{color:red;}', '.f2b{padding:4px;}']
const NARROW = '@media (max-width: 480px){.f3c{display:none;}}'

afterEach(() => {
  document.head.innerHTML = ''
})

function page() {
  document.head.innerHTML = [
    `<style data-make-styles-bucket="r" data-priority="0" data-make-styles-rehydration="true">${RESET}</style>`,
    `<style data-make-styles-bucket="d" data-priority="0" data-make-styles-rehydration="true">${ATOMIC.join('')}</style>`,
    `<style media="(max-width: 480px)" data-make-styles-bucket="m" data-priority="0" data-make-styles-rehydration="true">${NARROW}</style>`,
  ].join('')
}

describe('taking over the styles of a pre-rendered page', () => {
  it('knows every rule already in the page and inserts none of them again', () => {
    page()
    const renderer = createHydratingRenderer(document)
    expect(Object.keys(renderer.insertionCache).sort()).toEqual(['.r1abc{display:flex;}', '.r1abc:focus{outline:none;}', ...ATOMIC, NARROW].sort())
    const before = document.head.innerHTML
    const inserted: string[] = []
    for (const element of document.head.querySelectorAll('style')) element.sheet!.insertRule = (rule: string) => inserted.push(rule)
    renderer.insertCSSRules({ r: ['.r1abc{display:flex;}', '.r1abc:focus{outline:none;}'], d: ATOMIC, m: [[NARROW, { m: '(max-width: 480px)' }]] })
    expect(document.head.querySelectorAll('style')).toHaveLength(3)
    expect(document.head.innerHTML).toBe(before)
    expect(inserted).toEqual([])
  })

  it('inserts a rule the page did not have into its bucket’s element', () => {
    page()
    const renderer = createHydratingRenderer(document)
    const inserted: string[] = []
    for (const element of document.head.querySelectorAll('style')) {
      // (happy-dom's sheets do not keep inserted rules: the insertions are recorded instead)
      element.sheet!.insertRule = (rule: string) => inserted.push(`${element.dataset.makeStylesBucket} ${rule}`)
    }
    renderer.insertCSSRules({ d: ['.f9z{margin:0;}', '.f1a{color:red;}'] })
    expect(document.head.querySelectorAll('style')).toHaveLength(3)
    expect(inserted).toEqual(['d .f9z{margin:0;}'])
    expect(renderer.insertionCache['.f9z{margin:0;}']).toBe('d')
  })
})
