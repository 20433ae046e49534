import { defineConfig } from 'drizzle-kit'

// Migrations are generated offline (`npx drizzle-kit generate`) and committed; the server applies them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
