// Picks real pages of the seeded store to measure: home, a category (/t/…), a product (/p/{id}/{slug}), search
// results and a content page; and a static file served by the assets binding, the floor a cached page compares to.
import { readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { d1Query, root } from './store.mjs'

async function getJson(url) {
  try {
    const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' }, signal: AbortSignal.timeout(10_000) })
    return response.ok ? await response.json() : null
  } catch {
    return null
  }
}

/** Fewest path segments first (a top-level category); /t/ takes one or two. */
const pickPermalink = (permalinks) => permalinks.filter((p) => p && p.split('/').length <= 2).sort((a, b) => a.split('/').length - b.split('/').length)[0]

export async function findPages(baseUrl, persistTo) {
  const notes = []
  let category
  const taxons = await getJson(`${baseUrl}/api/v2/storefront/taxons?per_page=100`)
  if (Array.isArray(taxons?.data)) category = pickPermalink(taxons.data.filter((t) => !t.attributes?.hide_from_nav).map((t) => t.attributes?.permalink))
  if (!category) {
    notes.push('category chosen from D1 (the taxons API did not answer)')
    const rows = d1Query(persistTo, 'SELECT permalink FROM taxons WHERE hide_from_nav = 0 ORDER BY depth, position, id LIMIT 50')
    category = pickPermalink(rows.map((r) => r.permalink))
  }

  let product
  const products = await getJson(`${baseUrl}/api/v2/storefront/products?per_page=5`)
  const first = Array.isArray(products?.data) ? products.data.find((p) => p.attributes?.slug && !/gift/i.test(p.attributes.slug)) ?? products.data[0] : undefined
  if (first) product = { id: first.id, slug: first.attributes.slug }
  if (!product) {
    notes.push('product chosen from D1 (the products API did not answer)')
    let rows
    try {
      rows = d1Query(persistTo, "SELECT id, slug FROM products WHERE deleted_at IS NULL AND kind = 'standard' ORDER BY id LIMIT 1")
    } catch {
      rows = d1Query(persistTo, 'SELECT id, slug FROM products WHERE deleted_at IS NULL ORDER BY id LIMIT 1')
    }
    if (rows[0]) product = { id: rows[0].id, slug: rows[0].slug }
  }

  const pages = [{ name: 'home', path: '/' }]
  if (category) pages.push({ name: 'category', path: `/t/${category}` })
  else notes.push('no category found in the seed')
  if (product) pages.push({ name: 'product', path: `/p/${product.id}/${product.slug}` })
  else notes.push('no product found in the seed')
  // the search form's target without JavaScript, and a content page of the seed (docs/routes.md)
  pages.push({ name: 'search', path: '/Category?term=jacket' }, { name: 'content', path: '/AboutUs' })
  return { pages, notes }
}

/** A file of the client build served as a static asset (no worker code runs for it). */
export const STATIC_FILE = { name: 'static file', path: '/favicon.svg' }

/**
 * A small answer the Worker itself writes (no D1, no render): with STATIC_FILE, it separates what running the Worker
 * costs from what a page's size costs, so the cached/static ratio can be read (docs/performance.md).
 */
export const WORKER_FILE = { name: 'worker, small', path: '/robots.txt' }

/** Every file the assets binding serves from the client build, with its raw size (Vite's manifest dir left out). */
function clientFiles(dir = join(root, 'build', 'client')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : clientFiles(path)
    if (entry.name.startsWith('_')) return []
    return [{ path: '/' + relative(join(root, 'build', 'client'), path).split(sep).join('/'), raw: statSync(path).size }]
  })
}

/**
 * The file of the client build nearest in size (by ratio) to an answer of `rawBytes`: a real part of the store,
 * served by the same assets binding as STATIC_FILE, so a hit can also be compared with a static answer of about its
 * own size (what serving that many bytes costs here, compression included) and not only with a 1-2 KB icon.
 */
export function sizedStaticFile(rawBytes) {
  const distance = (file) => Math.abs(Math.log(file.raw / rawBytes))
  const [nearest] = clientFiles().sort((a, b) => distance(a) - distance(b))
  return nearest ? { name: 'static file, page-sized', path: nearest.path } : undefined
}
