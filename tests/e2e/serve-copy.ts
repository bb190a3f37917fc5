/// <reference types="node" />
// A second copy of the store for the browser tests that need other variables than the shared one (a tag manager id,
// a remote COMMERCE_URL): its own `wrangler dev` on a free port, with its own local D1/KV so the two never share
// files. The data is either a copy of the seeded store (`from`) or empty tables (`migrateOnly`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nudgeDevProxy } from './dev-proxy-nudge.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const wranglerBin = join(root, 'node_modules/wrangler/bin/wrangler.js')
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' }

export interface ServedCopy {
  url: string
  /** The copy's local D1/KV folder (for `wrangler d1 execute --persist-to`). */
  persistTo: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

/** Runs `wrangler d1 execute` on a copy's D1 and returns the rows of its one statement. */
export function queryD1(persistTo: string, statement: string): Array<Record<string, unknown>> {
  const result = spawnSync(process.execPath, [wranglerBin, 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', statement], { cwd: root, env: childEnv, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr}`)
  return (JSON.parse(result.stdout) as Array<{ results: Array<Record<string, unknown>> }>)[0]!.results
}

export async function serveCopy(options: { vars: Record<string, string>; from?: string; migrateOnly?: boolean }): Promise<ServedCopy> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-copy-'))
  if (options.from) cpSync(options.from, dir, { recursive: true, filter: (src) => !src.endsWith('.log') })
  if (options.migrateOnly) {
    const migrated = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { cwd: root, env: childEnv, encoding: 'utf8' })
    if (migrated.status !== 0) throw new Error(`applying the migrations to the copy failed: ${migrated.stderr}`)
  }
  // Its own inspector port too: two `wrangler dev` starting at once would both take the default 9229.
  const [port, inspectorPort] = [await freePort(), await freePort()]
  const vars = Object.entries(options.vars).flatMap(([name, value]) => ['--var', `${name}:${value}`])
  const child: ChildProcess = spawn(
    process.execPath,
    [wranglerBin, 'dev', '--env', 'dev', '--port', String(port), '--inspector-port', String(inspectorPort), '--ip', '127.0.0.1', '--persist-to', dir, ...vars, '--show-interactive-dev-session=false'],
    { cwd: root, env: childEnv, stdio: 'ignore', detached: true },
  )
  const url = `http://127.0.0.1:${port}`
  let stopNudging = () => {}
  const stop = async () => {
    stopNudging()
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    await new Promise((done) => setTimeout(done, 500))
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(3_000) })
      if (response.ok) {
        stopNudging = nudgeDevProxy(url)
        return { url, persistTo: dir, stop }
      }
    } catch {
      // not yet
    }
    await new Promise((done) => setTimeout(done, 300))
  }
  await stop()
  throw new Error(`the copy of the store with ${Object.keys(options.vars).join(', ')} did not start`)
}
