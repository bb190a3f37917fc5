#!/usr/bin/env node
// Removes the sample catalogue in one step (kv-seed/sample-removal.mjs says what goes and what stays; decision 0030):
//   npm run sample:remove -- --local|--remote [--persist-to DIR]
// Audited (audit_log 'sample.remove'); recounts the facet counts and makes every cached page fresh afterwards.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { refreshAllFacetCounts } from '../kv-seed/load.mjs'
import { purgeCache } from '../kv-seed/purge-cache.mjs'
import { sampleRemovalStatements } from '../kv-seed/sample-removal.mjs'
import { parseJsonOutput, targetFlags, wrangler } from '../kv-seed/wrangler.mjs'

const { values } = parseArgs({ options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' } } })
if (Boolean(values.local) === Boolean(values.remote)) {
  console.error('Say where: npm run sample:remove -- --local or --remote.')
  process.exit(1)
}
const remote = Boolean(values.remote)
const persistTo = values['persist-to']
const target = targetFlags({ remote, persistTo })
try {
  const last = () => parseJsonOutput(wrangler(['d1', 'execute', 'DB', ...target, '--command', "SELECT max(id) AS id, (SELECT after_json FROM audit_log WHERE id = (SELECT max(id) FROM audit_log WHERE action = 'sample.remove')) AS after_json FROM audit_log WHERE action = 'sample.remove'", '--json'], { quiet: true }))[0].results[0]
  const before = last()
  const out = 'build/seed'
  mkdirSync(out, { recursive: true })
  const file = join(out, 'sample-remove.sql')
  writeFileSync(file, sampleRemovalStatements().join(';\n') + ';\n')
  wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', file], { quiet: true })
  refreshAllFacetCounts(target, out)
  purgeCache({ remote, persistTo })
  const after = last()
  if (after.id === before.id) console.log(`Nothing of the sample left to remove (${remote ? 'remote' : 'local'}).`)
  else {
    const done = JSON.parse(after.after_json)
    console.log(`Sample removed (${remote ? 'remote' : 'local'}): ${done.deleted_products} products deleted, ${done.archived_products} archived (on completed orders). Reference data kept.`)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
