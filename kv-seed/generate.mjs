#!/usr/bin/env node
// Writes the sample store (the reference data, then the sample catalogue) as SQL files (for `wrangler d1 execute --file`) and its images as real files.
//   node kv-seed/generate.mjs [--products N] [--out DIR] [--images DIR] [--no-images]
// Defaults: 420 products, SQL into build/seed, images into build/client/images (served as static assets).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PRODUCT_COUNT } from './catalogue.mjs'
import { SCENES } from './content.mjs'
import { productImageFiles, sceneImageFiles, tileImageFiles } from './images.mjs'
import { generateSeed, seedStatements, SEED_VERSION } from './sql.mjs'
import { referenceStatements } from './reference.mjs'

/** Statements per file stay under this many characters, well inside wrangler's limits for one file. */
const MAX_FILE_CHARS = 8_000_000

/** Writes every product shot, CMS and banner scene and category tile under `dir` (the static assets folder); returns how many. */
export function writeImageFiles(dir = 'build/client') {
  // Generated images only live in these folders (older layouts and revisions included): empty them so drawings of
  // an older generator are not deployed.
  const images = join(dir, 'images')
  const generated = existsSync(images) ? readdirSync(images).filter((name) => /^(r\d+|products|cms|banners|categories)$/.test(name)) : []
  for (const sub of generated) rmSync(join(images, sub), { recursive: true, force: true })
  let count = 0
  for (const file of [...productImageFiles(), ...sceneImageFiles(SCENES), ...tileImageFiles()]) {
    const path = join(dir, file.path)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, file.contents)
    count++
  }
  return count
}

export function generate({ products = DEFAULT_PRODUCT_COUNT, out = 'build/seed', images = 'build/client', writeImages = true } = {}) {
  const started = Date.now()
  mkdirSync(out, { recursive: true })
  for (const file of readdirSync(out)) if (/^seed-\d+\.sql$/.test(file)) rmSync(join(out, file))
  const seed = generateSeed({ products })
  const files = []
  let chunk = []
  let size = 0
  const flush = () => {
    if (chunk.length === 0) return
    const name = `seed-${String(files.length + 1).padStart(3, '0')}.sql`
    writeFileSync(join(out, name), chunk.join(';\n') + ';\n')
    files.push(name)
    chunk = []
    size = 0
  }
  // the reference data first (idempotent: a store set up without the sample keeps its rows), then the sample over it
  for (const statement of [...referenceStatements(), ...seedStatements(seed)]) {
    if (size + statement.length > MAX_FILE_CHARS) flush()
    chunk.push(statement)
    size += statement.length + 2
  }
  flush()
  writeFileSync(join(out, 'manifest.json'), JSON.stringify({ products, version: SEED_VERSION, files }, null, 2) + '\n')

  const imageCount = writeImages ? writeImageFiles(images) : 0
  console.log(`Generated ${products} products into ${files.length} SQL file(s) in ${out}` + (writeImages ? ` and ${imageCount} images in ${join(images, 'images')}` : '') + ` (${Date.now() - started} ms)`)
  return { products, version: SEED_VERSION, files, out }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      out: { type: 'string' },
      images: { type: 'string' },
      'no-images': { type: 'boolean' },
    },
  })
  const products = values.products ? Number(values.products) : undefined
  if (products !== undefined && (!Number.isInteger(products) || products < 1)) {
    console.error('--products must be a positive whole number')
    process.exit(1)
  }
  generate({ products, out: values.out, images: values.images, writeImages: !values['no-images'] })
}
