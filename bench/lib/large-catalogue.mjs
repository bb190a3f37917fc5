// The large bench catalogue (50,000 products by default) in a local D1 of its own, and `wrangler dev` serving it:
// shared by bench/catalogue-bench.mjs and bench/search-scale.mjs. The catalogue is generated and loaded once into
// `state` (a few minutes) and reused on later runs.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { countProducts, load, refreshAllFacetCounts } from '../../kv-seed/load.mjs'
import { SEED_VERSION } from '../../kv-seed/sql.mjs'
import { childEnv, root, wranglerBin } from './store.mjs'

/** Applies the migrations to `state` and loads `products` products unless it holds them already. */
export function prepareLargeCatalogue({ state, products, log }) {
  mkdirSync(state, { recursive: true })
  const applied = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { cwd: root, env: childEnv, encoding: 'utf8' })
  if (applied.status !== 0) throw new Error(`migrations failed:\n${applied.stdout}\n${applied.stderr}`)
  // Reused only when a load of this size and seed version ran to its end: a load that failed part-way (a seed file
  // D1 refused) leaves the products without their search index and derived rows, and every search finds nothing.
  const marker = join(state, 'catalogue-loaded.json')
  const wanted = JSON.stringify({ products, version: SEED_VERSION })
  const existing = countProducts(['--local', '--persist-to', state])
  if (existing === products + 1 && existsSync(marker) && readFileSync(marker, 'utf8') === wanted) {
    log(`Reusing the ${existing}-product catalogue in ${state}; recounting its precomputed facets…`)
    return refreshAllFacetCounts(['--local', '--persist-to', state], state)
  }
  rmSync(marker, { force: true })
  log(`Generating and loading ${products} products into ${state} (a few minutes, once)…`)
  load({ persistTo: state, products, out: join('.wrangler', `bench-seed-${products}`), force: existing > 0, writeImages: false })
  writeFileSync(marker, wanted)
}

/** The worker imports the client build's manifest; build it when missing, as `npm start` would. */
export function ensureClientBuild(log) {
  if (existsSync(join(root, 'build/client/.vite/manifest.json'))) return
  log('Building the client bundle (npm run build)…')
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, env: childEnv, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout?.slice(-2000)}\n${built.stderr?.slice(-2000)}`)
}

/**
 * Starts `wrangler dev` on the catalogue in `state` (its own process group, bundled with NODE_ENV=production as a
 * deployed store is) and waits until the API answers. Resolves with `stop()`, which ends wrangler and workerd.
 */
export async function startLargeCatalogueWorker({ state, port }) {
  const api = `http://127.0.0.1:${port}/api/v2/storefront`
  const logFile = join(state, 'wrangler-dev.log')
  const fd = openSync(logFile, 'a')
  const child = spawn(process.execPath, [wranglerBin, 'dev', '--env', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--show-interactive-dev-session=false'], {
    cwd: root, env: { ...childEnv, NODE_ENV: 'production' }, stdio: ['ignore', fd, fd], detached: true,
  })
  closeSync(fd)
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      child.kill('SIGTERM')
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000).unref())])
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL')
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${readFileSync(logFile, 'utf8').slice(-3000)}`)
    try {
      const res = await fetch(`${api}/store`, { signal: AbortSignal.timeout(5000) })
      if (res.ok) return stop
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`wrangler dev did not answer within 120 s:\n${readFileSync(logFile, 'utf8').slice(-3000)}`)
    }
    await new Promise((done) => setTimeout(done, 300))
  }
}
