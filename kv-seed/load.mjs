#!/usr/bin/env node
// Loads the sample store into D1 (migrations must already be applied: `wrangler d1 migrations apply DB --local`).
//   node kv-seed/load.mjs [--local|--remote] [--force] [--products N] [--persist-to DIR] [--out DIR]
// Does nothing when the database already has products, unless --force (which empties the seeded tables first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PRODUCT_COUNT } from './catalogue.mjs'
import { generate, writeImageFiles } from './generate.mjs'
import { IMAGE_ROOT } from './images.mjs'
import { clearStatements, SEED_PRICE_BUCKETS, SEED_VERSION } from './sql.mjs'
import { allFacetRefreshStatements } from '../worker/backend/catalogue/facet-counts-sql.mjs'
import { parseJsonOutput, targetFlags, wrangler } from './wrangler.mjs'
import { purgeCache } from './purge-cache.mjs'

export function countProducts(target) {
  const output = wrangler(['d1', 'execute', 'DB', ...target, '--command', 'SELECT count(*) AS n FROM products', '--json'], { quiet: true })
  const [first] = parseJsonOutput(output)
  return Number(first?.results?.[0]?.n ?? 0)
}

/**
 * Recounts every precomputed facet scope of a database already loaded (migration 0121), e.g. a catalogue loaded
 * before that migration. The worker's refreshFacetCounts does the same for stale scopes only.
 */
export function refreshAllFacetCounts(target, out = '.wrangler') {
  const output = wrangler(['d1', 'execute', 'DB', ...target, '--command', 'SELECT id FROM taxons', '--json'], { quiet: true })
  const ids = (parseJsonOutput(output)[0]?.results ?? []).map((row) => Number(row.id))
  const file = join(out, 'facet-refresh.sql')
  writeFileSync(file, allFacetRefreshStatements(ids, SEED_PRICE_BUCKETS).map((sql) => `${sql};`).join('\n'))
  wrangler(['d1', 'execute', 'DB', ...target, '--file', file], { quiet: true })
}

export function load({ remote = false, force = false, products = DEFAULT_PRODUCT_COUNT, persistTo, out = 'build/seed', writeImages = true } = {}) {
  const target = targetFlags({ remote, persistTo })
  const manifestPath = join(out, 'manifest.json')
  let manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null
  if (!manifest || manifest.products !== products || manifest.version !== SEED_VERSION || !manifest.files.every((f) => existsSync(join(out, f)))) {
    manifest = generate({ products, out, writeImages })
  } else if (writeImages && !existsSync(join('build/client', IMAGE_ROOT, 'products'))) {
    // The SQL is there but the images were removed (a clean build folder): put them back.
    console.log(`Wrote ${writeImageFiles('build/client')} images into build/client/images.`)
  }
  const existing = countProducts(target)
  if (existing > 0 && !force) {
    console.log(`D1 (${remote ? 'remote' : 'local'}) already has ${existing} products; nothing loaded (use --force to reload).`)
    return { loaded: false, existing }
  }
  if (existing > 0) {
    const clearFile = join(out, 'clear.sql')
    writeFileSync(clearFile, clearStatements().join(';\n') + ';\n')
    wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', clearFile], { quiet: true })
  }
  const started = Date.now()
  for (const [index, file] of manifest.files.entries()) {
    process.stdout.write(`Loading ${file} (${index + 1}/${manifest.files.length})…\n`)
    wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', join(out, file)], { quiet: true })
  }
  const count = countProducts(target)
  console.log(`Loaded ${count} products into D1 (${remote ? 'remote' : 'local'}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  // a reload over a store that ran: its cached menus, CMS pages and pages still hold the old rows
  if (existing > 0) purgeCache({ remote, persistTo })
  return { loaded: true, count }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      local: { type: 'boolean' },
      remote: { type: 'boolean' },
      force: { type: 'boolean' },
      products: { type: 'string' },
      'persist-to': { type: 'string' },
      out: { type: 'string' },
    },
  })
  if (values.local && values.remote) {
    console.error('Choose one of --local and --remote.')
    process.exit(1)
  }
  try {
    load({
      remote: Boolean(values.remote),
      force: Boolean(values.force),
      products: values.products ? Number(values.products) : undefined,
      persistTo: values['persist-to'],
      out: values.out,
    })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
