#!/usr/bin/env node
// Search latency on the large bench catalogue (issue 39 point 9: every kind of query, p95 ≤ 25 ms end to end on an
// idle machine). Each kind is a list of distinct queries, asked over HTTP as the clients ask:
//   API    GET /api/v2/storefront/products?filter[name]=…&locale=…&per_page=40&include=images (the results page's
//          call, facet counts included); first ask of each query ('cold': nothing of it remembered in the isolate),
//          then the same queries again ('again': the isolate's remembered counts, listing-memo.ts)
//   page   GET /Category?term=… (/de/Category for German) with a forced page-cache miss, on a restarted worker so
//          the API answers under it are cold too
//   overlay GET /api/search?term=… (the overlay as you type: the BFF, no facet counts; German by the locale cookie),
//          on that restarted worker, cold as well (its API call is remembered apart from the page's)
// It prints p50/p95/max per kind, and per search the D1 round trips and rows read (Server-Timing `d1`, `d1-rows`),
// which do not depend on the machine's load, and the floor: the p50/p95 of `GET /back` (a worker route that reads no
// D1 and renders nothing: what any answer costs through wrangler dev on this machine now). Figures only, nothing is
// asserted. SEARCH_SCALE_RUNS=N asks the first N queries of each kind only (a shorter run).
//   node bench/search-scale.mjs [--products 50000] [--state .wrangler/bench-state] [--port 8788] [--kinds typo,prefix] [--no-page] [--json out.json]
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { KINDS } from '../kv-seed/catalogue-data.mjs'
import { ms, num, table } from './lib/format.mjs'
import { percentile } from './lib/http.mjs'
import { ensureClientBuild, prepareLargeCatalogue, startLargeCatalogueWorker } from './lib/large-catalogue.mjs'
import { freePort } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    state: { type: 'string', default: '.wrangler/bench-state' },
    port: { type: 'string' },
    kinds: { type: 'string' },
    'no-page': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
})
const log = (message) => console.log(`[search-scale] ${message}`)

/** A small deterministic generator, so every run asks the same 'garbage'. */
function random(seed) {
  let s = seed >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

const nouns = Object.values(KINDS).flatMap((k) => k.nouns)
const unique = (list) => [...new Map(list.map((q) => [`${q[1]}:${q[0].toLowerCase()}`, q])).values()]
const enWords = unique(nouns.flatMap(([en]) => en.toLowerCase().split(/[\s-]+/).filter((w) => w.length >= 4).map((w) => [w, 'en'])))
const deWords = unique(nouns.map(([, de]) => [de, 'de']))
/** One letter swapped with the next (second and third letter, so the first stays), per word of 5+ letters. */
const swapped = (w) => w.slice(0, 1) + w[2] + w[1] + w.slice(3)

/** The query kinds of issue 39 point 9, each a list of [text, locale]; distinct texts, so a first ask is cold. */
export function queryKinds() {
  const rnd = random(39)
  const letters = 'abcdefghijklmnopqrstuvwxyzäöüß'
  const gibberish = (n) => Array.from({ length: n }, () => letters[Math.floor(rnd() * letters.length)]).join('')
  const colours = ['red', 'black', 'blue', 'grey', 'navy', 'yellow', 'orange', 'white']
  const farben = ['rote', 'schwarze', 'blaue', 'graue', 'gelbe', 'grüne']
  return {
    'exact word': enWords.slice(0, 30),
    prefix: unique([...enWords.map(([w]) => [w.slice(0, 4), 'en']), ...deWords.map(([w]) => [w.slice(0, 5), 'de'])]).slice(0, 30),
    typo: unique([...enWords, ...deWords].filter(([w]) => w.length >= 5 && !/[\s-]/.test(w)).map(([w, l]) => [swapped(w), l])).slice(0, 30),
    synonym: [
      ['raincoat', 'en'], ['rain coat', 'en'], ['rucksack', 'en'], ['jumper', 'en'], ['sweater', 'en'], ['hoody', 'en'], ['Pullover', 'de'], ['Hoodie', 'de'],
      ['thongs', 'en'], ['flip flops', 'en'], ['headlamp', 'en'], ['torch', 'en'], ['Kopflampe', 'de'], ['drink bottle', 'en'], ['Wasserflasche', 'de'],
      ['suitcase', 'en'], ['Koffer', 'de'], ['Regenmantel', 'de'], ['tee', 'en'], ['sneakers', 'en'], ['trainers', 'en'], ['puffer jacket', 'en'],
      ['walking poles', 'en'], ['trousers', 'en'], ['camping chair', 'en'], ['runners', 'en'], ['sweaters', 'en'], ['Turnschuhe', 'de'],
    ],
    'compound / split': [
      ['tshirt', 'en'], ['sleepingbag', 'en'], ['downjacket', 'en'], ['rainjacket', 'en'], ['day pack', 'en'], ['back pack', 'en'], ['headtorch', 'en'],
      ['waterbottle', 'en'], ['Fahrradhelm', 'de'], ['Radhelm', 'de'], ['Stuhl', 'de'], ['Tisch', 'de'], ['Lampe', 'de'], ['Flasche', 'de'], ['Tasche', 'de'],
      ['rainpants', 'en'], ['trailrunners', 'en'], ['bikelight', 'en'], ['campchair', 'en'], ['hikingboots', 'en'], ['Kissen', 'de'], ['Schuhe', 'de'],
      ['Hose', 'de'], ['Trikot', 'de'], ['Jacken', 'de'], ['Gürtel', 'de'], ['cookset', 'en'], ['Reisehose', 'de'],
    ],
    'attribute words': unique([
      ...colours.flatMap((c, i) => [[`${c} ${['jacket', 'boots', 'backpack', 'hoodie'][i % 4]}`, 'en'], [`${c} ${['tent', 'beanie', 'sandals', 'helmet'][i % 4]}`, 'en']]),
      ...farben.map((f, i) => [`${f} ${['Jacke', 'Rucksack', 'Zelt', 'Mütze', 'Regenjacke', 'Schuhe'][i]}`, 'de']),
      ['kids rain jacket', 'en'], ['womens hiking boots', 'en'], ["men's shorts", 'en'], ['Kinder Regenjacke', 'de'], ['Damen Wanderschuhe', 'de'], ['Herren Jacke', 'de'],
    ]),
    German: unique([...deWords, ['Rucksäcke', 'de'], ['Mützen', 'de'], ['Regenjacken', 'de'], ['Schlafsäcke', 'de'], ['Wanderstöcke', 'de']]).slice(0, 30),
    'multi-word': [
      ...unique(nouns.filter(([en]) => en.includes(' ')).map(([en]) => [en.toLowerCase(), 'en'])),
      ['bergfeld tent', 'en'], ['mueller jacket', 'en'], ['tasman peak', 'en'], ['southern cross', 'en'], ['merino hiking pants', 'en'], ['Wildwood Rucksack', 'de'],
      ['light rain jacket', 'en'], ['warm sleeping bag', 'en'],
    ],
    'not sold': [
      ['kayak', 'en'], ['Handschuhe', 'de'], ['gloves', 'en'], ['Kajak', 'de'], ['surfboard', 'en'], ['sunglasses', 'en'], ['Sonnenbrille', 'de'], ['snowboard', 'en'],
      ['fishing rod', 'en'], ['Regenschirm', 'de'], ['umbrella', 'en'], ['pink kayak', 'en'], ['wetsuit', 'en'], ['skateboard', 'en'], ['tennis racket', 'en'],
      ['Angelrute', 'de'], ['Taucherbrille', 'de'], ['golf clubs', 'en'], ['Schlittschuhe', 'de'], ['paddle', 'en'],
    ],
    'long / garbage text': [
      ...Array.from({ length: 10 }, (_, i) => [Array.from({ length: 8 }, () => gibberish(4 + Math.floor(rnd() * 9))).join(' '), i % 2 ? 'de' : 'en']),
      ...Array.from({ length: 4 }, (_, i) => [`${gibberish(40)} ${'x'.repeat(950 + i)}`, 'en']),
      ['!!! ??? *** ((( """', 'en'], ['" OR 1=1 --', 'en'], ['NEAR(jacket tent) AND', 'en'], ['🏕️🎒⛺ 🥾', 'en'], ['jacket '.repeat(140), 'en'],
      ['ааааа кириллица текст', 'en'], ['日本語のテキスト', 'de'], [`${'Wanderschuhe '.repeat(70)}`, 'de'],
    ],
  }
}

function timedGet(url, agent, accept, cookie) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const request = http.get(url, { agent, headers: { accept, 'accept-encoding': 'identity', 'user-agent': 'storefront-bench', ...(cookie ? { cookie } : {}) } }, (response) => {
      const chunks = []
      response.on('data', (c) => chunks.push(c))
      response.on('end', () => {
        const timing = String(response.headers['server-timing'] ?? '')
        const entry = (name) => Number(new RegExp(`(?:^|,\\s*)${name};desc="?(\\d+)`).exec(timing)?.[1] ?? NaN)
        resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks).toString('utf8'), trips: entry('d1'), rows: entry('d1-rows') })
      })
      response.on('error', reject)
    })
    request.setTimeout(60_000, () => request.destroy(new Error(`timeout: ${url}`)))
    request.on('error', reject)
  })
}

/** Queries per kind (SEARCH_SCALE_RUNS), all when unset. */
const RUNS = Number(process.env.SEARCH_SCALE_RUNS) > 0 ? Math.trunc(Number(process.env.SEARCH_SCALE_RUNS)) : Infinity

/** The floor: a worker route with no D1 read and no rendering (a 303), asked `n` times on one keep-alive connection. */
async function floor(base, n = 60) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const times = []
    for (let i = 0; i < n; i++) {
      const res = await timedGet(`${base}/back`, agent, 'text/html')
      if (res.status !== 303) throw new Error(`/back answered ${res.status}`)
      times.push(res.ms)
    }
    times.sort((a, b) => a - b)
    return { p50: percentile(times, 50), p95: percentile(times, 95) }
  } finally {
    agent.destroy()
  }
}

const apiUrl = (base, [q, locale]) => `${base}/api/v2/storefront/products?filter[name]=${encodeURIComponent(q)}&locale=${locale}&per_page=40&include=images`
const overlayUrl = (base, [q]) => `${base}/api/search?term=${encodeURIComponent(q.slice(0, 200))}`
let missCounter = 0
const pageUrl = (base, [q, locale]) => `${base}${locale === 'de' ? '/de' : ''}/Category?term=${encodeURIComponent(q)}&bench-miss=${Date.now().toString(36)}-${missCounter++}`

/** Asks every query of a kind once, sequentially on one keep-alive connection. */
async function pass(kind, queries, url, accept, cookie = () => undefined) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const samples = []
    for (const query of queries) {
      const res = await timedGet(url(query), agent, accept, cookie(query))
      if (res.status !== 200) throw new Error(`${kind}: '${query[0].slice(0, 60)}' (${query[1]}) answered ${res.status}: ${res.body.slice(0, 300)}`)
      const total = accept.includes('vnd.api') ? Number(JSON.parse(res.body).meta?.total_count ?? 0) : NaN
      samples.push({ ms: res.ms, trips: res.trips, rows: res.rows, total })
    }
    return samples
  } finally {
    agent.destroy()
  }
}

function summary(samples) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b)
  const by = (key) => samples.map((s) => s[key]).filter(Number.isFinite).sort((a, b) => a - b)
  const rows = by('rows')
  const totals = by('total')
  return {
    n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1),
    trips: percentile(by('trips'), 50), rowsP50: percentile(rows, 50), rowsMax: rows.at(-1), matches: percentile(totals, 50),
  }
}

async function warmUp(base) {
  // The isolate's first search reads the lexicon (the index's vocabulary); not counted.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  for (const q of [['warmup', 'en'], ['aufwärmen', 'de'], ['jacket', 'en'], ['Jacke', 'de']]) await timedGet(apiUrl(base, q), agent, 'application/json')
  agent.destroy()
}

async function main() {
  const started = Date.now()
  const state = values.state
  const products = Number(values.products)
  const port = values.port ?? String(await freePort())
  const base = `http://127.0.0.1:${port}`
  const all = queryKinds()
  const chosen = values.kinds ? values.kinds.split(',').map((k) => k.trim()) : Object.keys(all)
  const kinds = Object.entries(all).filter(([name]) => chosen.includes(name)).map(([name, queries]) => [name, queries.slice(0, RUNS)])
  ensureClientBuild(log)
  prepareLargeCatalogue({ state, products, log })
  const load = [loadavg()[0]]
  const results = []
  const floors = []
  log(`Starting wrangler dev on ${base} (API passes)…`)
  let stop = await startLargeCatalogueWorker({ state, port })
  try {
    await warmUp(base)
    floors.push(await floor(base))
    for (const [kind, queries] of kinds) {
      const cold = summary(await pass(kind, queries, (q) => apiUrl(base, q), 'application/vnd.api+json'))
      const again = summary(await pass(kind, queries, (q) => apiUrl(base, q), 'application/vnd.api+json'))
      results.push({ kind, queries: queries.length, cold, again })
      log(`${kind}: API done`)
    }
    floors.push(await floor(base))
  } finally {
    await stop()
  }
  load.push(loadavg()[0])
  if (!values['no-page']) {
    log('Restarting wrangler dev (results page pass, nothing remembered)…')
    stop = await startLargeCatalogueWorker({ state, port })
    try {
      await warmUp(base)
      await timedGet(pageUrl(base, ['warmup', 'en']), undefined, 'text/html')
      await timedGet(pageUrl(base, ['aufwärmen', 'de']), undefined, 'text/html')
      for (const r of results) {
        const queries = all[r.kind].slice(0, RUNS)
        r.page = summary(await pass(r.kind, queries, (q) => pageUrl(base, q), 'text/html'))
        r.overlay = summary(await pass(r.kind, queries, (q) => overlayUrl(base, q), 'application/json', ([, locale]) => `locale=${locale}`))
        log(`${r.kind}: page and overlay done`)
      }
    } finally {
      await stop()
    }
  }
  load.push(loadavg()[0])
  console.log(`\nSearch latency by kind of query, ${products.toLocaleString('en')} products (wrangler dev, local D1, sequential, one keep-alive connection).`)
  console.log(`Load average (1 min) at start / after the API passes / at the end: ${load.map((n) => n.toFixed(2)).join(' / ')} — the 25 ms goal is for an idle machine; rows read do not depend on load.`)
  console.log("API: the results page's call (40 a page, images, facet counts). cold: first ask of each query; again: asked a second time (remembered counts). page: /Category?term= rendered, page-cache miss. overlay: /api/search?term=, cold. D1 trips and rows: the API's cold ask.")
  console.log(
    table(
      ['kind', 'queries', 'cold p50', 'cold p95', 'cold max', 'again p50', 'again p95', 'page p50', 'page p95', 'overlay p50', 'overlay p95', 'D1 trips', 'rows read p50', 'rows read max', 'again rows p50', 'matches p50'],
      results.map((r) => [r.kind, String(r.queries), ms(r.cold.p50), ms(r.cold.p95), ms(r.cold.max), ms(r.again.p50), ms(r.again.p95), ms(r.page?.p50), ms(r.page?.p95), ms(r.overlay?.p50), ms(r.overlay?.p95), num(r.cold.trips), num(r.cold.rowsP50), num(r.cold.rowsMax), num(r.again.rowsP50), num(r.cold.matches)]),
    ),
  )
  console.log(`Floor, GET /back (no D1, nothing rendered), 60 asks before and after the API passes: p50 ${floors.map((f) => ms(f.p50)).join(' / ')}, p95 ${floors.map((f) => ms(f.p95)).join(' / ')}.`)
  const empty = results.filter((r) => !['not sold', 'long / garbage text'].includes(r.kind) && !(r.cold.matches > 0))
  if (empty.length) console.log(`WARNING: ${empty.map((r) => r.kind).join(', ')} found nothing at the median: the catalogue in ${values.state} is not whole, and these times measure empty answers. Delete it and run again.`)
  console.log(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  if (values.json) writeFileSync(values.json, JSON.stringify({ products, at: new Date().toISOString(), load, floors, results }, null, 2) + '\n')
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
