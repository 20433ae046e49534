// @vitest-environment node
/**
 * The layering rule (scripts/eslint-layers.js, zones in eslint.config.js) can fail: each line of the
 * architecture is crossed once here, in each way an import can be written, and once kept.
 */
import { Linter } from 'eslint'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import tseslint from 'typescript-eslint'

const root = resolve(import.meta.dirname, '../..')
// The repository's own config, as `npm run lint` reads it (a plain .js module, loaded by path).
const configFile = resolve(root, 'eslint.config.js')
const config = ((await import(/* @vite-ignore */ configFile)) as { default: Linter.Config[] }).default
// Only the layering rule runs here (the others are slow to start and not under test).
const layering = config.filter((c) => c.plugins?.layers)
const linter = new Linter({ configType: 'flat' })
const lintConfig: Linter.Config[] = [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...layering]

/** The layer messages ESLint gives `code` written in the (imagined) file `file`. */
const layerErrors = (file: string, code: string) =>
  linter
    .verify(code, lintConfig, { filename: resolve(root, file) })
    .filter((m) => m.ruleId === 'layers/imports' || m.fatal)
    .map((m) => m.message)

const crosses = (file: string, code: string, words: string) => {
  const errors = layerErrors(file, code)
  expect(errors, `${file}: ${code}`).toHaveLength(1)
  expect(errors[0]).toContain(words)
}
const keeps = (file: string, code: string) => expect(layerErrors(file, code), `${file}: ${code}`).toEqual([])

describe('the layering lint', () => {
  it('keeps shared/ the ground floor, however the import is written', () => {
    crosses('shared/x.ts', "import { formatKsh } from '../src/lib/format'", 'ground floor')
    crosses('shared/contracts/x.ts', "export * from '../../mocks/db'", 'ground floor')
    crosses('shared/x.ts', "const m = await import('../server/app')", 'ground floor')
    crosses('shared/x.ts', "import type { AuthContext } from '../machines/auth/auth.machine'", 'ground floor')
    crosses('shared/x.ts', "type T = import('../server/types').AppEnv", 'ground floor')
    crosses('shared/x.ts', "import { createRoot } from 'react-dom/client'", 'plain functions')
    keeps('shared/x.ts', "import { z } from 'zod/mini'\nimport { MSG } from './constants'")
  })

  it('keeps the mock and the server apart, and both away from the app', () => {
    crosses('mocks/handlers/x.ts', "import { app } from '../../server/app'", 'mocks/ imports only shared/')
    crosses('mocks/x.ts', "import { Button } from '../src/components/page-header'", 'mocks/ imports only shared/')
    crosses('mocks/x.ts', "import { eq } from 'drizzle-orm'", '@msw/data')
    crosses('server/x.ts', "const { db } = await import('../mocks/db')", 'server/ imports only shared/')
    crosses('server/routes/x.ts', "import { formatKsh } from '../../src/lib/format'", 'server/ imports only shared/')
    crosses('server/x.ts', "import { http } from 'msw'", 'no mock')
    keeps('mocks/x.ts', "import { MSG_EMAIL_TAKEN } from '../shared/contracts/auth'")
    keeps('server/x.ts', "import { MSG_EMAIL_TAKEN } from '../shared/contracts/auth'")
  })

  it('keeps SQL in the repositories and the server layers in order', () => {
    crosses('server/routes/x.ts', "import { bookings } from '../db/schema'", 'only repositories')
    crosses('server/routes/x.ts', "import { eq } from 'drizzle-orm'", 'only repositories')
    crosses('server/routes/x.ts', "const { sql } = await import('drizzle-orm/sql')", 'only repositories')
    crosses('server/routes/x.ts', "import { findBooking } from '../repo/bookings'", 'domain modules call the repositories')
    keeps('server/routes/x.ts', "import { book } from '../domain/bookings'\nimport { Hono } from 'hono'")
    crosses('server/mpesa-x.ts', "import { eq } from 'drizzle-orm'", 'Only repositories (server/repo/) touch SQL')
    crosses('server/domain/x.ts', "import { payments } from '../db/schema'", 'Only repositories (server/repo/) touch SQL')
    keeps('server/seed.ts', "import { sql } from 'drizzle-orm'")
    keeps('server/repo/x.ts', "import { eq } from 'drizzle-orm'")
    crosses('server/db/x.ts', "import { findUser } from '../repo/users'", 'floor of the server')
    crosses('server/db/x.ts', "const auth = await import('../auth')", 'floor of the server')
    keeps('server/db/x.ts', "import { users } from './schema'\nimport { eq } from 'drizzle-orm'")
    crosses('server/repo/x.ts', "import { auth } from '../routes/auth'", 'Repositories sit below')
    crosses('server/repo/x.ts', "import { book } from '../domain/bookings'", 'Repositories sit below')
    crosses('server/repo/x.ts', "import type { Context } from 'hono'", 'not HTTP')
    crosses('server/domain/x.ts', "import { auth } from '../routes/auth'", 'below the routes')
    keeps('server/domain/x.ts', "import { findBooking } from '../repo/bookings'")
    crosses('server/sms-x.ts', "import { storedSettings } from './routes/settings'", 'Only server/app.ts mounts')
    keeps('server/app.ts', "import { auth } from './routes/auth'")
  })

  it('keeps the machines pure', () => {
    crosses('machines/auth/x.ts', "import { login } from '../../src/api/auth'", 'Machines import only shared/')
    crosses('machines/x.ts', "vi.mock('../src/lib/format')", 'Machines import only shared/')
    crosses('machines/x.ts', "import { useState } from 'react'", 'Machines are pure')
    keeps('machines/auth/x.ts', "import { setup } from 'xstate'\nimport { notify } from '../shared/notify'\nimport { z } from 'zod/mini'\nimport { X } from '../../shared/contracts/auth'")
  })

  it('keeps the app in its layer order', () => {
    crosses('src/lib/x.ts', "import { api } from '../api/client'", 'src/lib may import only shared/')
    crosses('src/api/x.ts', "import { authMachine } from '../../machines/auth/auth.machine'", 'src/api may import only')
    crosses('src/components/x.tsx', "import { Shell } from '../app/app'", 'components may import only')
    crosses('src/app/x.tsx', "import { LoginPage } from '../features/public/login/login-page'", 'only by import()')
    keeps('src/app/x.tsx', "const LoginPage = lazy(() => import('../features/public/login/login-page'))")
    crosses('src/features/admin/x.tsx', "import { X } from '../client/bookings/x'", 'another portal')
    crosses('src/features/documents/x.tsx', "import { X } from '../admin/x'", 'another portal')
    keeps('src/features/admin/x.tsx', "import { X } from '../documents/x'\nimport { Y } from '../../components/page-header'")
    crosses('src/app/x.ts', "import { db } from '../../mocks/db'", 'Only src/main.tsx loads the mock')
    crosses('src/main.tsx', "import { worker } from '../mocks/browser'", 'only by import()')
    keeps('src/main.tsx', "const { worker } = await import('../mocks/browser')")
    crosses('src/api/x.ts', "import { app } from '../../server/app'", 'over HTTP')
    crosses('src/features/admin/x.tsx', "import { MockControls } from '../../dev/mock-controls'", 'Only src/app loads the development tools')
    crosses('src/app/x.tsx', "import { MockControls } from '../dev/mock-controls'", 'only by import()')
    keeps('src/app/x.tsx', "const MockControls = lazy(() => import('../dev/mock-controls'))")
    crosses('src/features/messages/x.tsx', "import { X } from '../client/x'", 'another portal')
  })
})
