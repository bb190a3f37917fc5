#!/usr/bin/env node
// Purges the storefront's caches so the next request reads fresh content from D1: deletes the KV cache entries (menus,
// taxons, CMS pages) and bumps the page-cache content version, which makes every page in the edge page cache (the Cache
// API, in every data centre) a miss at once (worker/edge-cache/content-version.ts; docs/caching.md).
//   node kv-seed/purge-cache.mjs [--local|--remote] [--persist-to DIR] [--prefix v2:] [--pages-only]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseJsonOutput, targetFlags, wrangler } from './wrangler.mjs'

/** The KV key the worker reads its page-cache content version from (worker/edge-cache/content-version.ts). */
export const PAGE_VERSION_KEY = 'edge:page-version'

/** Makes every cached page fresh: a new content version is a new key for every page. Returns the new version. */
export function bumpPageVersion({ remote = false, persistTo } = {}) {
  const version = Date.now().toString(36)
  wrangler(['kv', 'key', 'put', PAGE_VERSION_KEY, version, '--binding', 'CACHE', ...targetFlags({ remote, persistTo })], { quiet: true })
  console.log(`Page cache content version is now '${version}' (${remote ? 'remote' : 'local'}): every cached page renders afresh on its next request.`)
  return version
}

export function purgeCache({ remote = false, persistTo, prefix = 'v2:', pagesOnly = false } = {}) {
  const target = targetFlags({ remote, persistTo })
  bumpPageVersion({ remote, persistTo })
  if (pagesOnly) return 0
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
    options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' }, prefix: { type: 'string' }, 'pages-only': { type: 'boolean' } },
  })
  if (values.local && values.remote) {
    console.error('Choose one of --local and --remote.')
    process.exit(1)
  }
  try {
    purgeCache({ remote: Boolean(values.remote), persistTo: values['persist-to'], prefix: values.prefix, pagesOnly: Boolean(values['pages-only']) })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
