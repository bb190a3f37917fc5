#!/usr/bin/env node
// Sets up a store in one command (issue 40 point 2; docs/deploying.md): applies the migrations, loads the reference data
// every shop needs (kv-seed/reference.mjs; idempotent, so running it again changes nothing), the sample catalogue only
// with --sample, and makes the first console admin with --admin-email.
//   npm run setup -- --local|--remote [--sample [--products N]] [--admin-email you@shop.example [--admin-password …]]
//                    [--url https://shop.example (remote: the admin's set-up link)] [--persist-to DIR]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { load } from '../kv-seed/load.mjs'
import { referenceStatements } from '../kv-seed/reference.mjs'
import { parseJsonOutput, targetFlags, wrangler } from '../kv-seed/wrangler.mjs'

/** Runs a command with the terminal attached (wrangler may ask to confirm remote migrations; admin:create asks for a password). */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } })
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 4).join(' ')} failed (exit ${result.status})`)
}

/** How many rows of the reference data the store holds, for the summary line. */
function referenceCounts(target) {
  const sql = `SELECT (SELECT count(*) FROM countries) AS countries, (SELECT count(*) FROM states) AS states,
    (SELECT count(*) FROM shipping_methods) AS rates, (SELECT count(*) FROM cms_pages WHERE visible = 0) AS drafts,
    (SELECT count(*) FROM menus) AS menus, (SELECT count(*) FROM products) AS products`
  return parseJsonOutput(wrangler(['d1', 'execute', 'DB', ...target, '--command', sql, '--json'], { quiet: true }))[0].results[0]
}

export function setup({ remote, sample, products, adminEmail, adminPassword, url, persistTo }) {
  const target = targetFlags({ remote, persistTo })
  const where = remote ? 'remote' : 'local'
  console.log(`1. Migrations (${where})`)
  run('npx', ['--no-install', 'wrangler', 'd1', 'migrations', 'apply', 'DB', ...target])
  console.log(`2. Reference data (${where}): countries and states, the store row, legal pages as drafts, empty menus`)
  // a folder of its own: two set-ups at once (the browser tests' own stores) never write one file
  const dir = mkdtempSync(join(tmpdir(), 'setup-reference-'))
  const file = join(dir, 'reference.sql')
  writeFileSync(file, referenceStatements().join(';\n') + ';\n')
  try {
    wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', file], { quiet: true })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (sample) {
    console.log(`3. Sample catalogue (${where})`)
    load({ remote, persistTo, products })
  }
  const counts = referenceCounts(target)
  console.log(
    `The store has ${counts.countries} countries, ${counts.states} states, ${counts.rates} shipping rates, ${counts.drafts} draft pages, ${counts.menus} menus and ${counts.products} products.`,
  )
  if (adminEmail) {
    console.log(`4. First admin (${where})`)
    const args = ['scripts/admin-create.mjs', '--email', adminEmail, ...(adminPassword ? ['--password', adminPassword] : [])]
    if (remote) args.push('--remote', ...(url ? ['--url', url] : []))
    if (persistTo) args.push('--persist-to', persistTo)
    run(process.execPath, args)
  }
  console.log(`Done. The console's dashboard lists what is still missing before shoppers can buy.`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      local: { type: 'boolean' },
      remote: { type: 'boolean' },
      sample: { type: 'boolean' },
      products: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      url: { type: 'string' },
      'persist-to': { type: 'string' },
    },
  })
  if (Boolean(values.local) === Boolean(values.remote)) {
    console.error('Say where: npm run setup -- --local (this machine) or --remote (the D1 database in wrangler.toml).')
    process.exit(1)
  }
  if (values.products && !values.sample) {
    console.error('--products sets the size of the sample: add --sample.')
    process.exit(1)
  }
  try {
    setup({
      remote: Boolean(values.remote),
      sample: Boolean(values.sample),
      products: values.products ? Number(values.products) : undefined,
      adminEmail: values['admin-email'],
      adminPassword: values['admin-password'],
      url: values.url,
      persistTo: values['persist-to'],
    })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
