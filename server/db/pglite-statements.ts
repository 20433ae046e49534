/**
 * PGlite with a statement cache. PGlite's own `query()` sends every query as an unnamed statement,
 * in five separate trips into its WASM PostgreSQL (parse, describe, bind, describe, execute), so
 * every call is parsed, analysed and planned again: for the booking list that was most of the
 * request's CPU. Here each distinct SQL text outside a transaction is parsed once into a named
 * statement (its parameter types learnt then), and every later call is one trip: bind, describe,
 * execute, sync. Results are parsed by PGlite's own code, with the caller's options, so drizzle
 * sees exactly what `query()` gives. Transactions, `exec` and everything else are PGlite's own.
 *
 * Named statements keep PostgreSQL's usual plan choice; the hot lists marked with `preferGenericPlan`
 * use the statement's generic plan (their custom plan looks a little cheaper on paper, so PostgreSQL
 * would otherwise plan them afresh on every call; the same choice the PostgreSQL pool for them makes).
 */
import type { PGlite, QueryOptions, Results, parse as Parse, protocol as Protocol, types as Types } from '@electric-sql/pglite'

/** Enough for every query shape the server builds; beyond it, texts go PGlite's usual way. */
const MAX_STATEMENTS = 500

const generic = new Set<string>()
/** Runs `text` with its generic plan (a hot list whose planning costs more than running it). */
export function preferGenericPlan(text: string): void {
  if (generic.size < 1_000) generic.add(text)
}

interface Statement {
  name: string
  /** Parameter type OIDs, as PostgreSQL inferred them. */
  types: number[]
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** PGlite's members this uses that are not in its narrowest public type. */
interface Internals {
  parsers: Record<number, (value: string, typeId?: number) => unknown>
  serializers: Record<number, (value: unknown) => string>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

/** `pglite` is PGlite's module, loaded by the caller (the server on PostgreSQL never loads it). */
export function withStatementCache(client: PGlite, pglite: { parse: typeof Parse; protocol: typeof Protocol; types: typeof Types }): PGlite {
  const { parse, protocol, types } = pglite
  const internals = client as unknown as PGlite & Internals
  const statements = new Map<string, Statement>()
  const S = protocol.serialize
  const SET_GENERIC = S.query('SET plan_cache_mode = force_generic_plan')
  const SET_AUTO = S.query('SET plan_cache_mode = auto')

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text)
    if (!statement) {
      const name = `s${statements.size + 1}`
      const described = await client.execProtocol(concat([S.parse({ name, text, types: options?.paramTypes }), S.describe({ type: 'S', name }), S.sync()]), { syncToFs: false })
      statement = { name, types: parse.parseDescribeStatementResults(described.messages) }
      statements.set(text, statement)
    }
    const types = statement.types
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const serialize = options?.serializers?.[types[i] ?? 0] ?? internals.serializers[types[i] ?? 0]
      return serialize ? serialize(param) : String(param)
    })
    const call = [S.bind({ statement: statement.name, values: values as string[] }), S.describe({ type: 'P' }), S.execute({}), S.sync()]
    const hot = generic.has(text)
    // The setting around the one statement (after its Sync: restored even when the statement fails).
    const result = await client.execProtocol(concat(hot ? [SET_GENERIC, ...call, SET_AUTO] : call), { syncToFs: false })
    await client.syncToFs()
    return toResults<T>(result.messages, hot ? 1 : 0, options)
  }

  /**
   * The `index`-th result set, as PGlite's parseResults builds it, without its copy of every type
   * parser into a new object per query (drizzle passes parsers of its own with each call).
   */
  function toResults<T>(messages: ReadonlyArray<{ name: string }>, index: number, options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers
    const value = (text: string | null, typeId: number) => {
      if (text === null) return null
      const parser = own?.[typeId] ?? internals.parsers[typeId]
      return parser ? parser(text, typeId) : types.parseType(text, typeId)
    }
    let fields: Array<{ name: string; dataTypeID: number }> = []
    let rows: unknown[] = []
    let set = 0
    let affectedRows = 0
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as unknown as { fields: Array<{ name: string; dataTypeID: number }> }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
      } else if (message.name === 'dataRow' && set === index) {
        const cells = (message as unknown as { fields: Array<string | null> }).fields
        if (options?.rowMode === 'array') rows.push(cells.map((cell, i) => value(cell, fields[i]?.dataTypeID ?? 0)))
        else {
          const row: Record<string, unknown> = {}
          cells.forEach((cell, i) => {
            const field = fields[i]
            if (field) row[field.name] = value(cell, field.dataTypeID)
          })
          rows.push(row)
        }
      } else if (message.name === 'commandComplete') {
        const words = (message as unknown as { text: string }).text.split(' ')
        const command = words[0] ?? ''
        const count = parseInt(words[words.length - 1] ?? '', 10)
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += count
        if (set === index) return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as unknown as Results<T>
        set += 1
        fields = []
        rows = []
      }
    }
    return { rows: [], fields: [], affectedRows: 0 } as unknown as Results<T>
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || (!statements.has(text) && statements.size >= MAX_STATEMENTS)) return client.query<T>(text, params, options)
    // The same locks as PGlite's query(): never inside another caller's transaction, one query at a time.
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options)
        } catch (error) {
          // As PGlite's query() gives it: the database's error with the query attached.
          if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options })
          throw error
        }
      }),
    )
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query
      const value: unknown = Reflect.get(target, key, target)
      // PGlite's methods use private fields: they must run on PGlite itself, not on this proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
