#!/usr/bin/env node
// `npm run bench`: serves the store with `wrangler dev` (workerd) on loopback, with a fresh local D1 loaded from the
// seed, and prints, on that one server:
//   - TTFB p50/p99 over sequential requests (one keep-alive connection, accept-encoding: identity);
//   - requests/s and latency p50/p99 under load (autocannon) for a static file, a small answer of the Worker, and for
//     each page kind (home, category, product, search results, content page) both as the edge cache answers it (hit:
//     the same URL again, gzip and uncompressed) and uncached (miss: a fresh cache-busting query parameter each
//     request), with the cached/static ratio and each answer's size raw and as sent;
//   - the edge cache state and D1 round trips each page reports in Server-Timing (when the server reports them);
//   - Lighthouse mobile (median of 3 runs: performance, LCP, TBT, CLS, JS bytes, accessibility, SEO) for home,
//     category and product;
//   - the budgets: first-visit JavaScript of home, category and product (gzip) against 100 KB, and the worker bundle
//     (`wrangler deploy --dry-run`) against 450 KiB;
// then runs bench/search-bench.mjs on the same server (judged search queries: zero-result rate, precision, recall,
// latency), bench/catalogue-bench.mjs and bench/search-scale.mjs (every kind of search on the same 50,000-product
// catalogue: p50/p95 and D1 rows read per kind). It only reports figures: it never fails on a timing or a budget.
//
//   node bench/run.mjs [--quick] [--requests 200] [--connections 10] [--duration 10] [--lighthouse-runs 3]
//                      [--no-lighthouse] [--lighthouse-hide-scrollbars] [--no-load] [--dev-react] [--no-catalogue]
//                      [--catalogue-args="--products 50000"] [--no-search] [--no-search-scale]
// --quick: 50 sequential requests, 3 s of load per row, one Lighthouse run per page, no catalogue or search-scale bench.
// The worker is bundled as for production (NODE_ENV=production, as `wrangler deploy` does); --dev-react measures what
// plain `wrangler dev` serves instead (React's development build on the server).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { kib, ms, num, table } from './lib/format.mjs'
import { sequential } from './lib/http.mjs'
import { lighthouseMedians } from './lib/lighthouse.mjs'
import { answerBytes, bustedUrl, load, MISS_PARAM, probe } from './lib/load.mjs'
import { findPages, sizedStaticFile, STATIC_FILE, WORKER_FILE } from './lib/pages.mjs'
import { firstVisitJs, workerBundle } from './lib/sizes.mjs'
import { childEnv, ensureBuild, freePort, root, run, startStore } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    requests: { type: 'string' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-load': { type: 'boolean', default: false },
    'dev-react': { type: 'boolean', default: false },
    'no-catalogue': { type: 'boolean', default: false },
    'no-search': { type: 'boolean', default: false },
    'no-search-scale': { type: 'boolean', default: false },
    // A second Lighthouse pass with Chromium's overlay scrollbars hidden (bench/lib/lighthouse.mjs `extraFlags`).
    'lighthouse-hide-scrollbars': { type: 'boolean', default: false },
    // Passed on to bench/catalogue-bench.mjs (write it with =, e.g. --catalogue-args="--products 5000 --requests 50").
    'catalogue-args': { type: 'string', default: '' },
  },
})
const QUICK = values.quick
const REQUESTS = Math.max(10, Number(values.requests ?? (QUICK ? 50 : 200)))
const CONNECTIONS = Math.min(64, Math.max(1, Number(values.connections)))
const SECONDS = Math.min(60, Math.max(1, Number(values.duration ?? (QUICK ? 3 : 10))))
const LIGHTHOUSE_RUNS = Math.max(1, Number(values['lighthouse-runs'] ?? (QUICK ? 1 : 3)))
/** The issue's budgets (issue 11): first-visit JavaScript in KB (1,000 bytes) gzip; the worker bundle in KiB gzip. */
const JS_BUDGET_BYTES = 100_000
const WORKER_BUDGET_BYTES = 450 * 1024
/** Lighthouse runs on these page kinds (the three a shopper lands on most). */
const LIGHTHOUSE_PAGES = ['home', 'category', 'product']

const log = (message) => process.stderr.write(`» ${message}\n`)

let store
let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  if (store) await store.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(130))
process.on('SIGTERM', () => void shutdown(143))

function gitCommit() {
  try {
    return run('git', 'git', ['rev-parse', '--short', 'HEAD']).trim()
  } catch {
    return 'unknown'
  }
}

/** Runs another benchmark script as a child process, passing its output through; resolves with its exit code. */
function runScript(file, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { cwd: root, env: { ...childEnv, ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
    const timer = setTimeout(() => child.kill('SIGTERM'), 30 * 60_000)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(code ?? signal)
    })
  })
}

const budget = (bytes, limit) => `${bytes <= limit ? 'within' : 'OVER'} (${((bytes / limit) * 100).toFixed(0)} %)`
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`

/**
 * Load rows: the static file, a small answer of the Worker, then per page kind a hit (the plain URL, cache warmed;
 * once as a browser asks, gzip, and once uncompressed) and a miss (busted URL), each compared with the tiny static
 * file and with a static file of about the page's size (measured once per file, before the page's rows). Each row
 * carries the answer's size.
 */
async function measureLoad(baseUrl, pages) {
  const rows = []
  const reference = async ({ name, path }, state) => {
    log(`${path}: ${CONNECTIONS} connections for ${SECONDS} s…`)
    const result = await load(baseUrl + path, { connections: CONNECTIONS, seconds: SECONDS })
    return { name, path, state, bytes: await answerBytes(baseUrl + path), ...result }
  }
  // a first second of load on a fresh server is slower whatever it serves (workerd and the assets binding warming
  // up): discarded, so the floor every ratio divides by is not the slowest row of the run
  log('warm-up: 2 s of load, not counted…')
  await load(baseUrl + STATIC_FILE.path, { connections: CONNECTIONS, seconds: 1 })
  await load(baseUrl + WORKER_FILE.path, { connections: CONNECTIONS, seconds: 1 })
  const floor = await reference(STATIC_FILE, 'static (assets, no Worker)')
  rows.push(floor)
  const worker = await reference(WORKER_FILE, 'Worker, no render')
  rows.push({ ...worker, ratio: worker.rps / floor.rps })
  const sized = new Map()
  const sizedReference = async (bytes) => {
    const file = sizedStaticFile(bytes.raw)
    if (!file) return undefined
    if (!sized.has(file.path)) {
      const row = await reference(file, 'static (assets), about a page\'s size')
      sized.set(file.path, row)
      rows.push({ ...row, ratio: row.rps / floor.rps })
    }
    return sized.get(file.path)
  }
  for (const page of pages) {
    try {
      await measurePage(baseUrl, page, floor, sizedReference, rows)
    } catch (error) {
      // one page that fails (the server fell over under load) leaves a row saying so, not a run without figures
      rows.push({ name: page.name, path: page.path, state: `failed: ${error instanceof Error ? error.message : error}`, requests: 0, errors: 1, statuses: '–', rps: NaN })
    }
  }
  return rows
}

async function measurePage(baseUrl, page, floor, sizedReference, rows) {
  const url = baseUrl + page.path
  // two plain GETs warm the cache (the first may be the one that fills it); the third says what a hit looks like
  await probe(url)
  await probe(url)
  const hit = await probe(url)
  const miss = await probe(new URL(bustedUrl(url, 'probe'), baseUrl).href)
  page.probe = { hit, miss }
  const bytes = await answerBytes(url)
  const same = await sizedReference(bytes)
  log(`${page.path}: hit, hit uncompressed and miss, ${CONNECTIONS} connections for ${SECONDS} s each…`)
  const cached = await load(url, { connections: CONNECTIONS, seconds: SECONDS })
  const plain = await load(url, { connections: CONNECTIONS, seconds: SECONDS, encoding: 'identity' })
  const uncached = await load(url, { connections: CONNECTIONS, seconds: SECONDS, bust: true })
  const edge = `edge ${hit.edge ?? 'not reported'}`
  const ratios = (result) => ({ ratio: result.rps / floor.rps, sizedRatio: same ? result.rps / same.rps : undefined, sizedPath: same?.path })
  rows.push({ name: page.name, path: page.path, state: `hit (${edge})`, bytes, ...cached, ...ratios(cached) })
  rows.push({ name: page.name, path: page.path, state: `hit (${edge}), identity`, bytes: { raw: bytes.raw, encoded: bytes.raw }, ...plain, ...ratios(plain) })
  rows.push({ name: page.name, path: `${page.path} ?${MISS_PARAM}=…`, state: `miss (edge ${miss.edge ?? 'not reported'})`, bytes, ...uncached, ...ratios(uncached) })
}

const percent = (ratio) => (ratio === undefined || !Number.isFinite(ratio) ? '–' : `${(ratio * 100).toFixed(0)} %`)

async function main() {
  const started = Date.now()
  if (ensureBuild(log)) log('Client bundle built.')

  log('Measuring the worker bundle (wrangler deploy --dry-run)…')
  const bundle = workerBundle()

  const nodeEnv = values['dev-react'] ? 'development' : 'production'
  store = await startStore({ log, nodeEnv })
  const { baseUrl, persistTo } = store
  const { pages, notes } = await findPages(baseUrl, persistTo)

  const latency = []
  for (const page of pages) {
    log(`${page.path}: ${REQUESTS} sequential requests…`)
    latency.push({ page, ...(await sequential(baseUrl + page.path, { count: REQUESTS, warmup: Math.min(20, REQUESTS) })) })
  }
  const loadRows = values['no-load'] ? [] : await measureLoad(baseUrl, pages)

  log('Measuring the JavaScript of a first visit…')
  const sizes = []
  for (const page of pages.filter((p) => LIGHTHOUSE_PAGES.includes(p.name))) {
    // a server that fell over after the load rows must not cost the figures already measured
    try {
      sizes.push({ page, js: await firstVisitJs(baseUrl + page.path) })
    } catch (error) {
      notes.push(`first-visit JavaScript of ${page.path} not measured: ${error instanceof Error ? error.message : error}`)
    }
  }

  const lighthouse = []
  const lighthouseWithoutScrollbars = []
  if (!values['no-lighthouse']) {
    const targets = pages.filter((p) => LIGHTHOUSE_PAGES.includes(p.name))
    const urls = targets.map((p) => baseUrl + p.path)
    const results = await lighthouseMedians(urls, { runs: LIGHTHOUSE_RUNS, log })
    results.forEach((r, i) => lighthouse.push({ page: targets[i], ...r }))
    if (values['lighthouse-hide-scrollbars']) {
      const hidden = await lighthouseMedians(urls, { runs: LIGHTHOUSE_RUNS, log, extraFlags: ['--hide-scrollbars'] })
      hidden.forEach((r, i) => lighthouseWithoutScrollbars.push({ page: targets[i], ...r }))
    }
  }

  await store.stop()
  store = undefined

  const out = []
  out.push('')
  out.push(`Storefront benchmark — ${new Date().toISOString()} — commit ${gitCommit()} — Node ${process.version} — ${availableParallelism()} × ${cpus()[0]?.model?.trim() ?? 'CPU'}`)
  out.push(`workerd via \`wrangler dev\` on 127.0.0.1 (worker bundled with NODE_ENV=${nodeEnv}), local D1/KV freshly seeded; figures only, nothing is asserted.`)
  out.push(`Load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(' ')} (other work on this machine skews the timings).`)
  out.push('')
  out.push(`Latency: ${REQUESTS} sequential GETs per page after warm-up, one keep-alive connection, accept-encoding: identity`)
  out.push(
    table(
      ['page', 'path', 'status', 'HTML', 'TTFB p50', 'TTFB p99', 'full p50', 'full p99'],
      latency.map((r) => [r.page.name, r.page.path, r.statuses, kib(r.bytes), ms(r.ttfbP50), ms(r.ttfbP99), ms(r.totalP50), ms(r.totalP99)]),
    ),
  )
  if (loadRows.length) {
    out.push('')
    out.push(`Throughput (autocannon): ${CONNECTIONS} keep-alive connections for ${SECONDS} s per row, accept-encoding: gzip, no cookies (load generator on the same machine)`)
    out.push(`hit: the same URL again after warm-up; miss: ?${MISS_PARAM}=<unique> on every request, so no URL-keyed cache can answer. 'edge' is Server-Timing's edge;desc.`)
    const [floor, worker] = loadRows
    const sizedRows = loadRows.filter((r) => r.state.startsWith('static (assets), about'))
    out.push(
      `vs tiny static: req/s against ${floor.path} (${floor.bytes.raw} B, ${floor.bytes.encoded} B gzip), which the assets binding answers without running the Worker; the goal (a cached category page at 80 % or more, issue 11) is read against this one. ` +
        `vs same-size static: against the client build file nearest the page's raw size (${sizedRows.map((r) => `${r.path}, ${kb(r.bytes.raw)} raw, ${kb(r.bytes.encoded)} sent`).join('; ') || 'none'}), served the same way, so page size is taken out and what is left is what the Worker adds. ` +
        `${worker.path} (${worker.bytes.raw} B) is a Worker answer with no render, so the gap between it and the tiny file is what running the Worker costs. ` +
        `wrangler dev's entry worker gzips every compressible answer (as Cloudflare's front line does outside the Worker in production), so locally a hit costs about what its raw size costs to compress; the 'identity' rows ask for no compression and show how much of the gap that is.`,
    )
    out.push(
      table(
        ['page', 'answered as', 'raw', 'sent', 'requests', 'errors', 'status', 'req/s', 'vs tiny static', 'vs same-size static', 'latency p50', 'latency p99'],
        loadRows.map((r) => [r.name, r.state, r.bytes ? kb(r.bytes.raw) : '–', r.bytes ? kb(r.bytes.encoded) : '–', String(r.requests), String(r.errors), r.statuses, num(r.rps, 1), percent(r.ratio), percent(r.sizedRatio), ms(r.latencyP50), ms(r.latencyP99)]),
      ),
    )
    out.push('')
    out.push('D1 round trips per page (Server-Timing d1;desc=N, one request each)')
    out.push(
      table(
        ['page', 'path', 'on a miss', 'on a hit', 'Cache-Control'],
        pages.map((p) => [p.name, p.path, p.probe?.miss.d1 === undefined ? 'not reported' : String(p.probe.miss.d1), p.probe?.hit.d1 === undefined ? 'not reported' : String(p.probe.hit.d1), p.probe?.hit.cacheControl ?? '']),
      ),
    )
  }
  /** One page's runs on a line: performance / TBT / speed index / observed first paint / the long tasks' CPU share. */
  const runLine = (r) => `  ${r.page.name.padEnd(9)} ${r.samples.map((s) => `${num(s.performance)} / ${Math.round(s.tbt)} / ${Math.round(s.si)} / ${Math.round(s.observedFcp)} / ${Number.isFinite(s.cpuShare) ? `${Math.round(s.cpuShare)} %` : 'n/a'}`).join('   ')}`
  if (lighthouse.length) {
    out.push('')
    out.push(`Lighthouse ${lighthouse[0].samples.length > 1 ? `mobile, median of ${LIGHTHOUSE_RUNS} runs` : 'mobile, one run'} (simulated slow 4G and 4× CPU slowdown; scores 0-100; JS bytes as transferred)`)
    out.push(
      table(
        ['page', 'performance', 'LCP', 'FCP', 'TBT', 'CLS', 'JS bytes', 'server latency', 'accessibility', 'SEO'],
        lighthouse.map((r) => [r.page.name, num(r.performance), ms(r.lcp), ms(r.fcp), ms(r.tbt), num(r.cls, 3), kib(r.jsBytes), ms(r.serverLatency), num(r.accessibility), num(r.seo)]),
      ),
    )
    out.push("Server latency: Lantern's estimate for the store's origin (network-server-latency), which the simulation charges every request to it.")
    out.push('Each run (performance / TBT ms / speed index ms / first paint Chromium observed, ms after navigation / the share of the long tasks\' wall time the renderer ran on a CPU), to read the spread the medians hide:')
    for (const r of lighthouse) out.push(runLine(r))
    if (lighthouseWithoutScrollbars.length) {
      out.push('')
      out.push(`The same, a second pass with Chromium's overlay scrollbars hidden (--hide-scrollbars): without the ~20 frames of the scrollbar's fade after load that a desktop Chromium emulating a phone draws`)
      out.push(
        table(
          ['page', 'performance', 'LCP', 'FCP', 'TBT', 'CLS'],
          lighthouseWithoutScrollbars.map((r) => [r.page.name, num(r.performance), ms(r.lcp), ms(r.fcp), ms(r.tbt), num(r.cls, 3)]),
        ),
      )
      for (const r of lighthouseWithoutScrollbars) out.push(runLine(r))
    }
    for (const r of lighthouse) {
      if (r.lcpElement) out.push(`LCP element of ${r.page.name}: ${r.lcpElement.slice(0, 140)}`)
      for (const error of new Set(r.errors)) out.push(`Lighthouse error on ${r.page.name}: ${error}`)
    }
  }
  out.push('')
  out.push('Budgets (gzip -9 with node:zlib; reported, never enforced here)')
  out.push(
    table(
      ['what', 'files', 'raw', 'gzip', 'budget', ''],
      [
        ...sizes.map(({ page, js }) => [`JavaScript of a first visit to ${page.name} (${page.path})`, String(js.files.length), kib(js.raw), `${kib(js.gzip)} = ${kb(js.gzip)}`, kb(JS_BUDGET_BYTES), budget(js.gzip, JS_BUDGET_BYTES)]),
        [`Worker bundle (wrangler deploy --dry-run${bundle.reported ? `; wrangler says ${bundle.reported}` : ''})`, String(bundle.files.length), kib(bundle.raw), kib(bundle.gzip), kib(WORKER_BUDGET_BYTES), budget(bundle.gzip, WORKER_BUDGET_BYTES)],
      ],
    ),
  )
  const home = sizes[0]?.js
  if (home) {
    out.push(`Inline scripts in the HTML of ${sizes[0].page.path} (hydration data, bootstrap): ${kib(home.inlineGzip)} gzip; the HTML document itself: ${kib(home.htmlGzip)} gzip.`)
    out.push('')
    out.push(`Largest first-visit scripts of ${sizes[0].page.path}`)
    out.push(table(['file', 'raw', 'gzip'], home.files.slice(0, 8).map((f) => [f.path, kib(f.raw), kib(f.gzip)])))
  }
  for (const { page, js } of sizes) if (js.extra.length) out.push(`Loaded by ${page.path} through static imports without a modulepreload hint: ${js.extra.join(', ')}`)
  for (const note of notes) out.push(`Note: ${note}`)
  const nonOk = latency.filter((r) => !/^200×\d+$/.test(r.statuses))
  for (const r of nonOk) out.push(`Note: ${r.page.path} answered ${r.statuses}; its figures measure that response, not a rendered ${r.page.name} page.`)
  out.push(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  console.log(out.join('\n'))

  const searchBench = join(root, 'bench', 'search-bench.mjs')
  if (!values['no-search'] && existsSync(searchBench)) {
    console.log('\n=== bench/search-bench.mjs ===')
    const code = await runScript(searchBench, ['--base', baseUrl], {})
    if (code !== 0) console.log(`bench/search-bench.mjs ended with ${code}`)
  }

  const catalogueBench = join(root, 'bench', 'catalogue-bench.mjs')
  if (!QUICK && !values['no-catalogue'] && existsSync(catalogueBench)) {
    console.log('\n=== bench/catalogue-bench.mjs ===')
    // A free loopback port of its own, so it cannot collide with another server on its default one.
    const args = ['--port', String(await freePort()), ...values['catalogue-args'].split(/\s+/).filter(Boolean)]
    const code = await runScript(catalogueBench, args, {})
    if (code !== 0) console.log(`bench/catalogue-bench.mjs ended with ${code}`)
  }

  const searchScale = join(root, 'bench', 'search-scale.mjs')
  if (!QUICK && !values['no-search-scale'] && existsSync(searchScale)) {
    console.log('\n=== bench/search-scale.mjs ===')
    // The catalogue bench's 50,000 products (its --products, when given, so both read one catalogue).
    const products = /--products[= ](\d+)/.exec(values['catalogue-args'])?.[1]
    const code = await runScript(searchScale, ['--port', String(await freePort()), ...(products ? ['--products', products] : [])], {})
    if (code !== 0) console.log(`bench/search-scale.mjs ended with ${code}`)
  }
}

main().then(
  () => shutdown(0),
  async (error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`)
    await shutdown(1)
  },
)
