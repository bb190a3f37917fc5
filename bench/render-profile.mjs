#!/usr/bin/env node
// A CPU profile of uncached renders (the worker's V8, through wrangler dev's inspector): serves the store as
// bench/render-cpu.mjs does, starts the profiler, sends N forced misses of each page, and writes
// <out>/<page>.cpuprofile (open in Chrome DevTools) and prints each profile's top functions by self time.
//   node bench/render-profile.mjs [--renders 40] [--out /tmp/render-profiles]
import http from 'node:http'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import { findPages } from './lib/pages.mjs'
import { ensureBuild, freePort, startStore } from './lib/store.mjs'

const { values } = parseArgs({ options: { renders: { type: 'string', default: '40' }, out: { type: 'string', default: '/tmp/render-profiles' } } })
const RENDERS = Number(values.renders)
const log = (m) => process.stderr.write(`» ${m}\n`)

const get = (url, agent) =>
  new Promise((done, fail) => {
    http.get(url, { agent, headers: { 'accept-encoding': 'identity', accept: 'text/html' } }, (r) => r.resume().on('end', done).on('error', fail)).on('error', fail)
  })

async function main() {
  ensureBuild(log)
  const inspector = await freePort()
  const store = await startStore({ log, extraArgs: ['--inspector-port', String(inspector), '--minify=false'] })
  try {
    const targets = await (await fetch(`http://127.0.0.1:${inspector}/json`)).json()
    const target = targets.find((t) => /storefront/.test(t.title ?? '') || /storefront/.test(t.url ?? '')) ?? targets[0]
    const ws = new WebSocket(target.webSocketDebuggerUrl)
    await new Promise((done, fail) => ws.once('open', done).once('error', fail))
    let id = 0
    const pending = new Map()
    ws.on('message', (data) => {
      const message = JSON.parse(String(data))
      if (message.id && pending.has(message.id)) pending.get(message.id)(message)
    })
    const send = (method, params = {}) => new Promise((done) => { const n = ++id; pending.set(n, done); ws.send(JSON.stringify({ id: n, method, params })) })
    await send('Profiler.enable')
    await send('Profiler.setSamplingInterval', { interval: 200 })
    const { pages } = await findPages(store.baseUrl, store.persistTo)
    mkdirSync(values.out, { recursive: true })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    for (const page of pages.filter((p) => ['home', 'category', 'product'].includes(p.name))) {
      for (let i = 0; i < 5; i++) await get(`${store.baseUrl}${page.path}?bench-miss=w${i}`, agent)
      await send('Profiler.start')
      for (let i = 0; i < RENDERS; i++) await get(`${store.baseUrl}${page.path}?bench-miss=p${i}`, agent)
      await new Promise((d) => setTimeout(d, 300))
      const { result } = await send('Profiler.stop')
      writeFileSync(join(values.out, `${page.name}.cpuprofile`), JSON.stringify(result.profile))
      summarise(page.name, result.profile)
    }
    ws.close()
    // the bundle the profile's lines refer to (wrangler dev deletes it when it stops), with its source map
    const script = targets.length && JSON.parse(readFileSync(join(values.out, 'home.cpuprofile'), 'utf8')).nodes.map((n) => n.callFrame.url).find((u) => /index\.js$/.test(u))
    if (script) for (const suffix of ['', '.map']) { try { copyFileSync(fileURLToPath(script) + suffix, join(values.out, `index.js${suffix}`)) } catch (error) { log(`bundle not kept: ${error.message}`) } }
  } finally {
    await store.stop()
  }
}

function summarise(name, profile) {
  const self = new Map()
  const dt = new Map()
  profile.samples.forEach((nodeId, i) => dt.set(nodeId, (dt.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  let total = 0
  for (const node of profile.nodes) {
    const f = node.callFrame
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    const t = dt.get(node.id) ?? 0
    total += t
    self.set(key, (self.get(key) ?? 0) + t)
  }
  const idle = [...self].filter(([k]) => /^\((idle|program|garbage collector)\)/.test(k)).reduce((s, [, t]) => s + t, 0)
  console.log(`\n${name}: ${(total / 1000).toFixed(0)} ms sampled over ${RENDERS} renders, ${((total - idle) / 1000 / RENDERS).toFixed(1)} ms/render not idle`)
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(t / 1000 / RENDERS).toFixed(2).padStart(7)} ms  ${k}`)
}

main().catch((e) => { console.error(e); process.exit(1) })
