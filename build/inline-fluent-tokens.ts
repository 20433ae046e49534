import type { Plugin } from 'vite'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * Fluent's `tokens` object maps each of its 467 design tokens to its CSS variable
 * (`tokens.colorNeutralForeground1` is `'var(--colorNeutralForeground1)'`, always name for name:
 * checked below). Code reads a few dozen of them, yet the whole object (≈4 KB gzip) shipped on every
 * first load. Writing each `tokens.name` as its string at build time leaves the object unused, so
 * the bundler drops it. Builds only; a `tokens` that is not Fluent's import is left alone.
 */
const FLUENT_TOKENS_IMPORT = /import\s*\{[^}]*\btokens\b[^}]*\}\s*from\s*['"]@fluentui\/(?:react-theme|tokens|react-components)['"]/
const MEMBER = /(?<![\w$./'"-])tokens\.([A-Za-z][A-Za-z0-9]*)\b(?!\s*[=(])/g

/** Fluent's own list, read from its source: only a name it maps to `var(--name)` is inlined. */
function fluentTokenNames(): Set<string> {
  const file = createRequire(import.meta.url).resolve('@fluentui/tokens').replace(/[\\/]lib(?:-commonjs)?[\\/].*$/, '/lib/tokens.js')
  const source = readFileSync(file, 'utf8')
  const names = new Set<string>()
  for (const [, name, value] of source.matchAll(/^\s+(\w+):\s*'([^']*)'/gm)) {
    if (name && value === `var(--${name})`) names.add(name)
  }
  if (names.size < 400) throw new Error(`inline-fluent-tokens: found only ${names.size} tokens in ${file}`)
  return names
}

export function inlineFluentTokens(): Plugin {
  let names: Set<string> | undefined
  return {
    name: 'inline-fluent-tokens',
    apply: 'build',
    transform: {
      filter: { code: /\btokens\./ },
      handler(code, id) {
        if (!/\.(?:[cm]?js|tsx?)$/.test(id.split('?')[0] ?? '') || !FLUENT_TOKENS_IMPORT.test(code)) return null
        names ??= fluentTokenNames()
        const known = names
        return { code: code.replace(MEMBER, (whole, name: string) => (known.has(name) ? `"var(--${name})"` : whole)), map: null }
      },
    },
  }
}
