#!/usr/bin/env node
/**
 * Runs one stage of `npm test` (tests/run-all.mjs) and measures it: `node tests/stage.mjs <out.json>
 * <command> [args...]` runs the command with this process's stdio and environment, then writes
 * { code, wallSeconds, cpuSeconds } to out.json and exits with the command's code. CPU seconds are
 * user + system time of the whole process tree the command started, so stages running side by side
 * on a shared machine can still be compared; null where /proc is missing. Counted two ways, the
 * larger kept: what /proc/self/stat says of every descendant that was waited for, and the tree
 * sampled every half second (each process's own time when last seen). The first alone missed three
 * quarters of a browser's time (Chromium's renderers are not waited for by anyone who reports to us).
 * A database server the stage talks to (PostgreSQL) is not its descendant and is not counted.
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'

/** pid → [parent pid, own utime + stime in ticks, start time]: every process in /proc now. */
function processes() {
  const all = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      all.set(Number(name), [Number(f[1]), Number(f[11]) + Number(f[12]), f[19]])
    } catch {
      /* ended meanwhile */
    }
  }
  return all
}

/** The stage's processes, found by their parents as they appear; `ticks` is their own time when last seen. */
const tree = new Set()
const ticks = new Map()
function sample() {
  let all
  try {
    all = processes()
  } catch {
    return
  }
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, [parent]] of all) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid)
        grew = true
      }
    }
  }
  for (const pid of tree) {
    const p = all.get(pid)
    if (p) ticks.set(`${pid}:${p[2]}`, p[1])
  }
}

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
if (child.pid) tree.add(child.pid)
const sampler = setInterval(sample, 500)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code, signal) => {
  clearInterval(sampler)
  const reaped = cpuSeconds()
  const sampled = [...ticks.values()].reduce((sum, t) => sum + t, 0) / 100
  const result = { code: code ?? (signal ? 1 : 0), wallSeconds: (Date.now() - started) / 1000, cpuSeconds: reaped == null ? null : Math.max(reaped, sampled) }
  writeFileSync(out, JSON.stringify(result))
  process.exit(result.code)
})
