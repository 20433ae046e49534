import { describe, expect, it } from 'vitest'
import { declares, groupsOf, importsOf, type ModuleFacts } from '../../build/portal-chunks'

const R = '/repo'
const FLUENT = `${R}/node_modules/@fluentui/react-components/lib/index.js`
const CARD_INDEX = `${R}/node_modules/@fluentui/react-card/lib/index.js`
const CARD = `${R}/node_modules/@fluentui/react-card/lib/components/Card/Card.js`
const BUTTON_INDEX = `${R}/node_modules/@fluentui/react-button/lib/index.js`
const BUTTON = `${R}/node_modules/@fluentui/react-button/lib/components/Button/Button.js`

/**
 * A small app: the entry lazily opens the home page, the guards and the client portal; the portal
 * lazily opens the family's dashboard. Fluent is reached through its indexes, as in the app.
 */
function graph(): Record<string, ModuleFacts & { lazy?: boolean }> {
  const m = (code: string, importedIds: string[], extra: Partial<ModuleFacts> = {}) => ({ code, importedIds, dynamicImporters: [], isEntry: false, ...extra })
  return {
    [`${R}/src/main.tsx`]: m(`import { Button } from '@fluentui/react-components'`, [FLUENT], { isEntry: true }),
    [`${R}/src/features/public/landing/landing-page.tsx`]: m(`import { Button } from '@fluentui/react-components'\nimport { formatKsh } from '../../../lib/format'`, [FLUENT, `${R}/src/lib/format.ts`], { dynamicImporters: [`${R}/src/main.tsx`] }),
    [`${R}/src/app/guards.tsx`]: m(`import { startSession } from './session-parts'`, [`${R}/src/app/session-parts.ts`], { dynamicImporters: [`${R}/src/main.tsx`] }),
    [`${R}/src/app/session-parts.ts`]: m('export const startSession = 1', []),
    [`${R}/src/app/portals/client-portal.tsx`]: m(`import { Shell } from '../portal-shell'`, [`${R}/src/app/portal-shell.tsx`], { dynamicImporters: [`${R}/src/main.tsx`] }),
    [`${R}/src/app/portal-shell.tsx`]: m(`import { Button } from '@fluentui/react-components'\nimport { startSession } from './session-parts'`, [FLUENT, `${R}/src/app/session-parts.ts`]),
    [`${R}/src/features/client/dashboard/client-dashboard-page.tsx`]: m(`import { Card, Button as B } from '@fluentui/react-components'\nimport { formatKsh } from '../../../lib/format'`, [FLUENT, `${R}/src/lib/format.ts`], { dynamicImporters: [`${R}/src/app/portals/client-portal.tsx`] }),
    [`${R}/src/lib/format.ts`]: m('export const formatKsh = 1', []),
    // Indexes: not in the output, re-exports only.
    [FLUENT]: m(`export { Button, buttonClassNames } from "@fluentui/react-button";\nexport { Card, CardHeader } from "@fluentui/react-card";`, [BUTTON_INDEX, CARD_INDEX]),
    [CARD_INDEX]: m(`export { Card } from "./components/Card/Card.js";`, [CARD]),
    [BUTTON_INDEX]: m(`export * from "./components/Button/Button.js";`, [BUTTON]),
    [CARD]: m('export const Card = 1', []),
    [BUTTON]: m('export const Button = 1', []),
  }
}

function groups(g = graph()) {
  const included = Object.keys(g).filter((id) => id !== FLUENT && id !== CARD_INDEX && id !== BUTTON_INDEX)
  const found = groupsOf(included, (id) => g[id] ?? null)
  return (path: string) => found.get(`${R}${path}`)
}

describe('the portal chunk groups', () => {
  it('gathers what only the signed-in side uses, by what loads it first', () => {
    const group = groups()
    expect(group('/src/app/session-parts.ts')).toBe('session')
    // Card reaches the public side only through Fluent's index, by a name it does not import.
    expect(group('/node_modules/@fluentui/react-card/lib/components/Card/Card.js')).toBe('client-home')
  })

  it('leaves whatever the entry uses where the bundler puts it', () => {
    const group = groups()
    expect(group('/node_modules/@fluentui/react-button/lib/components/Button/Button.js')).toBeNull()
  })

  it('gathers what a public page shares with the portal by those pages and the portal\'s step, so the page loads the same modules in fewer files', () => {
    const group = groups()
    // The home page and the family's dashboard (step 3).
    expect(group('/src/lib/format.ts')).toBe('shared-home-3')
  })

  it('leaves what only staff screens share with a public page where the bundler puts it', () => {
    const g = graph()
    g[`${R}/src/features/admin/reports/reports-page.tsx`] = { code: `import { formatKsh } from '../../../lib/format'`, importedIds: [`${R}/src/lib/format.ts`], dynamicImporters: [`${R}/src/main.tsx`], isEntry: false }
    g[`${R}/src/features/client/dashboard/client-dashboard-page.tsx`]!.code = `import { Card, Button as B } from '@fluentui/react-components'`
    g[`${R}/src/features/client/dashboard/client-dashboard-page.tsx`]!.importedIds = [FLUENT]
    expect(groups(g)('/src/lib/format.ts')).toBeNull()
  })

  it('leaves each lazily loaded module (a screen, the guards, a portal) in its own chunk', () => {
    const group = groups()
    expect(group('/src/app/guards.tsx')).toBeNull()
    expect(group('/src/app/portals/client-portal.tsx')).toBeNull()
    expect(group('/src/features/client/dashboard/client-dashboard-page.tsx')).toBeNull()
  })

  it('moves a module into a shared group when the home page starts using it, and leaves it alone once the entry does', () => {
    const g = graph()
    g[`${R}/src/features/public/landing/landing-page.tsx`]!.code += `\nimport { Card } from '@fluentui/react-components'`
    expect(groups(g)('/node_modules/@fluentui/react-card/lib/components/Card/Card.js')).toBe('shared-home-3')
    g[`${R}/src/main.tsx`]!.code += `\nimport { Card } from '@fluentui/react-components'`
    expect(groups(g)('/node_modules/@fluentui/react-card/lib/components/Card/Card.js')).toBeNull()
  })
})

describe('following `export *`', () => {
  it('takes from an index of many modules only the one that declares the imported name (as icons are)', () => {
    const g = graph()
    const ICONS = `${R}/node_modules/@fluentui/react-icons/lib/index.js`
    const HOME_ICON = `${R}/node_modules/@fluentui/react-icons/lib/icons/chunk-0.js`
    const CALL_ICON = `${R}/node_modules/@fluentui/react-icons/lib/icons/chunk-1.js`
    g[ICONS] = { code: 'export * from "./icons/chunk-0.js";\nexport * from "./icons/chunk-1.js";', importedIds: [HOME_ICON, CALL_ICON], dynamicImporters: [], isEntry: false }
    g[HOME_ICON] = { code: 'export const HomeRegular = 1;\nexport { HomeFilled } from "./home-filled.js";', importedIds: [], dynamicImporters: [], isEntry: false }
    g[CALL_ICON] = { code: 'const x = 2;\nexport { x as CallRegular };', importedIds: [], dynamicImporters: [], isEntry: false }
    g[`${R}/src/main.tsx`]!.code += `\nimport { HomeRegular } from '@fluentui/react-icons'`
    g[`${R}/src/main.tsx`]!.importedIds = [...g[`${R}/src/main.tsx`]!.importedIds, ICONS]
    g[`${R}/src/app/portal-shell.tsx`]!.code += `\nimport { CallRegular, HomeFilled } from '@fluentui/react-icons'`
    g[`${R}/src/app/portal-shell.tsx`]!.importedIds = [...g[`${R}/src/app/portal-shell.tsx`]!.importedIds, ICONS]
    const included = Object.keys(g).filter((id) => ![FLUENT, CARD_INDEX, BUTTON_INDEX, ICONS].includes(id))
    const found = groupsOf(included, (id) => g[id] ?? null)
    // The entry uses the home icon: left where it is. The call icon only the portal uses.
    expect(found.get(HOME_ICON)).toBeNull()
    expect(found.get(CALL_ICON)).toBe('portal')
  })

  it('reads what a module declares or passes on', () => {
    expect(declares('export const A = 1', 'A')).toBe(true)
    expect(declares('export function B() {}', 'B')).toBe(true)
    expect(declares('const c = 1;\nexport { c as C, d }', 'C')).toBe(true)
    expect(declares('const c = 1;\nexport { c as C, d }', 'c')).toBe(false)
    expect(declares('export * from "./more.js"', 'Z')).toBe(true)
    expect(declares('export const AB = 1', 'A')).toBe(false)
    expect(declares(null, 'A')).toBe(true)
  })
})

describe('reading import clauses', () => {
  it('reads named, renamed, default, namespace, side-effect and re-export clauses; leaves type-only ones', () => {
    const clauses = importsOf(`import React, { useState as useS } from 'react'\nimport * as ns from './ns'\nimport './side.css'\nimport type { T } from './types'\nexport { A as B } from "./a.js";\nexport * from "./star.js";`)
    expect(clauses).toEqual([
      { spec: 'react', names: [{ imported: 'default', local: 'React' }, { imported: 'useState', local: 'useS' }] },
      { spec: './ns', names: null },
      { spec: './side.css', names: null },
      { spec: './a.js', names: [{ imported: 'A', local: 'B' }] },
      { spec: './star.js', names: null, star: true },
    ])
  })
})
