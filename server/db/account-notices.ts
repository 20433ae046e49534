/**
 * PostgreSQL: this instance hears of every change to an account, whichever instance (or hand) made
 * it. A trigger (migration 0014) announces the account's id on `afh_accounts` when the change
 * commits; one connection of ours listens. While it listens, the token check may keep an account
 * for a moment instead of reading it on every signed-in call, and forgets it when told. When the
 * connection is lost, notices may have been missed: everything kept is forgotten and nothing is
 * kept until it listens again (it reconnects by itself).
 */
import type pg from 'pg'

export interface AccountNotices {
  /** The account changed (or, with null, any may have). */
  changed(id: number | null): void
  /** Whether notices are being heard: kept accounts can be trusted only while true. */
  hearing(on: boolean): void
  /** Told when listening starts and when it is lost (once per loss, not on every retry). */
  log?(level: 'info' | 'warn', message: string): void
}

const CHANNEL = 'afh_accounts'
const RETRY_MS = 1_000

/** Listens until the returned function is called. Never throws: a database it cannot reach is tried again. */
export function listenForAccountChanges(Client: typeof pg.Client, connectionString: string, notices: AccountNotices): () => Promise<void> {
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  let listening = false

  const lost = (which: pg.Client) => {
    if (client !== which) return
    client = null
    notices.hearing(false)
    if (listening && !stopped) notices.log?.('warn', 'account notices: connection lost; every signed-in call reads its account until it listens again')
    listening = false
    void which.end().catch(() => undefined)
    if (!stopped) retry = setTimeout(connect, RETRY_MS).unref()
  }

  async function connect(): Promise<void> {
    retry = null
    if (stopped) return
    const next = new Client({ connectionString, application_name: 'afh account notices' })
    client = next
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL) return
      const id = Number(message.payload)
      notices.changed(Number.isInteger(id) ? id : null)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
      if (client !== next || stopped) return
      // Whatever changed while nobody listened is unknown: start from nothing.
      notices.changed(null)
      notices.hearing(true)
      listening = true
      notices.log?.('info', 'account notices: listening (signed-in calls keep their account for a moment)')
    } catch {
      lost(next)
    }
  }

  void connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const last = client
    client = null
    notices.hearing(false)
    if (last) await last.end().catch(() => undefined)
  }
}
