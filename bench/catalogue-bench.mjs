#!/usr/bin/env node
// Catalogue latency on a large store: listing, facets and search (p50/p95) against `wrangler dev` on loopback.
//   node bench/catalogue-bench.mjs [--products 50000] [--requests 100] [--state .wrangler/bench-state] [--port 8788]
// The large catalogue is generated and loaded once into its own local D1 (--state) and reused on later runs.
// Not part of `npm test`: it measures, it does not pass or fail.
import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureClientBuild, prepareLargeCatalogue, startLargeCatalogueWorker } from './lib/large-catalogue.mjs'
import { root } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '100' },
    state: { type: 'string', default: '.wrangler/bench-state' },
    port: { type: 'string', default: '8788' },
  },
})
const PRODUCTS = Number(values.products)
const REQUESTS = Number(values.requests)
const STATE = values.state
const BASE = `http://127.0.0.1:${values.port}`
const API = `${BASE}/api/v2/storefront`
const log = (message) => console.log(`[catalogue-bench] ${message}`)

function get(agent, url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.get(url, { agent, headers: { accept: 'application/vnd.api+json', 'accept-encoding': 'identity' } }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)))
    req.on('error', reject)
  })
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/** Sequential requests over one keep-alive connection, cycling through `urls`, after a short warm-up. */
async function measure(name, urls) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    for (let i = 0; i < Math.min(10, urls.length); i++) await get(agent, urls[i])
    const times = []
    let totalCount = 0
    for (let i = 0; i < REQUESTS; i++) {
      const res = await get(agent, urls[i % urls.length])
      if (res.status !== 200) throw new Error(`${name}: ${urls[i % urls.length]} answered ${res.status}: ${res.body.slice(0, 300)}`)
      if (i < urls.length) totalCount += JSON.parse(res.body).meta?.total_count ?? 0
      times.push(res.ms)
    }
    times.sort((a, b) => a - b)
    return { name, requests: REQUESTS, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), avgMatches: Math.round(totalCount / Math.min(REQUESTS, urls.length)) }
  } finally {
    agent.destroy()
  }
}

async function scenarios() {
  const taxons = JSON.parse((await get(undefined, `${API}/taxons?per_page=100`)).body).data
  const leaves = taxons.filter((t) => t.attributes.is_leaf).map((t) => t.id)
  const roots = taxons.filter((t) => t.attributes.is_root && !t.attributes.is_leaf).map((t) => t.id)
  const facets = JSON.parse((await get(undefined, `${API}/products?per_page=1`)).body).meta.filters
  const colours = facets.option_types.find((t) => t.name === 'color').option_values.map((v) => v.id)
  const brands = facets.product_properties.find((p) => p.name === 'brand').values.map((v) => v.filter_param)
  const sorts = ['', 'price', '-member_price', 'name', '-price']
  const pick = (list, i) => list[i % list.length]
  const n = Math.max(REQUESTS, 20)
  const terms = ['jack', 'muller', 'tent', 'down jacket', 'merino', 'bergfeld', 'hiking boots', 'backpack', 'helm', 'rucksack', 'sleeping', 'trail']
  return [
    ['listing: leaf category, 48/page, sorted (facets=false)', Array.from({ length: n }, (_, i) => `${API}/products?filter[taxons]=${pick(leaves, i * 7)}&per_page=48&include=images&facets=false${pick(sorts, i) ? `&sort=${pick(sorts, i)}` : ''}&page=${1 + (i % 3)}`)],
    ['listing: top category (~8,000 products), 48/page', Array.from({ length: n }, (_, i) => `${API}/products?filter[taxons]=${pick(roots, i)}&per_page=48&include=images&facets=false&sort=${pick(sorts.slice(1), i)}`)],
    ['facets: top category with counts', Array.from({ length: n }, (_, i) => `${API}/products?filter[taxons]=${pick(roots, i)}&per_page=48&include=images`)],
    ['facets: leaf category, colour + brand chosen', Array.from({ length: n }, (_, i) => `${API}/products?filter[taxons]=${pick(leaves, i * 3)}&filter[option_value_ids]=${pick(colours, i)}&filter[properties][brand]=${pick(brands, i)}&per_page=48&include=images`)],
    ['facets: whole catalogue, price range', Array.from({ length: n }, (_, i) => `${API}/products?filter[price]=${50 * (i % 5)},${50 * (i % 5) + 50}.99&per_page=48&include=images`)],
    ['search: 40 by name (FTS prefix)', Array.from({ length: n }, (_, i) => `${API}/products?filter[name]=${encodeURIComponent(pick(terms, i))}&sort=name&per_page=40&include=images&facets=false${i % 4 === 3 ? '&locale=de' : ''}`)],
    ['search: ranked, with facets', Array.from({ length: n }, (_, i) => `${API}/products?filter[name]=${encodeURIComponent(pick(terms, i))}&per_page=40&include=images`)],
    ['product page: one product, full includes', Array.from({ length: n }, (_, i) => `${API}/products/${2 + ((i * 7919) % PRODUCTS)}?include=images,variants.option_values,option_types,product_properties,taxons`)],
  ]
}

async function main() {
  ensureClientBuild(log)
  prepareLargeCatalogue({ state: STATE, products: PRODUCTS, log })
  log(`Starting wrangler dev on ${BASE}…`)
  const stop = await startLargeCatalogueWorker({ state: STATE, port: values.port })
  try {
    const results = []
    for (const [name, urls] of await scenarios()) {
      results.push(await measure(name, urls))
      log(`${name}: done`)
    }
    const widths = [Math.max(...results.map((r) => r.name.length)), 9, 9, 9, 12]
    const row = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[0]) : String(c).padStart(widths[i]))).join('  ')
    console.log(`\nCatalogue latency, ${PRODUCTS.toLocaleString('en')} products, ${REQUESTS} sequential requests each (wrangler dev, local D1):\n`)
    console.log(row(['scenario', 'p50 ms', 'p95 ms', 'max ms', 'avg matches']))
    for (const r of results) console.log(row([r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), r.avgMatches]))
    mkdirSync(join(root, 'bench/results'), { recursive: true })
    writeFileSync(join(root, 'bench/results/catalogue.json'), JSON.stringify({ products: PRODUCTS, requests: REQUESTS, at: new Date().toISOString(), results }, null, 2) + '\n')
  } finally {
    await stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
