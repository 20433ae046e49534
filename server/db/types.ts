/** The database's type, apart from db/client.ts so the modules it imports can name it without a circle. */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
