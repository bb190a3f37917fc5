#!/usr/bin/env node
// Search quality and latency on the sample catalogue (issue 39): runs the judged queries of
// tests/fixtures/search-judgements.mjs through the Storefront API as every client asks
// (`GET /api/v2/storefront/products?filter[name]=…&locale=…`, relevance order, 40 a page) and prints the zero-result
// rate of queries with something to find, mean precision of the first 10, mean recall of the first 40, what the
// not-sold queries answer, and the latency (p50/p95, sequential, one keep-alive connection).
//   node bench/search-bench.mjs [--base http://127.0.0.1:8807] [--worst 15] [--json out.json]
// Without --base it serves the store itself (a fresh local D1 loaded from the seed, as `npm run bench` does).
// It only reports figures: it never fails on them (tests/backend/search-judged.test.ts holds the floor).
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { parseArgs } from 'node:util'
import { generateSeed } from '../kv-seed/sql.mjs'
import { judge, score } from '../tests/fixtures/search-judgements.mjs'
import { ms, num, table } from './lib/format.mjs'
import { percentile } from './lib/http.mjs'
import { startStore } from './lib/store.mjs'

const { values } = parseArgs({
  options: { base: { type: 'string' }, worst: { type: 'string', default: '15' }, json: { type: 'string' } },
})
const log = (message) => console.log(`[search-bench] ${message}`)

function getJson(url, agent) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    http
      .get(url, { agent, headers: { accept: 'application/json', 'user-agent': 'storefront-bench' } }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, body }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

async function main() {
  const store = values.base ? { baseUrl: values.base.replace(/\/$/, ''), stop: async () => {} } : await startStore({ log })
  try {
    const judged = judge(generateSeed())
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const url = (j) => `${store.baseUrl}/api/v2/storefront/products?filter[name]=${encodeURIComponent(j.q)}&locale=${j.locale}&per_page=40&facets=false`
    for (const j of judged.slice(0, 10)) await getJson(url(j), agent) // warm-up
    const answers = []
    const times = []
    const errors = []
    for (const j of judged) {
      const response = await getJson(url(j), agent)
      times.push(response.ms)
      if (response.status !== 200) {
        errors.push(`${j.q} (${j.locale}): ${response.status} ${response.body.slice(0, 120)}`)
        answers.push([])
        continue
      }
      answers.push(JSON.parse(response.body).data.map((p) => Number(p.id)))
    }
    agent.destroy()
    const s = score(judged, answers)
    const sorted = [...times].sort((a, b) => a - b)
    console.log(`\nJudged search queries: ${s.queries} (${s.findable} with something to find, ${s.notSold.length} for things not sold), ${store.baseUrl}`)
    console.log(
      table(
        ['figure', 'value'],
        [
          ['zero-result rate (queries with something to find)', `${num(s.zeroResultRate * 100, 1)} %`],
          ['mean precision@10', num(s.precisionAt10, 3)],
          ['mean recall@40', num(s.recallAt40, 3)],
          ['not-sold queries answering products', `${s.notSold.filter((n) => n.results > 0).length} of ${s.notSold.length}`],
          ['server errors', String(errors.length)],
          ['latency p50 / p95 / max', `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(sorted.at(-1))}`],
        ],
      ),
    )
    console.log('\nNot-sold queries (each must answer 0):')
    console.log(table(['query', 'locale', 'results'], s.notSold.map((n) => [n.q, n.locale, String(n.results)])))
    const byType = new Map()
    for (const q of s.perQuery) byType.set(q.type, [...(byType.get(q.type) ?? []), q])
    console.log('\nBy kind of query:')
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
    console.log(
      table(
        ['kind', 'queries', 'zero-result', 'P@10', 'R@40'],
        [...byType].map(([type, qs]) => [type, String(qs.length), `${num((qs.filter((q) => q.results === 0).length / qs.length) * 100, 0)} %`, num(mean(qs.map((q) => q.precision)), 2), num(mean(qs.map((q) => q.recall)), 2)]),
      ),
    )
    const worst = [...s.perQuery].sort((a, b) => a.precision + a.recall - (b.precision + b.recall)).slice(0, Number(values.worst))
    console.log(`\nWeakest ${worst.length} queries:`)
    console.log(table(['query', 'locale', 'kind', 'results', 'P@10', 'R@40'], worst.map((q) => [q.q, q.locale, q.type, String(q.results), num(q.precision, 2), num(q.recall, 2)])))
    for (const e of errors) console.log(`Error: ${e}`)
    if (values.json) writeFileSync(values.json, JSON.stringify({ ...s, latency: { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }, errors }, null, 2))
  } finally {
    await store.stop()
  }
}

main().catch((error) => {
  console.error(`search bench failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
})
