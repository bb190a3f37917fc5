// Main-thread work of a first visit (issue 10/11, total blocking time): for home, category and product, a Chromium
// performance trace at 4x CPU throttle (what Lighthouse's mobile run multiplies by) and, unless --no-lighthouse,
// Lighthouse mobile on the same `wrangler dev` (production build). Prints every long task (> 50 ms) with what ran in
// it: script evaluation of which chunk, hydration (React's scheduler tasks), style/layout, parsing, timers.
//   node bench/trace.mjs [--runs 1] [--no-lighthouse] [--json out.json]
import { parseArgs } from 'node:util'
import { loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { ensureBuild, startStore } from './lib/store.mjs'
import { findPages } from './lib/pages.mjs'
import { lighthouseMedians } from './lib/lighthouse.mjs'
import { firstVisitJs } from './lib/sizes.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, 'no-lighthouse': { type: 'boolean' }, json: { type: 'string' } } })
const runs = Number(values.runs)
const log = (line) => process.stderr.write(`${line}\n`)
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading']

/** What a long task spent its time on: the largest children, named by kind and script. */
function describe(task, events) {
  const end = task.ts + task.dur
  const inside = events.filter((e) => e.tid === task.tid && e.ts >= task.ts && e.ts < end && e.dur && e !== task)
  const parts = new Map()
  const add = (label, dur) => parts.set(label, (parts.get(label) ?? 0) + dur)
  for (const e of inside) {
    const file = (e.args?.data?.url ?? e.args?.data?.scriptName ?? e.args?.fileName ?? '').split('/').pop()?.split('?')[0]
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') add(`evaluate ${file || 'inline'}`, e.dur)
    else if (e.name === 'FunctionCall') add(`call ${file || '?'}${e.args?.data?.functionName ? ` (${e.args.data.functionName})` : ''}`, e.dur)
    else if (e.name === 'Layout') add('layout', e.dur)
    else if (e.name === 'UpdateLayoutTree') add('style', e.dur)
    else if (e.name === 'ParseHTML') add('parse HTML', e.dur)
    else if (e.name === 'v8.compile' || e.name === 'v8.compileModule') add(`compile ${file || ''}`.trim(), e.dur)
    else if (e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize') add('paint', e.dur)
  }
  // FunctionCall nests (a call inside a call): keep the outermost by listing the biggest few only
  return [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([label, dur]) => `${label} ${(dur / 1000).toFixed(0)}`).join(', ')
}

async function traceOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  const client = await context.newCDPSession(page)
  await client.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const events = []
  client.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  const done = new Promise((resolve) => client.once('Tracing.tracingComplete', resolve))
  await client.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' })
  await page.goto(url, { waitUntil: 'load' })
  // hydration finished: React Router marks nothing, so wait for the main thread to be quiet for 2 s
  await page.evaluate(() => new Promise((resolve) => {
    let last = performance.now()
    new PerformanceObserver((list) => { for (const e of list.getEntries()) last = Math.max(last, e.startTime + e.duration) }).observe({ type: 'longtask', buffered: true })
    const check = () => (performance.now() - last > 2000 ? resolve() : setTimeout(check, 250))
    check()
  }))
  await client.send('Tracing.end')
  await done
  await context.close()
  const main = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.find((f) => !f.parent)
  const rendererPid = main?.processId ?? events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.pid
  const mainTid = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === rendererPid)?.tid
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === rendererPid)?.ts ?? 0
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === rendererPid && e.tid === mainTid && e.dur > 50_000)
  const rows = tasks.map((t) => ({ at: Math.round((t.ts - (fcp || t.ts)) / 1000), ms: Math.round(t.dur / 1000), what: describe(t, events.filter((e) => e.pid === rendererPid)) }))
  const tbt = tasks.filter((t) => t.ts + t.dur > fcp).reduce((sum, t) => sum + Math.max(0, (t.dur - Math.max(0, fcp - t.ts)) / 1000 - 50), 0)
  return { tbt: Math.round(tbt), longTasks: rows }
}

ensureBuild(log)
const store = await startStore({ log })
const out = { load: loadavg().map((l) => l.toFixed(1)).join(' '), pages: [] }
try {
  const { pages } = await findPages(store.baseUrl, store.persistTo)
  const measured = pages.filter((p) => ['home', 'category', 'product'].includes(p.name))
  for (const p of measured) await fetch(store.baseUrl + p.path).then((r) => r.text()) // warm the worker and caches
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  try {
    for (const p of measured) {
      const traces = []
      for (let i = 0; i < runs; i++) traces.push(await traceOnce(browser, store.baseUrl + p.path))
      const js = await firstVisitJs(store.baseUrl + p.path)
      out.pages.push({ name: p.name, path: p.path, traces, jsGzip: js.gzip ?? js.total ?? js })
    }
  } finally {
    await browser.close()
  }
  if (!values['no-lighthouse']) {
    const results = await lighthouseMedians(measured.map((p) => store.baseUrl + p.path), { runs, log })
    results.forEach((r, i) => Object.assign(out.pages[i], { lighthouse: { performance: r.performance, tbt: Math.round(r.tbt), lcp: Math.round(r.lcp), fcp: Math.round(r.fcp), cls: r.cls } }))
  }
} finally {
  await store.stop()
}
out.loadAfter = loadavg().map((l) => l.toFixed(1)).join(' ')
for (const p of out.pages) {
  console.log(`\n${p.name} ${p.path}  first-visit JS ${JSON.stringify(p.jsGzip)}${p.lighthouse ? `  Lighthouse: perf ${p.lighthouse.performance}, TBT ${p.lighthouse.tbt} ms, LCP ${p.lighthouse.lcp} ms, FCP ${p.lighthouse.fcp} ms, CLS ${p.lighthouse.cls}` : ''}`)
  p.traces.forEach((t, i) => {
    console.log(`  trace ${i + 1} (4x CPU): TBT after FCP ${t.tbt} ms, ${t.longTasks.length} long tasks`)
    for (const row of t.longTasks) console.log(`    +${row.at} ms  ${row.ms} ms  ${row.what}`)
  })
}
console.log(`\nload average before ${out.load}, after ${out.loadAfter}`)
if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 2))
