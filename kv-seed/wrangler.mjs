// Runs wrangler from the project's node_modules for the seed scripts (offline for --local).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const wranglerBin = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url))

/** Runs `wrangler …args`; returns stdout, throws with wrangler's own output when it fails. */
export function wrangler(args, { quiet = false } = {}) {
  // the project's wrangler with this node, not through npx (which costs a second or more per call under load)
  const result = spawnSync(process.execPath, [wranglerBin, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr ?? ''}`)
  }
  return result.stdout
}

/** The first JSON value in wrangler's output (it may print banners before it). */
export function parseJsonOutput(stdout) {
  const start = stdout.search(/[[{]/)
  if (start < 0) throw new Error(`wrangler printed no JSON:\n${stdout}`)
  return JSON.parse(stdout.slice(start))
}

/** `--local [--persist-to DIR]` or `--remote`, from parsed CLI flags. */
export function targetFlags({ remote, persistTo }) {
  if (remote) return ['--remote']
  return persistTo ? ['--local', '--persist-to', persistTo] : ['--local']
}
