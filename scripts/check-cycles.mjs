#!/usr/bin/env node
/**
 * No import circles anywhere in the code (src/, machines/, shared/, mocks/, server/, build/, tests/,
 * scripts/): a module that imports itself through others loads half-initialised in one order and
 * whole in another, and two layers that import each other are one layer. `import type` counts too
 * (a circle of types is still two modules that cannot be read apart). `import()` does not: it runs
 * after both modules have loaded, and it is how a chunk loads the next (the router loads each screen,
 * which then reads the router's session); the lint holds which layers may do that.
 * dpdm parses with TypeScript itself; the whole repository takes a few seconds.
 * Run by `npm run lint` and by `npm test` beside the lint.
 */
import { parseCircular, parseDependencyTree } from 'dpdm'

/**
 * Circles tolerated while a change on its way removes them: none today. This list only shrinks; a
 * circle not on it fails.
 */
const CYCLES_TODO = [
]

const started = performance.now()
const entries = ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'shared/**/*.ts', 'mocks/**/*.ts', 'server/**/*.{ts,mts,mjs}', 'build/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx,mts,mjs}']
const tree = await parseDependencyTree(entries, {
  context: process.cwd(),
  // Packages are leaves: their own circles are not ours.
  exclude: /node_modules/,
  transform: false,
  skipDynamicImports: false,
})
/** A circle read from its smallest file, so the same circle found from another file compares equal. */
const canonical = (cycle) => {
  const i = cycle.indexOf([...cycle].sort()[0])
  return [...cycle.slice(i), ...cycle.slice(0, i)].join(' -> ')
}
const known = new Set(CYCLES_TODO.map(canonical))
const found = [...new Set(parseCircular(tree, true).map(canonical))]
const fresh = found.filter((c) => !known.has(c))
const gone = [...known].filter((c) => !found.includes(c))
const seconds = ((performance.now() - started) / 1000).toFixed(1)

if (fresh.length > 0) {
  console.error(`Import circles (${fresh.length}): break each by moving what both sides need one layer down.\n  ${fresh.join('\n  ')}`)
  process.exit(1)
}
if (gone.length > 0) console.log(`These circles are gone: take them off CYCLES_TODO in scripts/check-cycles.mjs.\n  ${gone.join('\n  ')}`)
console.log(`No new import circles in ${Object.keys(tree).length} modules (${seconds}s).`)
