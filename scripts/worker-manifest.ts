import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/** What the worker reads of a chunk in Vite's manifest (worker/ssr/assets.ts). */
const KEPT = ['file', 'css', 'assets', 'imports'] as const

/**
 * Writes build/worker-manifest.json: Vite's manifest with only what the worker reads (a chunk's file, CSS, assets and
 * static imports; not its name, source path or dynamic imports). The worker bundles it whole, so every byte counts
 * against its 450 KiB gzip budget: 23 KB → 16 KB, about 1 KiB gzip. Beside build/client, not in it: it is not served.
 */
export function workerManifest(): Plugin {
  return {
    name: 'storefront:worker-manifest',
    writeBundle(options, bundle) {
      const asset = bundle['.vite/manifest.json']
      if (!asset || asset.type !== 'asset') return
      const manifest = JSON.parse(String(asset.source)) as Record<string, Record<string, unknown>>
      const slim = Object.fromEntries(Object.entries(manifest).map(([key, chunk]) => [key, Object.fromEntries(KEPT.filter((k) => chunk[k] !== undefined).map((k) => [k, chunk[k]]))]))
      writeFileSync(join(dirname(options.dir!), 'worker-manifest.json'), JSON.stringify(slim))
    },
  }
}
