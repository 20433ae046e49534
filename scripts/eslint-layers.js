/**
 * One ESLint rule that holds the layering (docs: README, "Architecture"; the zones live in
 * eslint.config.js). It resolves every module a file names, relative to the repository root, and
 * checks it against the zones whose `from` folders hold the file:
 *   - static `import`, `import type`, `export … from`,
 *   - `import()` (also `import('x').T` in a type), `require()`,
 *   - `vi.mock()`, `vi.doMock()`, `vi.importActual()`, `vi.importMock()`,
 * so a layer cannot be crossed by writing the import another way. ESLint's no-restricted-imports
 * matches the written specifier only, which for `../db/schema` means something different in each
 * folder, and it does not see `import()` at all.
 *
 * A zone: { from: ['server/routes/'], except?: ['server/app.ts'], forbid: [{ path?, pkg?, allow?, dynamic?, message }] }
 *   from / except: folder prefixes ('server/routes/') or files ('server/app.ts'), relative to the root
 *   path:    a folder or module the zone may not import ('server/db/schema', 'src/'), `allow` the exceptions in it
 *   pkg:     a package name ('drizzle-orm' also stops 'drizzle-orm/pg-core')
 *   dynamic: 'allow' lets `import()` through (the router's lazy screens)
 * `todo`: [{ file, imports }] known violations another change is removing (reported nowhere).
 */
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))

const EXTENSIONS = /\.(d\.ts|tsx?|mts|cts|mjs|cjs|jsx?)$/

/** 'src/api/auth.ts' → 'src/api/auth'; '../lib/x/index' → '…/lib/x'. */
const moduleOf = (file, spec) => {
  const abs = path.resolve(path.dirname(file), spec)
  return path.relative(root, abs).split(path.sep).join('/').replace(EXTENSIONS, '').replace(/\/index$/, '')
}
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])

/** A prefix ending in '/' is a folder; otherwise a module (with or without its extension) or a folder of that name. */
const within = (target, prefix) => {
  if (prefix.endsWith('/')) return target.startsWith(prefix)
  const bare = prefix.replace(EXTENSIONS, '')
  return target === bare || target.startsWith(`${bare}/`)
}

/** The text of a literal specifier (a plain string or a template without `${}`), else undefined. */
const literal = (node) => {
  if (!node) return undefined
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined
  if (node.type === 'TSLiteralType') return literal(node.literal)
  return undefined
}

const VITEST_LOADERS = new Set(['mock', 'doMock', 'importActual', 'importMock', 'unmock', 'doUnmock'])

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports (static, import(), vi.mock, require) cross the layers only downward.' },
    schema: [
      {
        type: 'object',
        properties: { zones: { type: 'array' }, todo: { type: 'array' } },
        additionalProperties: false,
      },
    ],
    messages: { layer: '{{message}} ({{target}})' },
  },
  create(context) {
    const { zones = [], todo = [] } = context.options[0] ?? {}
    const file = path.relative(root, context.filename).split(path.sep).join('/')
    const self = file.replace(EXTENSIONS, '')
    const mine = zones.filter((z) => z.from.some((p) => within(self, p)) && !(z.except ?? []).some((p) => within(self, p)))
    if (mine.length === 0) return {}
    const excused = todo.filter((t) => t.file === file)

    const check = (node, sourceNode, dynamic) => {
      const spec = literal(sourceNode)
      if (spec === undefined) return
      const relative = spec.startsWith('.') || spec.startsWith('/')
      const target = relative ? moduleOf(context.filename, spec) : packageOf(spec)
      for (const zone of mine) {
        for (const rule of zone.forbid) {
          if (dynamic && rule.dynamic === 'allow') continue
          const hit = relative
            ? rule.path !== undefined && within(target, rule.path) && !(rule.allow ?? []).some((p) => within(target, p))
            : rule.pkg !== undefined && target === rule.pkg
          if (!hit) continue
          if (excused.some((t) => within(relative ? target : spec, t.imports))) continue
          context.report({ node: sourceNode, messageId: 'layer', data: { message: rule.message, target: relative ? target : spec } })
          return
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, false),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, false),
      ExportAllDeclaration: (node) => check(node, node.source, false),
      ImportExpression: (node) => check(node, node.source, true),
      TSImportType: (node) => check(node, 'source' in node ? node.source : node.argument, true),
      TSImportEqualsDeclaration: (node) => node.moduleReference?.expression && check(node, node.moduleReference.expression, false),
      CallExpression: (node) => {
        const callee = node.callee
        if (callee.type === 'Identifier' && callee.name === 'require') return check(node, node.arguments[0], false)
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          VITEST_LOADERS.has(callee.property.name)
        ) {
          check(node, node.arguments[0], false)
        }
      },
    }
  },
}

export default { rules: { imports: rule } }
