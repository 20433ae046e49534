/**
 * Set-up of every file in the server's Vitest run (vitest.server.config.ts): the worker's shared
 * PGlite is opened, migrated and seeded here, once, before the first file's hooks start counting
 * their time limit. Not on PostgreSQL (CONTRACT_DATABASE_URL), where each file connects itself.
 */
import { warmSharedPglite } from './server-target'

if (!process.env.CONTRACT_DATABASE_URL) await warmSharedPglite()
