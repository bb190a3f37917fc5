// Serves the store for the benchmarks: a fresh local D1/KV in a temp dir, migrations, the seed, and `wrangler dev`
// (workerd) on a free loopback port. Everything it starts, `stop()` ends.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const wranglerBin = join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js')
export const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' }

/** Runs a command in the project; returns stdout, throws with the tail of its output when it fails. */
export function run(label, command, args, { timeoutMs = 10 * 60_000, cwd = root } = {}) {
  const result = spawnSync(command, args, { cwd, env: childEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs })
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n')
    throw new Error(`${label} failed (exit ${result.status ?? result.signal}):\n${output}`)
  }
  return result.stdout
}

export const wrangler = (label, args, options) => run(label, process.execPath, [wranglerBin, ...args], options)

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Builds the client bundle when it is missing (the worker imports its manifest). */
export function ensureBuild(log) {
  if (existsSync(join(root, 'build/client/.vite/manifest.json'))) return false
  log('Building the client bundle (npm run build)…')
  run('npm run build', 'npm', ['run', 'build'])
  return true
}

/** Results of a SQL statement against the local D1 in `persistTo`. */
export function d1Query(persistTo, sql) {
  const out = wrangler('wrangler d1 execute', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql])
  const start = out.search(/[[{]/)
  const parsed = JSON.parse(out.slice(start))
  return (Array.isArray(parsed) ? parsed[0] : parsed)?.results ?? []
}

function kill(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

/**
 * Prepares a fresh database and starts `wrangler dev` of the project in `root` (this one unless said: bench/render-cpu.mjs
 * serves another checkout beside it). Returns { baseUrl, persistTo, stop, pid } (pid: wrangler's, the group's leader).
 * The child runs in its own process group so stop() ends wrangler and workerd together.
 * `nodeEnv` is what wrangler substitutes for process.env.NODE_ENV when it bundles the worker: `wrangler dev` defaults
 * to "development" (React's development build on the server, several times slower to render), `wrangler deploy` to
 * "production"; the benchmarks measure what a deployed store runs.
 */
export async function startStore({ log = () => {}, nodeEnv = 'production', root: dir = root, extraArgs = [] } = {}) {
  const bin = join(dir, 'node_modules', 'wrangler', 'bin', 'wrangler.js')
  const persistTo = mkdtempSync(join(tmpdir(), 'storefront-bench-'))
  let child
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      kill(child, 'SIGTERM')
      const timeout = new Promise((done) => setTimeout(() => done('timeout'), 10_000).unref())
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        kill(child, 'SIGKILL')
        await exited
      }
    }
    rmSync(persistTo, { recursive: true, force: true })
  }
  try {
    log('Applying D1 migrations…')
    run('wrangler d1 migrations apply', process.execPath, [bin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { cwd: dir })
    log('Loading the seed (kv-seed/load.mjs)…')
    run('kv-seed/load.mjs', process.execPath, [join(dir, 'kv-seed/load.mjs'), '--local', '--persist-to', persistTo, '--out', join(persistTo, 'seed')], { cwd: dir })
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const logFile = join(persistTo, 'wrangler-dev.log')
    const fd = openSync(logFile, 'a')
    log(`Starting wrangler dev on ${baseUrl}…`)
    child = spawn(process.execPath, [bin, 'dev', '--env', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo, '--show-interactive-dev-session=false', ...extraArgs], {
      cwd: dir,
      env: { ...childEnv, NODE_ENV: nodeEnv },
      stdio: ['ignore', fd, fd],
      detached: true,
    })
    closeSync(fd)
    const deadline = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`wrangler dev exited before serving:\n${readFileSync(logFile, 'utf8').slice(-3000)}`)
      try {
        const response = await fetch(baseUrl + '/', { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
        await response.body?.cancel()
        if (response.status < 500) break
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 120 s:\n${readFileSync(logFile, 'utf8').slice(-3000)}`)
      await new Promise((done) => setTimeout(done, 250))
    }
    return { baseUrl, persistTo, stop, pid: child.pid }
  } catch (error) {
    await stop()
    throw error
  }
}
