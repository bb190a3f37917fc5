/// <reference types="node" />
// Global setup of the browser tests (vitest.e2e.config.mts): checks Chromium, builds the client bundle if it is
// missing, creates a fresh local D1/KV in a temp dir, applies the migrations, loads the seed, serves the store with
// `wrangler dev` on a free loopback port and hands its URL to the tests (`inject('baseUrl')`). Teardown stops it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { chromiumPath } from './chromium-path.ts'
import { nudgeDevProxy } from './dev-proxy-nudge.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The seeded local D1/KV: a test serves a second copy with other variables (tests/e2e/analytics.test.ts), the
     * contract walk writes rows no API creates with `wrangler d1 execute` (tests/contract). */
    persistTo: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const wranglerBin = join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js')
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' }

/** An error that vitest prints as the one line it carries (no stack): a setup problem, not a test failure. */
function setupError(message: string): Error {
  const error = new Error(message)
  error.stack = message
  return error
}

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = childEnv) {
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n')
    throw setupError(`e2e setup: ${label} failed (exit ${result.status ?? result.signal}):\n${output}`)
  }
  // the set-up's fixed cost, step by step, in CI's log (decision 0071)
  process.stderr.write(`[e2e] set-up: ${label} ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

/**
 * All migrations as one SQL file, with the `d1_migrations` rows `wrangler d1 migrations apply` would write: one
 * `wrangler d1 execute` (one workerd) instead of `migrations apply`, which starts a local D1 for every one of the 51
 * files (112 s of the set-up under CI's load, decision 0071). The same statements in the same order.
 */
function migrationsFile(dir: string): string {
  const migrationsDir = join(root, 'worker/backend/migrations')
  const names = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  const file = join(dir, 'migrations.sql')
  const parts = ['CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);']
  for (const name of names) {
    parts.push(readFileSync(join(migrationsDir, name), 'utf8'), `INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`)
  }
  writeFileSync(file, parts.join('\n'))
  return file
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/** Stops the whole process group of a detached child (npx/wrangler/workerd), politely first. */
async function stop(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // already gone
    }
  }
  signal('SIGTERM')
  const timer = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 10_000).unref())
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signal('SIGKILL')
    await exited
  }
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-30).join('\n') : '')
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw setupError(`e2e setup: wrangler dev exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail()}`)
    }
    try {
      const response = await fetch(baseUrl + '/', { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
      await response.body?.cancel()
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  throw setupError(`e2e setup: wrangler dev did not answer ${baseUrl} within ${timeoutMs / 1000} s:\n${tail()}`)
}

/**
 * What the server said that a failing browser test may hang on, printed when the run ends (the log itself is deleted
 * with the temp dir): answers that took over 5 s (the `wrangler dev` stall a test waits on) and every line that is
 * not an answer (a reload, an uncaught error). On CI the end of the output is what is kept.
 */
function reportServerLog(logFile: string) {
  if (!existsSync(logFile)) return
  const lines = readFileSync(logFile, 'utf8').split('\n')
  const ready = lines.findIndex((line) => line.includes('Ready on http'))
  if (ready < 0) return
  const notable = lines.slice(ready + 1).filter((line) => {
    const answer = line.match(/^\[wrangler:info\] [A-Z]+ \S+ \d{3} .*\((\d+)ms\)$/)
    return answer ? Number(answer[1]) > 5_000 : line.trim() !== ''
  })
  if (notable.length === 0) return
  process.stderr.write(`[e2e] wrangler dev, after it was ready: ${notable.length} slow answers or other lines\n${notable.slice(-40).map((line) => `  ${line.slice(0, 300)}`).join('\n')}\n`)
}

export default async function setup(project: TestProject) {
  const chromium = chromiumPath()
  if (!existsSync(chromium)) {
    // One line and a failing exit, before vitest collects anything (a thrown error would come wrapped in vitest's
    // "No test files found" and "Unhandled Error" banners).
    process.stderr.write('Chromium is missing: install it with `apt-get install -y chromium` (see README)\n')
    process.exit(1)
  }

  if (!existsSync(join(root, 'build/client/.vite/manifest.json'))) {
    // not with vitest's NODE_ENV=test, which gives the client React's development build: its hydration then
    // disagrees with the server's markup (useId) on every page (seen on a fresh checkout, 7 Dec)
    run('the client build (npm run build)', 'npm', ['run', 'build'], { ...childEnv, NODE_ENV: 'production' })
  }

  const persistTo = mkdtempSync(join(tmpdir(), 'storefront-e2e-'))
  let child: ChildProcess | undefined
  let stopNudging = () => {}
  const cleanUp = async () => {
    stopNudging()
    if (child) await stop(child)
    reportServerLog(join(persistTo, 'wrangler-dev.log'))
    rmSync(persistTo, { recursive: true, force: true })
  }

  try {
    run('applying the D1 migrations', process.execPath, [wranglerBin, 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--yes', '--file', migrationsFile(persistTo)])
    run('loading the seed (kv-seed/load.mjs)', process.execPath, [join(root, 'kv-seed/load.mjs'), '--local', '--persist-to', persistTo, '--out', join(persistTo, 'seed')])

    // Its own inspector port too: two browser runs at once (two engineers on one machine) would both take 9229.
    const [port, inspectorPort] = [await freePort(), await freePort()]
    const baseUrl = `http://127.0.0.1:${port}`
    const logFile = join(persistTo, 'wrangler-dev.log')
    const log = openSync(logFile, 'a')
    child = spawn(
      process.execPath,
      [wranglerBin, 'dev', '--env', 'dev', '--port', String(port), '--inspector-port', String(inspectorPort), '--ip', '127.0.0.1', '--persist-to', persistTo, '--show-interactive-dev-session=false'],
      // Own process group, so teardown stops wrangler and its workerd together.
      { cwd: root, env: childEnv, stdio: ['ignore', log, log], detached: true },
    )
    closeSync(log)
    const serving = Date.now()
    await waitUntilServing(baseUrl, child, logFile, 120_000)
    process.stderr.write(`[e2e] set-up: wrangler dev answering ${((Date.now() - serving) / 1000).toFixed(1)} s\n`)
    stopNudging = nudgeDevProxy(baseUrl)
    project.provide('baseUrl', baseUrl)
    project.provide('persistTo', persistTo)
  } catch (error) {
    await cleanUp()
    throw error
  }

  return cleanUp
}
