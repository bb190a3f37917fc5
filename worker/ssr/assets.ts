// Vite's manifest, slimmed to what is read here (scripts/worker-manifest.ts)
import manifest from '#build/worker-manifest.json'

/** One chunk of Vite's build manifest: its file, the chunks it imports statically, its CSS and its assets. */
interface ManifestChunk {
  file: string
  css?: string[]
  assets?: string[]
  imports: ManifestChunk[]
}

/** As written (scripts/worker-manifest.ts): file, indexes of the chunks it imports, CSS, assets; trailing empties left out. */
type SlimChunk = [file: string, imports?: number[], css?: string[], assets?: string[]]
const chunks: ManifestChunk[] = (manifest.chunks as SlimChunk[]).map(([file, , css, assets]) => ({ file, css, assets, imports: [] }))
;(manifest.chunks as SlimChunk[]).forEach(([, imports = []], i) => chunks[i]!.imports.push(...imports.map((at) => chunks[at]!)))
/** A chunk by its source path (an entry, a route's module, a dictionary, the font), as Vite's manifest keys it. */
const named = (key: string): ManifestChunk | undefined => {
  const at = (manifest.names as Record<string, number>)[key]
  return at === undefined ? undefined : chunks[at]
}

export const CLIENT_ENTRY = 'web/entry.client.tsx'
/** The entry's second start-up step, imported dynamically (web/entry.client.tsx) but needed by every page. */
export const BOOT_MODULES = ['web/boot/hydrate-app.tsx']

/**
 * The chunks of a language's dictionary that a page's screens show (web/i18n/dictionaries.client.ts loads them; a page
 * needs only its own language, and a catalogue page only the browse part).
 */
export const dictionaryModules = (locale: string, part: 'browse' | 'all') => [`web/i18n/${locale}-browse.ts`, ...(part === 'all' ? [`web/i18n/${locale}-shop.ts`] : [])]

/**
 * The files a page needs from its first byte: the client entry, the chunks of the screens that matched (and what
 * they import), the page language's dictionary, and their CSS. Preloading them avoids a waterfall after hydration
 * starts.
 */
export function assetsFor(modules: string[]): { entry: string; scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk || scripts.has(`/${chunk.file}`)) return
    scripts.add(`/${chunk.file}`)
    chunk.css?.forEach((css) => styles.add(`/${css}`))
    chunk.imports.forEach(visit)
  }
  const entry = named(CLIENT_ENTRY)
  visit(entry)
  BOOT_MODULES.forEach((key) => visit(named(key)))
  modules.forEach((key) => visit(named(key)))
  if (!entry) throw new Error('The client bundle is missing from the build manifest. Run `npm run build` first.')
  return { entry: `/${entry.file}`, scripts: [...scripts], styles: [...styles] }
}

export const FONT_ENTRY = 'web/fonts/figtree.css'

/** The body face's stylesheet and its woff2 file, which a page adds after its largest paint (worker/ssr/render.tsx). */
export function bodyFont(): { stylesheet: string; file: string } {
  const chunk = named(FONT_ENTRY)
  const file = chunk?.assets?.find((asset) => asset.endsWith('.woff2'))
  if (!chunk || !file) throw new Error('The body font is missing from the build manifest. Run `npm run build` first.')
  return { stylesheet: `/${chunk.file}`, file: `/${file}` }
}

export const CONSOLE_ENTRY = 'web/admin/client/console.ts'

/** The console's browser script (image resizing), loaded only by console pages that use it. */
export function consoleScript(): string {
  const chunk = named(CONSOLE_ENTRY)
  if (!chunk) throw new Error('The console script is missing from the build manifest. Run `npm run build` first.')
  return `/${chunk.file}`
}

/** Every built file a shopper's page may load (the console's script aside). */
export function allAssetFiles(): string[] {
  const files = new Set<string>()
  const consoleChunk = named(CONSOLE_ENTRY)
  for (const chunk of chunks) {
    // the console's script is for operators: a shopper's service worker does not fetch it
    if (chunk === consoleChunk) continue
    files.add(`/${chunk.file}`)
    chunk.css?.forEach((css) => files.add(`/${css}`))
    chunk.assets?.forEach((asset) => files.add(`/${asset}`))
  }
  return [...files]
}

/**
 * This build of the client, as a short id of the names of every file a shopper's page may load (allAssetFiles; each
 * name carries its content's hash). A cached page names the build's files, so the page cache keys its copies by it: after a deploy no visitor gets a
 * copy whose stylesheet and scripts the new build no longer has.
 */
export const BUILD_ID = buildIdOf(allAssetFiles())

/** A short id (FNV-1a, base 36) of a set of file names, whatever their order. */
export function buildIdOf(names: string[]): string {
  const text = [...names].sort().join('\n')
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}
