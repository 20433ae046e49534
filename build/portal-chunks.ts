import { dirname, resolve } from 'node:path'
import type { CodeSplittingGroup } from 'rolldown'

/**
 * The signed-in portals' code in a few larger chunks instead of dozens of small ones.
 *
 * Left to itself the bundler puts every set of modules shared by a different set of screens into a
 * chunk of its own: a family opening its dashboard fetched about 45 small chunks (Fluent's Card,
 * Badge, Text, MessageBar…), wave after wave. On HTTP/1.1 (six connections) over a slow line each
 * wave costs round trips, not bytes. Here the modules that only the signed-in side of the app uses
 * are gathered by what loads them first:
 *   - `session`: what the session and the guards need beyond the public pages (loaded first by
 *     every portal, and by the sign-in screens once the form is sent);
 *   - `portal`: the portals' frame (role portal, shell, top bar, menus) and what it needs;
 *   - `client-home`: what the family's dashboard needs beyond those;
 *   - `client-booking`: what a family's booking page needs beyond those (about 25 small files
 *     that were a round trip each on HTTP/1.1: a cold booking page 3.5 → 3.2 s on `npm run perf`).
 * A module the app's entry uses is never taken: it is in every page's first load anyway. A module
 * a public page shares with those parts (Fluent's Text, MessageBar, XState, the API client…) is
 * gathered with the others used by exactly the same public pages (`/`, `/login`, `/register`, the
 * contribution page, and "any other public page") and first loaded by the same part of the portal:
 * `shared-login-register-1`, say. The pages whose first load is weighed need every module of such a
 * group, so they load the same bytes in fewer files (`/login` 29 → 26); a public page loaded later
 * (the forgot-password page, the contact form's sending) may load a few KB it does not use, in far
 * fewer files. The family's cold dashboard went from 37 files after the entry to 22 (on HTTP/1.1
 * over a slow line, each a round trip). What only staff screens share with a public page is left to
 * the bundler. The screens themselves (each lazily imported module) keep a chunk of their own, so
 * every other screen, dialog and the staff portals load what they did, except that they import
 * these groups for what they share with them.
 *
 * What uses what is read from the module graph (`getModuleInfo`): the "roots" are the build's
 * entries and every lazily imported module, and a module belongs to the roots whose static imports
 * reach it. Imports through a package's index (`import { Card } from '@fluentui/react-components'`)
 * are followed name by name, as the bundler links them: the index itself is not in the output, and
 * following all of it would make every Fluent component "used by the home page".
 */

type SignedInPart = 'session' | 'portal' | 'client-home' | 'client-booking'
/** The public pages whose first load is weighed against a budget (their HTML preloads their code), and the other public roots. */
type PublicPart = 'entry' | 'home' | 'login' | 'register' | 'contribute' | 'public-lazy'
type Part = SignedInPart | 'signed-in' | PublicPart

/** Which part of the app a root (an entry or a lazily imported module) opens. */
function partOf(id: string, isEntry = false): Part {
  const path = id.replaceAll('\\', '/')
  if (isEntry) return 'entry'
  if (/\/src\/app\/(session|guards)\.tsx$/.test(path)) return 'session'
  if (/\/src\/app\/(portals\/[^/]+|role-portal)\.tsx$/.test(path)) return 'portal'
  if (/\/src\/features\/client\/dashboard\/client-dashboard-page\.tsx$/.test(path)) return 'client-home'
  if (/\/src\/features\/client\/bookings\/booking-detail-page\.tsx$/.test(path)) return 'client-booking'
  // The portals' menu, loaded once a phone opens it (a wide screen asks for it with its frame).
  if (/\/src\/features\/(client|admin|morgue|custody|documents|messages|calendar|account)\//.test(path) || /\/src\/app\/portal-nav\.tsx$/.test(path)) return 'signed-in'
  if (/\/src\/features\/public\/landing\/landing-page\.tsx$/.test(path)) return 'home'
  if (/\/src\/features\/public\/login\/login-page\.tsx$/.test(path)) return 'login'
  if (/\/src\/features\/public\/register\/register-page\.tsx$/.test(path)) return 'register'
  if (/\/src\/features\/public\/contribute\/contribute-(route|page)\.tsx$/.test(path)) return 'contribute'
  return 'public-lazy'
}

const SIGNED_IN_ORDER: SignedInPart[] = ['session', 'portal', 'client-home', 'client-booking']
const PUBLIC_PARTS: PublicPart[] = ['home', 'login', 'register', 'contribute', 'public-lazy']

export interface ModuleFacts {
  code: string | null
  importedIds: readonly string[]
  dynamicImporters: readonly string[]
  isEntry: boolean
}

interface ImportClause {
  spec: string
  /** Imported (or re-exported) names, each with the name it is known by here; null: all of them. */
  names: { imported: string; local: string }[] | null
  /** `export * from`: every name of that module is passed on (not `import 'x'`, kept for its effects). */
  star?: true
}

const IMPORT = /(?:^|[;\n}])\s*(import|export)\s*(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[;\n}])\s*import\s*['"]([^'"]+)['"]/g

/** The import and re-export clauses of an ES module's text (type-only ones left out). */
export function importsOf(code: string): ImportClause[] {
  const found: ImportClause[] = []
  for (const m of code.matchAll(IMPORT)) {
    if (m[5]) {
      found.push({ spec: m[5], names: null })
      continue
    }
    if (m[2]) continue
    const clause = m[3]!.trim()
    const spec = m[4]!
    if (clause.startsWith('*')) {
      found.push(m[1] === 'export' && clause === '*' ? { spec, names: null, star: true } : { spec, names: null })
      continue
    }
    const names: { imported: string; local: string }[] = []
    const braces = /\{([^}]*)\}/.exec(clause)
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim()
    if (m[1] === 'import' && outside && !outside.startsWith('*')) names.push({ imported: 'default', local: outside.split(/\s+/)[0]! })
    if (m[1] === 'import' && /\*\s+as\s+/.test(outside)) {
      found.push({ spec, names: null })
      continue
    }
    for (const part of braces?.[1]?.split(',') ?? []) {
      const p = part.trim()
      if (!p || p.startsWith('type ')) continue
      const [imported, local] = p.split(/\s+as\s+/)
      names.push({ imported: imported!.replace(/^['"]|['"]$/g, ''), local: (local ?? imported)!.replace(/^['"]|['"]$/g, '') })
    }
    found.push({ spec, names })
  }
  return found
}

/**
 * Whether a module's text exports `name` itself, or may pass it on (`export *`, or no text to read:
 * the safe side).
 */
export function declares(code: string | null, name: string): boolean {
  if (code === null || /(?:^|[;\n}])\s*export\s*\*\s*from/.test(code)) return true
  const n = name.replace(/[$]/g, '\\$')
  if (name === 'default' && /(?:^|[;\n}])\s*export\s+default\b/.test(code)) return true
  if (new RegExp(`(?:^|[;\\n}])\\s*export\\s+(?:declare\\s+)?(?:const|let|var|class|(?:async\\s+)?function\\*?)\\s+${n}\\b`).test(code)) return true
  return [...code.matchAll(/(?:^|[;\n}])\s*export\s*\{([^}]*)\}/g)].some((m) => m[1]!.split(',').some((part) => (part.trim().split(/\s+as\s+/).pop() ?? '').replace(/^['"]|['"]$/g, '') === name))
}

const stripExt = (p: string) => p.replace(/\.(m?[jt]sx?)$/, '')

/** The imported id that `spec`, written in module `from`, resolved to (null: not found). */
function resolveSpec(from: string, spec: string, importedIds: readonly string[]): string | null {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const wanted = stripExt(resolve(dirname(from), spec))
    return importedIds.find((id) => stripExt(id) === wanted || stripExt(id) === `${wanted}/index`) ?? null
  }
  const name = packageOf(spec)
  const inPackage = importedIds.filter((id) => packageOf(afterNodeModules(id) ?? '') === name)
  if (inPackage.length === 1) return inPackage[0]!
  const sub = spec.slice(name.length)
  return inPackage.find((id) => stripExt(afterNodeModules(id)!).endsWith(sub || '/index')) ?? null
}

/** `@scope/name` or `name`, of a bare import or a path inside node_modules. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')
const afterNodeModules = (id: string) => {
  const path = id.replaceAll('\\', '/')
  const at = path.lastIndexOf('/node_modules/')
  return at < 0 ? null : path.slice(at + '/node_modules/'.length)
}

/** The group of each module in the output (null: left to the bundler). */
export function groupsOf(included: readonly string[], info: (id: string) => ModuleFacts | null): Map<string, string | null> {
  const inOutput = new Set(included)
  const clauses = new Map<string, ImportClause[]>()
  const clausesOf = (id: string) => {
    let c = clauses.get(id)
    if (!c) clauses.set(id, (c = importsOf(info(id)?.code ?? '')))
    return c
  }
  /** Every module in the output that a module left out of it reaches (memoised). */
  const whole = new Map<string, string[]>()
  const allThrough = (id: string): string[] => {
    let found = whole.get(id)
    if (found) return found
    const out = new Set<string>()
    const seen = new Set<string>()
    const stack = [id]
    while (stack.length) {
      const m = stack.pop()!
      if (seen.has(m)) continue
      seen.add(m)
      if (inOutput.has(m)) out.add(m)
      else stack.push(...(info(m)?.importedIds ?? []))
    }
    whole.set(id, (found = [...out]))
    return found
  }
  /**
   * The modules in the output that using `name` of module `id` (a module left out of the output:
   * an index that only re-exports) brings in; every module it reaches when it cannot tell.
   */
  const throughIndex = (id: string, name: string | null): string[] => (name === null ? allThrough(id) : (nameIn(id, name, 0) ?? allThrough(id)))
  /**
   * As `throughIndex`, or null when `id` does not pass `name` on. Through `export * from`, a module
   * of the output counts only if it declares the name (Fluent's icons are dozens of such modules
   * behind one index: all of them were taken for used by whoever imports one icon).
   */
  const nameIn = (id: string, name: string, depth: number): string[] | null => {
    const facts = info(id)
    if (!facts) return []
    if (inOutput.has(id)) return [id]
    const everything = () => allThrough(id)
    if (depth > 20) return everything()
    const out: string[] = []
    const stars: { target: string; star: boolean }[] = []
    for (const c of clausesOf(id)) {
      const target = resolveSpec(id, c.spec, facts.importedIds)
      if (c.names === null) {
        // `export * from`: the name may come from any of them; `import 'x'`, `import * as x`: kept whole.
        if (!target) return everything()
        stars.push({ target, star: c.star === true })
        continue
      }
      const hit = c.names.find((n) => n.local === name)
      if (!hit) continue
      if (!target) return everything()
      out.push(...(nameIn(target, hit.imported, depth + 1) ?? allThrough(target)))
    }
    if (out.length) return out
    for (const { target, star } of stars) {
      if (inOutput.has(target)) {
        if (!star || declares(info(target)?.code ?? null, name)) out.push(target)
      } else if (star) {
        const found = nameIn(target, name, depth + 1)
        if (found) out.push(...found)
      } else out.push(...allThrough(target))
    }
    return out.length ? out : null
  }
  /** The modules in the output that module `id` (in the output) imports statically. */
  const edges = new Map<string, string[]>()
  const importsOfModule = (id: string) => {
    let e = edges.get(id)
    if (e) return e
    const facts = info(id)
    const next = new Set<string>()
    for (const t of facts?.importedIds ?? []) if (inOutput.has(t)) next.add(t)
    const left = (facts?.importedIds ?? []).filter((t) => !inOutput.has(t))
    if (left.length) {
      for (const c of clausesOf(id)) {
        const target = resolveSpec(id, c.spec, facts!.importedIds)
        if (target && inOutput.has(target)) continue
        if (!target) {
          // Not resolved here: what this module imports from that package is followed whole (the
          // safe side: a module taken for public is left where it was).
          const pkg = c.spec.startsWith('.') ? null : packageOf(c.spec)
          for (const t of left) if (pkg === null || packageOf(afterNodeModules(t) ?? '') === pkg) throughIndex(t, null).forEach((x) => next.add(x))
          continue
        }
        for (const n of c.names ?? [null]) throughIndex(target, n === null ? null : n.imported).forEach((x) => next.add(x))
      }
    }
    edges.set(id, (e = [...next]))
    return e
  }

  const reachedBy = new Map<string, Set<Part>>()
  for (const root of included) {
    const r = info(root)
    if (!r || !(r.isEntry || r.dynamicImporters.length > 0)) continue
    const part = partOf(root, r.isEntry)
    const stack = [root]
    const seen = new Set<string>()
    while (stack.length) {
      const id = stack.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      let parts = reachedBy.get(id)
      if (!parts) reachedBy.set(id, (parts = new Set()))
      parts.add(part)
      stack.push(...importsOfModule(id))
    }
  }
  const groups = new Map<string, string | null>()
  for (const id of included) {
    const parts = reachedBy.get(id)
    const r = info(id)
    // A lazily imported module keeps its own chunk (its file name, and what build/prerender-pages.ts
    // and scripts/size.mjs look it up by).
    if (!parts || parts.has('entry') || r?.isEntry || r?.dynamicImporters.length) {
      groups.set(id, null)
      continue
    }
    const signedIn = SIGNED_IN_ORDER.find((p) => parts.has(p)) ?? null
    const publicParts = PUBLIC_PARTS.filter((p) => parts.has(p))
    // Shared with public pages: gathered with the other modules used by exactly the same public
    // pages and first by the same part of the portal. A page whose first load is weighed needs every
    // module of such a group (each is one of its own), so it loads the same bytes in fewer files;
    // only a public page loaded later (a dialog, the contact form's sending, the forgot-password
    // page) may load a few modules it does not use. What staff screens alone share with public
    // pages is left to the bundler. Named by those pages and the portal's step (1 the session, 2 the
    // frame, 3 the family's dashboard, 4 a booking's page): no public page loads a file named `portal`.
    groups.set(id, signedIn === null ? null : publicParts.length ? `shared-${publicParts.join('-')}-${SIGNED_IN_ORDER.indexOf(signedIn) + 1}` : signedIn)
  }
  return groups
}

/** The chunk group for `output.codeSplitting.groups`. */
export function portalChunks(): CodeSplittingGroup {
  const included: string[] = []
  let groups: Map<string, string | null> | null = null
  return {
    debugName: 'portal-chunks',
    // Only the modules chosen here: not the public modules they import.
    includeDependenciesRecursively: false,
    // Every module in the output is a candidate; `name` decides (rolldown calls `test` on all of
    // them before the first `name`).
    test: (id) => {
      included.push(id)
      return true
    },
    name: (id, ctx) => {
      groups ??= groupsOf(included, (m) => ctx.getModuleInfo(m))
      return groups.get(id) ?? null
    },
  }
}
