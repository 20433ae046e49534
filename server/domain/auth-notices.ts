/**
 * PostgreSQL: this instance hears of every change to an account, whichever instance (or hand) made
 * it. Triggers (migrations 0014 and 0015) announce the account's id on `afh_accounts` when a change
 * commits ('*' when the table is emptied); one connection of ours listens. While it hears them, the
 * token check may keep an account for a moment instead of reading it on every signed-in call, and
 * forgets it when told.
 *
 * "Hears" is proved, not assumed: a `LISTEN` that succeeds may still hear nothing (a pooler in
 * transaction mode, a trigger missing or disabled, a connection silently dead). So a probe is sent
 * on the channel through another connection and must come back, when listening starts and every
 * 30 s. When the probe fails or the connection is lost, notices may have been missed: everything
 * kept is forgotten and nothing is kept until a probe comes back again.
 */
import { randomUUID } from 'node:crypto'
import type pg from 'pg'

export const ACCOUNT_CHANNEL = 'afh_accounts'

export interface AccountNotices {
  /** The account changed (or, with null, any may have). */
  changed(id: number | null): void
  /** Whether notices are being heard: kept accounts can be trusted only while true. */
  hearing(on: boolean): void
  /** Sends `payload` on the channel through another connection (the main pool). */
  send(payload: string): Promise<void>
  /** Whether the trigger that announces changes is there and enabled. */
  announced(): Promise<boolean>
  /** Told when notices start being heard and when they stop (once each time, not on every retry). */
  log?(level: 'info' | 'warn', message: string): void
  /** How long to wait before connecting again after the connection is lost (default 1 s). */
  retryMs?: number
}

const RETRY_MS = 1_000
const PROBE_EVERY_MS = 30_000
const PROBE_WAIT_MS = 3_000

/** Listens until the returned function is called. Never throws: a database it cannot reach is tried again. */
export function listenForAccountChanges(Client: typeof pg.Client, connectionString: string, notices: AccountNotices): () => Promise<void> {
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  /** Notices proved to arrive (the last probe came back). */
  let hearing = false
  let warnedSilent = false
  const probes = new Map<string, () => void>()

  const stopHearing = (why: string | null) => {
    if (!hearing) return
    hearing = false
    notices.hearing(false)
    if (why && !stopped) notices.log?.('warn', `account notices: ${why}; every signed-in call reads its account until they are heard again`)
  }

  const lost = (which: pg.Client) => {
    if (client !== which) return
    client = null
    stopHearing('connection lost')
    void which.end().catch(() => undefined)
    if (!stopped) retry = setTimeout(connect, notices.retryMs ?? RETRY_MS).unref()
  }

  /** Whether a notice sent now through another connection reaches the listening one. */
  async function probe(): Promise<boolean> {
    if (!(await notices.announced().catch(() => false))) return false
    const nonce = `probe:${randomUUID()}`
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        probes.delete(nonce)
        resolve(false)
      }, PROBE_WAIT_MS).unref()
      probes.set(nonce, () => {
        clearTimeout(timer)
        probes.delete(nonce)
        resolve(true)
      })
    })
    try {
      await notices.send(nonce)
    } catch {
      probes.delete(nonce)
      return false
    }
    return heard
  }

  async function check(which: pg.Client): Promise<void> {
    const ok = await probe()
    if (client !== which || stopped) return
    if (ok && !hearing) {
      // Whatever changed while nothing was heard is unknown: start from nothing.
      notices.changed(null)
      hearing = true
      warnedSilent = false
      notices.hearing(true)
      notices.log?.('info', 'account notices: heard (signed-in calls keep their account for a moment)')
    } else if (!ok && hearing) {
      // A connection that no longer hears: start again on a new one.
      stopHearing('a probe did not come back')
      lost(which)
    } else if (!ok && !warnedSilent) {
      warnedSilent = true
      notices.log?.('warn', 'account notices: not heard (is the users table\'s trigger there, and does the connection reach PostgreSQL without a transaction pooler?); every signed-in call reads its account')
    }
  }

  async function connect(): Promise<void> {
    retry = null
    if (stopped) return
    const next = new Client({ connectionString, application_name: 'afh account notices', keepAlive: true })
    client = next
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    next.on('notification', (message) => {
      if (message.channel !== ACCOUNT_CHANNEL) return
      const payload = message.payload ?? ''
      if (payload.startsWith('probe:')) return probes.get(payload)?.()
      const id = /^\d+$/.test(payload) ? Number(payload) : null
      notices.changed(id)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${ACCOUNT_CHANNEL}`)
      if (client !== next || stopped) return
      await check(next)
    } catch {
      lost(next)
    }
  }

  const heartbeat = setInterval(() => {
    if (client && !stopped) void check(client)
  }, PROBE_EVERY_MS).unref()

  void connect()
  return async () => {
    stopped = true
    clearInterval(heartbeat)
    if (retry) clearTimeout(retry)
    const last = client
    client = null
    stopHearing(null)
    if (last) await last.end().catch(() => undefined)
  }
}
