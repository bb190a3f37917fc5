#!/usr/bin/env node
// Purges the storefront's KV cache (menus, taxons, CMS pages) so the next request reads fresh content from D1.
//   node kv-seed/purge-cache.mjs [--local|--remote] [--persist-to DIR] [--prefix v2:]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseJsonOutput, targetFlags, wrangler } from './wrangler.mjs'

export function purgeCache({ remote = false, persistTo, prefix = 'v2:' } = {}) {
  const target = targetFlags({ remote, persistTo })
  const keys = parseJsonOutput(wrangler(['kv', 'key', 'list', '--binding', 'CACHE', ...target, '--prefix', prefix], { quiet: true }))
  const names = keys.map((k) => k.name)
  if (names.length === 0) {
    console.log(`No cached entries under '${prefix}' (${remote ? 'remote' : 'local'}).`)
    return 0
  }
  const dir = mkdtempSync(join(tmpdir(), 'purge-'))
  try {
    const file = join(dir, 'keys.json')
    writeFileSync(file, JSON.stringify(names))
    wrangler(['kv', 'bulk', 'delete', file, '--binding', 'CACHE', ...target, '--force'], { quiet: true })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(`Purged ${names.length} cached entr${names.length === 1 ? 'y' : 'ies'} under '${prefix}' (${remote ? 'remote' : 'local'}).`)
  return names.length
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' }, prefix: { type: 'string' } },
  })
  if (values.local && values.remote) {
    console.error('Choose one of --local and --remote.')
    process.exit(1)
  }
  try {
    purgeCache({ remote: Boolean(values.remote), persistTo: values['persist-to'], prefix: values.prefix })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
