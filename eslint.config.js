import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'

/**
 * zod/mini only: a single import of the full zod (whose schemas carry every method, so nothing is
 * tree-shaken) would put all of it back into the session and the sign-in screens.
 */
const ZOD_CLASSIC = { name: 'zod', message: "Import { z } from 'zod/mini': the full zod does not tree-shake." }

/**
 * Imports flow one way, top to bottom (README, "Architecture"):
 *   src/features → src/app → src/components → machines → src/api → src/lib
 * A layer imports only the layers below it; `mocks/` and `shared/` import only src/api and src/lib
 * (mocks/ also shared/), `server/` no UI and no machines. `import()`
 * is held to the same rule, except in src/app, whose route tables load each screen so (one chunk
 * per screen). Every import here is relative, so a pattern matches the folder an import climbs into.
 */
const LAYERS = ['features', 'app', 'components', 'machines', 'api', 'lib']
const into = (folders) => `^(\\.\\./)+(src/)?(${folders.join('|')})(/|$)`
const above = (layer) => LAYERS.slice(0, LAYERS.indexOf(layer))
const upward = (layer) =>
  above(layer).length === 0 ? [] : [{ regex: into(above(layer)), message: `Upward import: ${layer} may import only ${LAYERS.slice(LAYERS.indexOf(layer) + 1).join(', ') || 'packages'}.` }]
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { paths: [ZOD_CLASSIC], patterns }] })
/** The same rule for `import()`, which no-restricted-imports does not see (only src/app may load screens so). */
const upwardCalls = (layer) =>
  above(layer).length === 0
    ? []
    : [{ selector: `ImportExpression[source.value=/${into(above(layer)).replaceAll('/', '\\/')}/]`, message: `Upward import(): ${layer} may import only ${LAYERS.slice(LAYERS.indexOf(layer) + 1).join(', ') || 'packages'}.` }]
const restrictCalls = (layer) => ({ 'no-restricted-syntax': ['error', ...upwardCalls(layer)] })

/**
 * Each portal's screens stand alone: no portal imports another (the app composes them).
 * src/features/documents holds the document parts the client, morgue and admin portals share;
 * src/features/custody the chain of custody's record, which all three read.
 */
const PORTALS = ['account', 'admin', 'client', 'morgue', 'public']
const featureRules = [...PORTALS, 'documents', 'custody'].map((area) => {
  const others = PORTALS.filter((p) => p !== area)
  return {
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    rules: restrict([{ regex: `^(\\.\\./)+(${others.join('|')})/`, message: `A feature does not import another feature (${others.join(', ')}): move what they share to src/components or src/lib.` }]),
  }
})

export default tseslint.config(
  { ignores: ['dist', 'dist-mock', 'dist-server', 'node_modules', 'public/mockServiceWorker.js', 'tests/e2e/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node scripts (test runners, size check).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [ZOD_CLASSIC] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Compiler rules are advisory here (no compiler in the build).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components (e.g. <RequireRole role="admin">) is not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  ...featureRules,
  { files: ['src/app/**/*.{ts,tsx}'], rules: restrict(upward('app')) },
  { files: ['src/components/**/*.{ts,tsx}'], rules: { ...restrict(upward('components')), ...restrictCalls('components') } },
  { files: ['src/api/**/*.ts'], rules: { ...restrict(upward('api')), ...restrictCalls('api') } },
  { files: ['src/lib/**/*.{ts,tsx}'], rules: { ...restrict(upward('lib')), ...restrictCalls('lib') } },
  {
    // The mock answers HTTP as the server would: it shares the contracts and rules, never the UI.
    files: ['mocks/**/*.ts'],
    rules: restrict([{ regex: into(['features', 'app', 'components', 'machines', 'server']), message: 'mocks/ may import only src/api, src/lib and shared/.' }]),
  },
  {
    // The rules both backends follow: pure functions over the contracts, nothing of either backend.
    files: ['shared/**/*.ts'],
    rules: restrict([{ regex: into(['features', 'app', 'components', 'machines', 'mocks', 'server']), message: 'shared/ may import only src/api and src/lib.' }]),
  },
  {
    // The server answers HTTP: contracts, rules and its own modules, never the UI or the machines.
    files: ['server/**/*.ts'],
    rules: restrict([{ regex: into(['features', 'app', 'components', 'machines']), message: 'server/ may import only src/api, src/lib, shared/ (and mocks/ for the demo seed and the simulator).' }]),
  },
  {
    // Machines are pure: no React, no fetch, no storage.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_CLASSIC],
          patterns: [
            { group: ['react', 'react-*', '@xstate/react', 'wretch', '**/src/api/client'], message: 'Machines are pure: no React, no HTTP client.' },
            ...upward('machines'),
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage'],
      // One clock: "now" comes from the machine's input (or XState's clock), never the wall clock.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Machines take "now" from their input, not Date.now().' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Machines take "now" from their input, not new Date().' },
        { selector: "MemberExpression[object.name='performance'][property.name='now']", message: 'Machines take "now" from their input, not performance.now().' },
        ...upwardCalls('machines'),
      ],
    },
  },
  {
    // Screens do not fetch: they send events to machines.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': ['error', 'fetch'] },
  },
)
