import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/** One chunk as the worker reads it (worker/ssr/assets.ts): its file, then the indexes of its static imports, its CSS and its assets. */
export type SlimChunk = [file: string, imports?: number[], css?: string[], assets?: string[]]
/** build/worker-manifest.json: the chunks, and the index of each chunk the worker looks up by its source path. */
export interface SlimManifest {
  names: Record<string, number>
  chunks: SlimChunk[]
}

/**
 * Vite's manifest with only what the worker reads: a chunk's file, CSS, assets and static imports (not its name,
 * source path or dynamic imports). A chunk is named by its index, and only the chunks the worker looks up (source
 * paths: entries, routes, dictionaries, the font) keep their key; shared chunks' keys (`_shell-<hash>.js`, which
 * repeat their file's name) are left out. The worker bundles it whole, so every byte counts against its 450 KiB gzip
 * budget: Vite's 23 KB → 16 KB (fields) → 9 KB (indexes). Beside build/client, not in it: it is not served.
 */
export function slimManifest(manifest: Record<string, { file: string; css?: string[]; assets?: string[]; imports?: string[] }>): SlimManifest {
  const keys = Object.keys(manifest)
  const index = new Map(keys.map((key, i) => [key, i]))
  const chunks = keys.map((key): SlimChunk => {
    const { file, imports = [], css = [], assets = [] } = manifest[key]!
    const slim: SlimChunk = [file, imports.map((k) => index.get(k)!).filter((i) => i !== undefined), css, assets]
    // trailing empty lists are left out
    while (slim.length > 1 && (slim[slim.length - 1] as unknown[]).length === 0) slim.pop()
    return slim
  })
  const names = Object.fromEntries(keys.filter((key) => !key.startsWith('_')).map((key) => [key, index.get(key)!]))
  return { names, chunks }
}

/** Writes build/worker-manifest.json (slimManifest) after Vite's client build. */
export function workerManifest(): Plugin {
  return {
    name: 'storefront:worker-manifest',
    writeBundle(options, bundle) {
      const asset = bundle['.vite/manifest.json']
      if (!asset || asset.type !== 'asset') return
      writeFileSync(join(dirname(options.dir!), 'worker-manifest.json'), JSON.stringify(slimManifest(JSON.parse(String(asset.source)))))
    },
  }
}
