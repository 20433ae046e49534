/** Code a form needs only once someone uses it waits for the visitor's first act (src/lib/first-interaction.ts). */
import { describe, expect, it, vi } from 'vitest'
import { whenVisitorActs } from '../../src/lib/first-interaction'

describe('when the visitor first acts', () => {
  it('waits for a touch, a key or a focus, then runs once', () => {
    for (const act of [() => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })), () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })), () => document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))]) {
      const run = vi.fn()
      const stop = whenVisitorActs(run)
      document.body.dispatchEvent(new Event('scroll'))
      expect(run).not.toHaveBeenCalled()
      act()
      act()
      expect(run).toHaveBeenCalledTimes(1)
      stop()
    }
  })

  it('runs nothing once cancelled (the page left first)', () => {
    const run = vi.fn()
    whenVisitorActs(run)()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(run).not.toHaveBeenCalled()
  })
})
