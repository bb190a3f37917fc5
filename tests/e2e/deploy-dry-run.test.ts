// docs/deploying.md 'Deploying' is the one path a new operator follows: every binding the built worker is deployed
// with, every queue its consumers read and every secret production refuses to start without must be created there,
// or the first deploy fails (a missing queue) or the store answers 503 (a missing secret). `wrangler deploy --dry-run`
// builds and binds the worker as a real deploy does, offline.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { unstable_readConfig } from 'wrangler'

const root = join(import.meta.dirname, '..', '..')

/** The shell commands of the 'Deploying' section, comments cut off. */
function deployingCommands(): string[] {
  const doc = readFileSync(join(root, 'docs', 'deploying.md'), 'utf8')
  const section = doc.split(/^## Deploying$/m)[1]!.split(/^## /m)[0]!
  const script = /```sh\n([\s\S]*?)```/.exec(section)![1]!
  return script
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
}

interface Binding {
  name: string
  resource: string
  type: string
}

/** The bindings `wrangler deploy --dry-run` prints for the worker as documented (`--env=""`: production). */
function dryRunBindings(): { bindings: Binding[]; output: string } {
  const outdir = mkdtempSync(join(tmpdir(), 'deploy-dry-run-'))
  try {
    const run = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--env=', '--outdir', outdir], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
    })
    const output = `${run.stdout}\n${run.stderr}`
    expect(run.status, output).toBe(0)
    const bindings: Binding[] = []
    for (const line of output.split('\n')) {
      const row = /^env\.(\w+)(?: \((.*?)\))?\s{2,}(\S.*?)\s*$/.exec(line)
      if (row) bindings.push({ name: row[1]!, resource: row[2] ?? '', type: row[3]! })
    }
    return { bindings, output }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

describe("docs/deploying.md 'Deploying'", () => {
  test('creates every resource the worker is bound to, every queue it consumes, and sets every required secret', () => {
    const commands = deployingCommands()
    const has = (pattern: RegExp) => commands.some((command) => pattern.test(command))
    const { bindings, output } = dryRunBindings()
    // as documented, the deploy targets the top level without wrangler's 'multiple environments' warning
    expect(output).not.toMatch(/Multiple environments are defined/)
    expect(bindings.map((b) => b.type)).toEqual(expect.arrayContaining(['D1 Database', 'KV Namespace', 'Queue', 'R2 Bucket']))

    const missing: string[] = []
    for (const binding of bindings) {
      const wanted =
        binding.type === 'D1 Database'
          ? new RegExp(`^npx wrangler d1 create ${binding.resource}\\b`)
          : binding.type === 'KV Namespace'
            ? new RegExp(`^npx wrangler kv namespace create ${binding.name}\\b`)
            : binding.type === 'Queue'
              ? new RegExp(`^npx wrangler queues create ${binding.resource}$`)
              : binding.type === 'R2 Bucket'
                ? new RegExp(`^npx wrangler r2 bucket create ${binding.resource}$`)
                : null
      if (wanted && !has(wanted)) missing.push(`${binding.name} (${binding.type} ${binding.resource})`)
    }
    // consumers and their dead-letter queues are not bindings, but a deploy fails if they do not exist
    const config = unstable_readConfig({ config: join(root, 'wrangler.toml'), env: undefined }, { hideWarnings: true })
    for (const consumer of config.queues.consumers ?? []) {
      for (const queue of [consumer.queue, consumer.dead_letter_queue].filter(Boolean)) {
        if (!has(new RegExp(`^npx wrangler queues create ${queue}$`))) missing.push(`queue ${queue}`)
      }
    }
    // what a production store on the embedded backend refuses to start without (worker/env.ts configProblem)
    for (const secret of ['PASSWORD_PEPPER', 'HEADER_STATE_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'RESEND_API_KEY']) {
      if (!has(new RegExp(`^npx wrangler secret put ${secret}$`))) missing.push(`secret ${secret}`)
    }
    expect(missing).toEqual([])
    // migrations, reference data and the first admin in one command (scripts/setup.mjs)
    expect(has(/^npm run setup:remote\b/)).toBe(true)
    expect(has(/^npx wrangler deploy --env=""$/)).toBe(true)
  })
})
