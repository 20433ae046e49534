/**
 * One server per embedded database: a second start on the same DATA_DIR is refused with a message
 * that says what to do; a lock left by a killed process (its folder no longer touched) is taken over.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUse, STALE_MS, lockDataDir } from '../../server/data-dir-lock'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'afh-lock-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the lock on DATA_DIR', () => {
  it('refuses a second holder while the first runs, and lets the next one in once it is released', async () => {
    const first = await lockDataDir(dataDir, { waitForStaleMs: 0 })
    const second = lockDataDir(dataDir, { waitForStaleMs: 0 })
    await expect(second).rejects.toBeInstanceOf(DataDirInUse)
    await expect(second).rejects.toThrow(/Another server is already running on DATA_DIR .*afh-lock-.*Stop it first/)
    await first.release()
    const third = await lockDataDir(dataDir, { waitForStaleMs: 0 })
    await third.release()
  })

  it('takes over a lock whose holder was killed (not touched for longer than the stale time)', async () => {
    // What kill -9 leaves: the lock folder, no longer kept fresh by anybody.
    mkdirSync(join(dataDir, 'server.lock'))
    const killedAt = new Date(Date.now() - STALE_MS - 5_000)
    utimesSync(join(dataDir, 'server.lock'), killedAt, killedAt)
    const taken = await lockDataDir(dataDir, { waitForStaleMs: 0 })
    await taken.release()
  })

  it('does not take over a lock that is still being kept fresh', async () => {
    mkdirSync(join(dataDir, 'server.lock'))
    await expect(lockDataDir(dataDir, { waitForStaleMs: 0 })).rejects.toBeInstanceOf(DataDirInUse)
  })
})
