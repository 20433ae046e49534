import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import layers from './scripts/eslint-layers.js'

/**
 * zod/mini only: a single import of the full zod (whose schemas carry every method, so nothing is
 * tree-shaken) would put all of it back into the session and the sign-in screens.
 */
const ZOD_CLASSIC = { name: 'zod', message: "Import { z } from 'zod/mini': the full zod does not tree-shake." }

/**
 * The layers (docs/architecture.md; README, "Architecture"), held by scripts/eslint-layers.js for static
 * imports, re-exports, import(), vi.mock() and require() alike. Import circles are caught by
 * scripts/check-cycles.mjs (`npm run lint`).
 *
 *   shared/    the ground floor: contracts, messages, limits, rules; imports no other folder
 *   mocks/     the mock backend        ─┐ each over shared/ only: never each other, the app or
 *   server/    the real backend         ─┘ the machines
 *     routes/ → domain/ → repo/ → db/    only repo/ touches SQL; repo/ no HTTP; db/ nothing above it
 *   machines/  pure flows: shared/, xstate and each other
 *   src/       features → app (+ dev/, loaded by import()) → components → api → lib (machines beside api and lib)
 */
const forbid = (paths, message, extra = {}) => paths.map((p) => ({ ...(p.endsWith('/') || p.includes('/') ? { path: p } : { pkg: p }), message, ...extra }))
const pkgs = (names, message) => names.map((pkg) => ({ pkg, message }))
const UI_PACKAGES = ['react', 'react-dom', '@xstate/react', '@fluentui/react-components', 'react-router-dom', 'react-toastify']
const SERVER_PACKAGES = ['hono', 'drizzle-orm', 'pg', '@electric-sql/pglite']
const MOCK_PACKAGES = ['msw', '@msw/data']

/** Each portal's screens stand alone; documents, custody and messages hold the parts several portals share. */
const PORTALS = ['account', 'admin', 'client', 'morgue', 'public']
const SHARED_FEATURES = ['documents', 'custody', 'messages', 'calendar']

const ZONES = [
  {
    from: ['shared/'],
    forbid: [
      ...forbid(['src/', 'machines/', 'mocks/', 'server/'], 'shared/ is the ground floor: it imports nothing from src/, machines/, mocks/ or server/.'),
      ...pkgs([...UI_PACKAGES, ...SERVER_PACKAGES, ...MOCK_PACKAGES, 'xstate'], 'shared/ holds plain functions over plain data: no UI, no backend, no machine.'),
    ],
  },
  {
    from: ['mocks/'],
    forbid: [
      ...forbid(['src/', 'machines/', 'server/'], 'mocks/ imports only shared/: what the server and the mock both need is written once there.'),
      ...pkgs(SERVER_PACKAGES, 'mocks/ answers over @msw/data, not the server\'s database.'),
    ],
  },
  {
    from: ['server/'],
    forbid: [
      ...forbid(['src/', 'machines/', 'mocks/'], 'server/ imports only shared/ and itself: what the mock and the server both need is written once in shared/.'),
      ...pkgs([...UI_PACKAGES, ...MOCK_PACKAGES, 'xstate'], 'server/ has no UI, no mock and no machine.'),
    ],
  },
  {
    from: ['server/routes/'],
    forbid: forbid(['server/db/schema', 'drizzle-orm', 'server/repo/'], 'Routes parse, authorise, call a domain module and serialise: domain modules call the repositories, and only repositories (server/repo/) touch SQL.'),
  },
  {
    from: ['server/domain/'],
    forbid: forbid(['server/routes/', 'server/app'], 'Domain modules sit below the routes: they take what they need as parameters.'),
  },
  {
    // The tools that act on the database as a whole (the seed, backups and their restore, the
    // maintenance pass, the operator's CLI) and the row types (types.ts) are the exceptions.
    from: ['server/'],
    except: ['server/repo/', 'server/db/', 'server/routes/', 'server/seed.ts', 'server/backup.ts', 'server/restore.ts', 'server/maintenance.ts', 'server/admin.ts', 'server/types.ts'],
    forbid: forbid(['server/db/schema', 'drizzle-orm'], 'Only repositories (server/repo/) touch SQL: a domain module or a job asks one for its rows.'),
  },
  {
    from: ['server/repo/'],
    forbid: [
      ...forbid(['server/routes/', 'server/domain/', 'server/app'], 'Repositories sit below the routes and the domain modules.'),
      ...pkgs(['hono'], 'Repositories speak SQL, not HTTP.'),
    ],
  },
  {
    // After the zones above, so that their more exact message is the one given.
    from: ['server/'],
    except: ['server/app.ts', 'server/routes/'],
    forbid: forbid(['server/routes/'], 'Only server/app.ts mounts the routes: what another module needs from a route belongs in a domain module or a repository.'),
  },
  {
    from: ['server/db/'],
    forbid: [{ path: 'server/', allow: ['server/db/'], message: 'server/db/ is the floor of the server: it imports nothing above it (repo/, routes/, domain/, auth…).' }],
  },
  {
    from: ['machines/'],
    forbid: [
      ...forbid(['src/', 'mocks/', 'server/'], 'Machines import only shared/, xstate and each other: the app gives them their actors.'),
      ...pkgs([...UI_PACKAGES, ...SERVER_PACKAGES, ...MOCK_PACKAGES, 'wretch'], 'Machines are pure: no React, no HTTP client, no backend.'),
    ],
  },
  { from: ['src/'], forbid: forbid(['server/'], 'The app reaches the server over HTTP (src/api), never by import.') },
  // The mock starts from src/main.tsx by import() alone, so it never reaches the production bundle.
  { from: ['src/'], except: ['src/main.tsx'], forbid: forbid(['mocks/'], 'Only src/main.tsx loads the mock, and only by import().') },
  { from: ['src/main.tsx'], forbid: forbid(['mocks/'], 'src/main.tsx loads the mock only by import(), so it never reaches the production bundle.', { dynamic: 'allow' }) },
  // The development tools (the fault panel, the SMS dialog) load from src/app by import() only, in a mock build.
  { from: ['src/'], except: ['src/dev/', 'src/app/'], forbid: forbid(['src/dev/'], 'Only src/app loads the development tools (by import(), in a mock build).') },
  { from: ['src/app/'], forbid: forbid(['src/dev/'], 'src/app loads the development tools only by import(), so they stay out of the production bundle.', { dynamic: 'allow' }) },
  { from: ['src/dev/'], forbid: forbid(['src/features/'], 'The development tools stand beside the app: they import no screen.') },
  { from: ['src/components/'], forbid: forbid(['src/features/', 'src/app/', 'src/dev/'], 'Upward import: components may import only api, lib and machines.') },
  { from: ['src/api/'], forbid: forbid(['src/features/', 'src/app/', 'src/components/', 'machines/'], 'Upward import: src/api may import only src/lib and shared/.') },
  { from: ['src/lib/'], forbid: forbid(['src/features/', 'src/app/', 'src/components/', 'machines/', 'src/api/'], 'Upward import: src/lib may import only shared/.') },
  // The route tables load each screen by import() (one chunk per screen); nothing in src/app imports one statically.
  { from: ['src/app/'], forbid: forbid(['src/features/'], 'Upward import: src/app loads screens only by import() (one chunk each).', { dynamic: 'allow' }) },
  ...[...PORTALS, ...SHARED_FEATURES].map((area) => {
    const others = PORTALS.filter((p) => p !== area)
    return {
      from: [`src/features/${area}/`],
      forbid: forbid(
        others.map((p) => `src/features/${p}/`),
        `A feature does not import another portal (${others.join(', ')}): move what they share to src/components, src/lib or a shared feature (${SHARED_FEATURES.join(', ')}).`,
      ),
    }
  }),
]

export default tseslint.config(
  { ignores: ['dist', 'dist-mock', 'dist-server', 'dist-server.*', 'node_modules', 'public/mockServiceWorker.js', 'tests/e2e/artifacts'] },
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
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { layers },
    rules: { 'layers/imports': ['error', { zones: ZONES }] },
  },
  {
    // Machines are pure: no React, no fetch, no storage.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage'],
      // One clock: "now" comes from the machine's input (or XState's clock), never the wall clock.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Machines take "now" from their input, not Date.now().' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Machines take "now" from their input, not new Date().' },
        { selector: "MemberExpression[object.name='performance'][property.name='now']", message: 'Machines take "now" from their input, not performance.now().' },
      ],
    },
  },
  {
    // Screens do not fetch: they send events to machines.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': ['error', 'fetch'] },
  },
)
