import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { DEMO, enterAs, expect, test } from './fixtures'

const require = createRequire(import.meta.url)
const AXE = require.resolve('axe-core/axe.min.js')

/** Run axe-core (WCAG 2.x A + AA) on the page as it is now; list the violations by rule and node. */
async function axeViolations(page: Page) {
  await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    // Tabster's focus guards (<i data-tabster-dummy tabindex=0 aria-hidden>) are how Fluent UI
    // traps and restores focus; they hand focus on at once and are never read. Everything else counts.
    return axe.run({ exclude: [['[data-tabster-dummy]']] } as unknown as Document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
  })
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // Let toasts and transitions finish so axe sees the screen a user sees.
  await page.waitForTimeout(300)
}

test.describe('Accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  for (const path of ['/', '/login', '/register', '/forgot-password', '/about', '/resources/planning', '/resources/grief-support', '/resources/legal']) {
    test(`public page ${path} has no violations`, async ({ page }) => {
      await page.goto(path)
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }

  for (const [role, account] of Object.entries(DEMO)) {
    test(`the ${role} portal home has no violations`, async ({ page }) => {
      await enterAs(page, account)
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
