#!/usr/bin/env node
// `npm run bench`: serves the store with `wrangler dev` (workerd) on loopback, with a fresh local D1 loaded from the
// seed, and prints, for the home page, a category page and a product page:
//   - TTFB p50/p99 over sequential requests (one keep-alive connection, accept-encoding: identity);
//   - requests per second (and latency) under concurrent load, bounded in time and count;
//   - the gzip size of the JavaScript a first visit to / loads, and of the worker bundle (`wrangler deploy --dry-run`);
// then runs bench/catalogue-bench.mjs when it exists. It only reports figures: it never fails on a timing.
//
//   node bench/run.mjs [--requests 200] [--concurrency 8] [--duration 10] [--dev-react] [--no-catalogue] [--catalogue-args="--products 50000"]
// The worker is bundled as for production (NODE_ENV=production, as `wrangler deploy` does); --dev-react measures what
// plain `wrangler dev` serves instead (React's development build on the server).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { kib, ms, num, table } from './lib/format.mjs'
import { load, sequential } from './lib/http.mjs'
import { findPages } from './lib/pages.mjs'
import { firstVisitJs, workerBundle } from './lib/sizes.mjs'
import { childEnv, ensureBuild, freePort, root, run, startStore } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    'dev-react': { type: 'boolean', default: false },
    'no-catalogue': { type: 'boolean', default: false },
    // Passed on to bench/catalogue-bench.mjs (write it with =, e.g. --catalogue-args="--products 5000 --requests 50").
    'catalogue-args': { type: 'string', default: '' },
  },
})
const REQUESTS = Math.max(10, Number(values.requests))
const CONCURRENCY = Math.min(64, Math.max(1, Number(values.concurrency)))
const DURATION_MS = Math.min(60, Math.max(1, Number(values.duration))) * 1000

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
  const throughput = []
  for (const page of pages) {
    const url = baseUrl + page.path
    log(`${page.path}: ${REQUESTS} sequential requests…`)
    latency.push({ page, ...(await sequential(url, { count: REQUESTS })) })
    log(`${page.path}: ${CONCURRENCY} concurrent clients for ${DURATION_MS / 1000} s…`)
    throughput.push({ page, ...(await load(url, { concurrency: CONCURRENCY, durationMs: DURATION_MS })) })
  }

  log('Measuring the JavaScript of a first visit to /…')
  const js = await firstVisitJs(baseUrl + '/')

  await store.stop()
  store = undefined

  const out = []
  out.push('')
  out.push(`Storefront benchmark — ${new Date().toISOString()} — commit ${gitCommit()} — Node ${process.version} — ${availableParallelism()} × ${cpus()[0]?.model?.trim() ?? 'CPU'}`)
  out.push(`workerd via \`wrangler dev\` on 127.0.0.1 (worker bundled with NODE_ENV=${nodeEnv}), local D1/KV freshly seeded; figures only, nothing is asserted.`)
  out.push(`Load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(' ')} (other work on this machine skews the timings).`)
  out.push('')
  out.push(`Latency: ${REQUESTS} sequential GETs per page after 20 warm-up requests, one keep-alive connection, accept-encoding: identity`)
  out.push(
    table(
      ['page', 'path', 'status', 'HTML', 'TTFB p50', 'TTFB p99', 'full p50', 'full p99'],
      latency.map((r) => [r.page.name, r.page.path, r.statuses, kib(r.bytes), ms(r.ttfbP50), ms(r.ttfbP99), ms(r.totalP50), ms(r.totalP99)]),
    ),
  )
  out.push('')
  out.push(`Throughput: ${CONCURRENCY} concurrent keep-alive clients for ${DURATION_MS / 1000} s per page (load generator on the same machine)`)
  out.push(
    table(
      ['page', 'requests', 'errors', 'status', 'req/s', 'latency p50', 'latency p99'],
      throughput.map((r) => [r.page.name, String(r.requests), String(r.errors), r.statuses, num(r.rps, 1), ms(r.latencyP50), ms(r.latencyP99)]),
    ),
  )
  out.push('')
  out.push('Sizes (gzip -9 with node:zlib)')
  out.push(
    table(
      ['what', 'files', 'raw', 'gzip'],
      [
        ['JavaScript of a first visit to / (script + modulepreload, with static imports)', String(js.files.length), kib(js.raw), kib(js.gzip)],
        ['  inline scripts in that HTML (hydration data, bootstrap)', '–', kib(js.inlineRaw), kib(js.inlineGzip)],
        ['  the HTML document of /', '1', kib(js.htmlRaw), kib(js.htmlGzip)],
        [`Worker bundle (wrangler deploy --dry-run${bundle.reported ? `; wrangler says ${bundle.reported}` : ''})`, String(bundle.files.length), kib(bundle.raw), kib(bundle.gzip)],
      ],
    ),
  )
  out.push('')
  out.push('Largest first-visit scripts')
  out.push(table(['file', 'raw', 'gzip'], js.files.slice(0, 8).map((f) => [f.path, kib(f.raw), kib(f.gzip)])))
  if (js.extra.length) out.push(`Loaded through static imports without a modulepreload hint: ${js.extra.join(', ')}`)
  for (const note of notes) out.push(`Note: ${note}`)
  const nonOk = latency.filter((r) => !/^200×\d+$/.test(r.statuses))
  for (const r of nonOk) out.push(`Note: ${r.page.path} answered ${r.statuses}; its figures measure that response, not a rendered ${r.page.name} page.`)
  out.push(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  console.log(out.join('\n'))

  const catalogueBench = join(root, 'bench', 'catalogue-bench.mjs')
  if (!values['no-catalogue'] && existsSync(catalogueBench)) {
    console.log('\n=== bench/catalogue-bench.mjs ===')
    // A free loopback port of its own, so it cannot collide with another server on its default one.
    const args = ['--port', String(await freePort()), ...values['catalogue-args'].split(/\s+/).filter(Boolean)]
    const code = await runScript(catalogueBench, args, {})
    if (code !== 0) console.log(`bench/catalogue-bench.mjs ended with ${code}`)
  }
}

main().then(
  () => shutdown(0),
  async (error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`)
    await shutdown(1)
  },
)
