#!/usr/bin/env node
// `npm run bench:render`: what one uncached render of home, a category and a product costs the worker, in CPU.
// Serves the store with `wrangler dev` (workerd, NODE_ENV=production as deployed) on loopback with a freshly seeded
// local D1, then per page sends N sequential GETs on one keep-alive connection, each a forced miss of the page cache
// (`?bench-miss=<unique>`, bench/lib/load.mjs), accept-encoding identity (so wrangler's entry worker compresses
// nothing). It reads the workerd process's CPU time (utime + stime of /proc/<pid>/stat, all its threads: the worker,
// the local D1 and the Cache API it writes the page to) before and after the N renders: ÷ N is the CPU per render,
// which other load on the machine does not inflate the way it inflates wall time (`performance.now()` does not advance
// inside workerd, so the worker cannot time itself). Wall time per render (p50) is printed beside it, meaningful only
// on an idle machine.
//
//   node bench/render-cpu.mjs [--renders 60] [--rounds 3] [--against <dir>] [--html <dir>]
// --rounds: each page is measured in this many rounds (the figure is their median); with --against, the stores
//   take turns round by round, so both see the same machine.
// --against <dir> (repeatable): another checkout of the store (node_modules and `npm run build` done), served beside
//   this one; the table shows each, its ratio to the first --against, and whether each page's HTML is the same as
//   that one's byte for byte (the nonce aside).
// --html <dir>: writes each page's HTML (one render, nonce replaced) there, to compare by hand.
// Linux only (/proc). Figures only: it never fails on a number.
import http from 'node:http'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ms, table } from './lib/format.mjs'
import { percentile } from './lib/http.mjs'
import { findPages } from './lib/pages.mjs'
import { ensureBuild, root, run, startStore } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    against: { type: 'string', multiple: true },
    html: { type: 'string' },
  },
})
const RENDERS = Math.max(5, Number(values.renders))
const ROUNDS = Math.max(1, Number(values.rounds))
const PAGES = ['home', 'category', 'product']
const TICK_MS = 1000 / Number(run('getconf', 'getconf', ['CLK_TCK']).trim() || 100)

/** bench/lib/load.mjs's MISS_PARAM (not imported: that module loads autocannon, which this bench does not need). */
const MISS_PARAM = 'bench-miss'

const log = (message) => process.stderr.write(`» ${message}\n`)

const stores = []
let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  for (const store of stores) await store.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(130))
process.on('SIGTERM', () => void shutdown(143))

/** The workerd processes started under `leader` (wrangler dev's process group): pid list. */
function workerdPids(leader) {
  const parents = new Map()
  const names = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close))
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === leader) return true
    return false
  }
  return [...names].filter(([pid, name]) => name === 'workerd' && under(pid)).map(([pid]) => pid)
}

/** CPU time (user + system) of the processes, in ms. */
function cpuMs(pids) {
  let ticks = 0
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields[0] is the state (field 3 of proc(5)): utime is field 14, stime 15
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks * TICK_MS
}

const HEADERS = { 'accept-encoding': 'identity', accept: 'text/html,application/xhtml+xml', 'user-agent': 'storefront-bench' }

/** One GET on `agent`: status, body text, wall ms. */
function get(url, agent) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint()
    const request = http.get(url, { agent, headers: HEADERS }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => done({ status: response.statusCode ?? 0, html: Buffer.concat(chunks).toString('utf8'), wall: Number(process.hrtime.bigint() - started) / 1e6 }))
      response.on('error', fail)
    })
    request.setTimeout(60_000, () => request.destroy(new Error(`timeout: ${url}`)))
    request.on('error', fail)
  })
}

let serial = 0
const missUrl = (base, path) => `${base}${path}${path.includes('?') ? '&' : '?'}${MISS_PARAM}=render-${process.pid}-${serial++}`

/** The page's HTML with what differs per request (the CSP nonce, the forced-miss parameter) made constant. */
const comparable = (html) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/nonce=[A-Za-z0-9+/=_-]{8,}/g, 'nonce=').replace(new RegExp(`${MISS_PARAM}(=|%3D)render-\\d+-\\d+`, 'g'), `${MISS_PARAM}=x`)

/** N sequential forced misses of one page on one connection: CPU per render of workerd, wall p50, statuses. */
async function measure(store, path) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    // the first renders of an isolate compile code and fill its memory caches: not counted
    for (let i = 0; i < 5; i++) await get(missUrl(store.baseUrl, path), agent)
    // a miss stores its copy in the background (waitUntil): let the last one finish before the clock starts
    await new Promise((done) => setTimeout(done, 300))
    // wrangler dev starts workerd again when the worker's files change: the processes of now
    store.workerd = workerdPids(store.pid)
    const before = cpuMs(store.workerd)
    const walls = []
    const statuses = new Map()
    for (let i = 0; i < RENDERS; i++) {
      const { status, wall } = await get(missUrl(store.baseUrl, path), agent)
      walls.push(wall)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    await new Promise((done) => setTimeout(done, 300))
    const cpu = (cpuMs(store.workerd) - before) / RENDERS
    return { cpu, wall: percentile(walls.sort((a, b) => a - b), 50), statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' ') }
  } finally {
    agent.destroy()
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]

function gitCommit(dir) {
  try {
    return run('git', 'git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).trim()
  } catch {
    return 'unknown'
  }
}

async function main() {
  const started = Date.now()
  ensureBuild(log)
  const dirs = [root, ...(values.against ?? []).map((dir) => resolve(dir))]
  for (const dir of dirs) {
    const store = await startStore({ log, root: dir })
    stores.push(store)
    store.dir = dir
    store.label = `${dir === root ? 'this' : dir} (${gitCommit(dir)})`
    store.workerd = workerdPids(store.pid)
    if (!store.workerd.length) throw new Error(`no workerd process found under wrangler dev (pid ${store.pid})`)
  }
  const { pages } = await findPages(stores[0].baseUrl, stores[0].persistTo)
  const measured = pages.filter((p) => PAGES.includes(p.name))

  // the same page of each store, for the byte comparison (one forced-miss value for both): as the shopper who waited
  // for the render got it (streamed), and as the page cache stored it (the same address again: a hit)
  const html = new Map()
  for (const page of measured) {
    const url = (store) => `${store.baseUrl}${page.path}${page.path.includes('?') ? '&' : '?'}${MISS_PARAM}=render-${process.pid}-compare`
    for (const store of stores) {
      const { html: body } = await get(url(store), new http.Agent({ keepAlive: false }))
      html.set(`${store.dir}|${page.name}`, comparable(body.replaceAll(store.baseUrl, 'http://store')))
    }
    for (const store of stores) {
      // the copy is stored in the background after the answer: asked again until the store says it was a hit
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await fetch(url(store), { headers: HEADERS })
        const body = await response.text()
        if (/edge;desc="?hit/.test(response.headers.get('server-timing') ?? '')) {
          html.set(`${store.dir}|${page.name} (stored)`, comparable(body.replaceAll(store.baseUrl, 'http://store')))
          break
        }
        await new Promise((done) => setTimeout(done, 250))
      }
    }
  }
  if (values.html) {
    mkdirSync(values.html, { recursive: true })
    for (const [key, body] of html) {
      const [dir, name] = key.split('|')
      writeFileSync(join(values.html, `${dir === root ? 'this' : dirs.indexOf(dir)}-${name.replace(' (stored)', '.stored')}.html`), body)
    }
  }

  const results = new Map()
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of measured) {
      for (const store of round % 2 ? stores : [...stores].reverse()) {
        log(`round ${round}/${ROUNDS}: ${store.label} ${page.path}, ${RENDERS} renders…`)
        const result = await measure(store, page.path)
        const key = `${store.dir}|${page.name}`
        results.set(key, [...(results.get(key) ?? []), result])
      }
    }
  }
  for (const store of stores) await store.stop()
  stores.length = 0

  const out = ['']
  out.push(`Render CPU — ${new Date().toISOString()} — Node ${process.version} — ${availableParallelism()} × ${cpus()[0]?.model?.trim() ?? 'CPU'} — load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`)
  out.push(`workerd via \`wrangler dev\` (NODE_ENV=production), local D1 seeded; per page ${RENDERS} sequential forced misses (?${MISS_PARAM}=…) on one connection after 5 unmeasured, ${ROUNDS} round(s), median shown.`)
  out.push('CPU: workerd process user+system time ÷ renders (the worker, its local D1 and Cache API; the clock ticks every ' + `${TICK_MS} ms). Wall: p50 per request, inflated by any other load on the machine.`)
  const rows = []
  for (const page of measured) {
    for (const dir of dirs) {
      const list = results.get(`${dir}|${page.name}`)
      const cpu = median(list.map((r) => r.cpu))
      const base = dirs.length > 1 ? median(results.get(`${dirs[1]}|${page.name}`).map((r) => r.cpu)) : NaN
      const compare = (d, kind) => (html.get(`${d}|${kind}`) === undefined ? 'not read' : html.get(`${d}|${kind}`) === html.get(`${dirs[1]}|${kind}`) ? 'same' : 'differs')
      const same = (d) => (dirs.length > 1 ? `streamed ${compare(d, page.name)}, stored ${compare(d, `${page.name} (stored)`)}` : '')
      rows.push([page.name, `${dir === root ? 'this' : dir} ${gitCommit(dir)}`, page.path, list.map((r) => r.statuses).join(', '), ms(cpu), list.map((r) => r.cpu.toFixed(1)).join(' / '), ms(median(list.map((r) => r.wall))), dir !== dirs[1] && dirs.length > 1 ? `${((cpu / base) * 100).toFixed(0)} %` : '', dir !== dirs[1] ? same(dir) : ''])
    }
  }
  out.push(table(['page', 'store', 'path', 'status', 'CPU/render', 'rounds', 'wall p50', 'vs 1st --against', 'HTML vs it'], rows))
  for (const dir of dirs.filter((d) => d !== dirs[1] && dirs.length > 1)) {
    for (const kind of measured.flatMap((page) => [page.name, `${page.name} (stored)`])) {
      const a = html.get(`${dir}|${kind}`)
      const b = html.get(`${dirs[1]}|${kind}`)
      if (a === b || a === undefined || b === undefined) continue
      let i = 0
      while (i < a.length && a[i] === b[i]) i++
      out.push(`HTML of ${kind} (${dir === root ? 'this' : dir}) first differs at character ${i}: this «${a.slice(Math.max(0, i - 60), i + 80)}» against «${b.slice(Math.max(0, i - 60), i + 80)}»`)
    }
  }
  out.push(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  console.log(out.join('\n'))
}

main().then(
  () => shutdown(0),
  async (error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`)
    await shutdown(1)
  },
)
