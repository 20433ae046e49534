import { describe, expect, it } from 'vitest'
import { chunksToHint, COMPILE_HINT, type ChunkFacts } from '../../build/compile-hints'

const R = '/repo/src'
const chunk = (imports: string[], extra: Partial<ChunkFacts> = {}): ChunkFacts => ({ isEntry: false, facadeModuleId: null, imports, ...extra })

/** The entry, the family's first screens and a staff screen, each with the chunks it imports statically. */
function graph(): Record<string, ChunkFacts> {
  return {
    'index.js': chunk(['react.js'], { isEntry: true, facadeModuleId: `${R}/main.tsx` }),
    'react.js': chunk([]),
    'session.js': chunk(['shared-xstate.js'], { facadeModuleId: `${R}/app/session.tsx` }),
    'shared-xstate.js': chunk(['react.js']),
    'client-portal.js': chunk(['portal.js'], { facadeModuleId: `${R}/app/portals/client-portal.tsx` }),
    'portal.js': chunk(['react.js']),
    'client-dashboard-page.js': chunk(['client-home.js'], { facadeModuleId: `${R}/features/client/dashboard/client-dashboard-page.tsx` }),
    'client-home.js': chunk([]),
    // A staff screen and what it alone imports: loaded later, by someone else.
    'admin-dashboard-page.js': chunk(['charts.js', 'portal.js'], { facadeModuleId: `${R}/features/admin/dashboard/admin-dashboard-page.tsx` }),
    'charts.js': chunk([]),
    // A dialog the family's screen opens when asked: not on the first screen.
    'papers-dialog.js': chunk(['pdf.js'], { facadeModuleId: `${R}/features/client/bookings/papers-dialog.tsx` }),
    'pdf.js': chunk([]),
  }
}

describe('compile hints: the chunks a first screen runs', () => {
  it('picks the entry, the family’s first screens and everything they import statically', () => {
    expect([...chunksToHint(graph())].sort()).toEqual(['client-dashboard-page.js', 'client-home.js', 'client-portal.js', 'index.js', 'portal.js', 'react.js', 'session.js', 'shared-xstate.js'])
  })

  it('leaves out staff screens, dialogs opened later and what only they import', () => {
    const hinted = chunksToHint(graph())
    for (const later of ['admin-dashboard-page.js', 'charts.js', 'papers-dialog.js', 'pdf.js']) expect(hinted.has(later)).toBe(false)
  })

  it('is the comment V8 reads (Chrome 136 and later)', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad')
  })
})
