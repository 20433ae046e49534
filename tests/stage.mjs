#!/usr/bin/env node
/**
 * Runs one stage of `npm test` (tests/run-all.mjs) and measures it: `node tests/stage.mjs <out.json>
 * <command> [args...]` runs the command with this process's stdio and environment, then writes
 * { code, wallSeconds, cpuSeconds } to out.json and exits with the command's code. CPU seconds are
 * user + system time of the whole process tree the command started (Linux: /proc/self/stat counts
 * every descendant that was waited for), so stages running side by side on a shared machine can
 * still be compared; null where /proc is missing. A database server the stage talks to (PostgreSQL)
 * is not its descendant and is not counted.
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const [out, cmd, ...args] = process.argv.slice(2)
if (!out || !cmd) {
  console.error('usage: node tests/stage.mjs <out.json> <command> [args...]')
  process.exit(2)
}

/** utime + stime + cutime + cstime of this process, in seconds (fields 14-17 of /proc/self/stat). */
function cpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // The command name (field 2) may hold spaces; the fields after it are split on spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
    return ticks / 100
  } catch {
    return null
  }
}

const started = Date.now()
const child = spawn(cmd, args, { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code, signal) => {
  const result = { code: code ?? (signal ? 1 : 0), wallSeconds: (Date.now() - started) / 1000, cpuSeconds: cpuSeconds() }
  writeFileSync(out, JSON.stringify(result))
  process.exit(result.code)
})
