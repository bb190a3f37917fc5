#!/usr/bin/env node
// Lighthouse A/B: this tree's store against an earlier commit of it, both served by `wrangler dev` at once, measured by
// one Chromium with the runs alternating (A B, then B A, …) so that a slow minute of this two-core machine falls on
// both sides. On this machine one page's score spreads over 85-100 between runs a minute apart (docs/performance.md),
// so a bench of one store says little about whether a change cost speed; the same runs interleaved do.
//
//   node bench/lighthouse-ab.mjs [--against <commit>] [--runs 7] [--pages home,category,product] [--hide-scrollbars]
//
// --against defaults to 2555b6a, the last commit before the design system of issue 10: the store of pictograms in
// system fonts whose Lighthouse scores that issue's "the new look costs no speed" compares with. The commit is checked
// out as a git worktree in a temp folder (sharing this tree's node_modules), built with its own `npm run build` and
// served with its own bench/lib/store.mjs and seed; everything is removed at the end. This tree is built first, so
// uncommitted changes are measured as B. It prints figures only and never fails on them.
import { mkdtempSync, rmSync, symlinkSync, existsSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { num, table } from './lib/format.mjs'
import { lighthouseSession, summarise } from './lib/lighthouse.mjs'
import { findPages } from './lib/pages.mjs'
import { root, run, startStore } from './lib/store.mjs'

const DESIGN_SYSTEM_PARENT = '2555b6a'
const { values } = parseArgs({
  options: {
    against: { type: 'string', default: DESIGN_SYSTEM_PARENT },
    runs: { type: 'string', default: '7' },
    pages: { type: 'string', default: 'home,category,product' },
    'hide-scrollbars': { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(values.runs) || 7)
const PAGES = values.pages.split(',').map((name) => name.trim()).filter(Boolean)
const log = (line) => process.stderr.write(`${line}\n`)
const git = (...args) => run(`git ${args[0]}`, 'git', args).trim()

const commitA = git('rev-parse', '--verify', `${values.against}^{commit}`)
const head = git('rev-parse', '--short', 'HEAD')
const dirty = git('status', '--porcelain', '--untracked-files=no') !== ''
const worktree = mkdtempSync(join(tmpdir(), 'storefront-ab-'))
const cleanups = []
const cleanUp = async () => {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step()
    } catch (error) {
      log(`clean-up: ${error.message}`)
    }
  }
}
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)))

try {
  log(`A: ${commitA.slice(0, 7)} in ${worktree}`)
  git('worktree', 'add', '--detach', '--force', worktree, commitA)
  cleanups.push(() => {
    git('worktree', 'remove', '--force', worktree)
    rmSync(worktree, { recursive: true, force: true })
  })
  symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'), 'dir')
  const storeModule = join(worktree, 'bench/lib/store.mjs')
  if (!existsSync(storeModule)) throw new Error(`${commitA.slice(0, 7)} has no bench/lib/store.mjs to serve it with`)

  log('Building A and B (npm run build)…')
  run('npm run build (A)', 'npm', ['run', 'build', '--prefix', worktree])
  run('npm run build (B)', 'npm', ['run', 'build'])

  const { startStore: startStoreA } = await import(pathToFileURL(storeModule).href)
  const storeA = await startStoreA({ log: (line) => log(`A: ${line}`) })
  cleanups.push(() => storeA.stop())
  const storeB = await startStore({ log: (line) => log(`B: ${line}`) })
  cleanups.push(() => storeB.stop())

  const sides = {
    A: { label: `A = ${commitA.slice(0, 7)}`, baseUrl: storeA.baseUrl, pages: (await findPages(storeA.baseUrl, storeA.persistTo)).pages },
    B: { label: `B = ${head}${dirty ? ' with uncommitted changes' : ''}`, baseUrl: storeB.baseUrl, pages: (await findPages(storeB.baseUrl, storeB.persistTo)).pages },
  }
  const session = await lighthouseSession({ extraFlags: values['hide-scrollbars'] ? ['--hide-scrollbars'] : [] })
  cleanups.push(() => session.close())
  const load = loadavg()[0]
  // one run of each side first, not counted: a freshly launched Chromium's first load pays for the browser's start
  await session.run(sides.A.baseUrl + '/')
  await session.run(sides.B.baseUrl + '/')

  const rows = []
  const runLines = []
  for (const name of PAGES) {
    const samples = { A: [], B: [] }
    const paths = {}
    for (let i = 0; i < RUNS; i++) {
      for (const side of i % 2 ? ['B', 'A'] : ['A', 'B']) {
        const page = sides[side].pages.find((p) => p.name === name)
        if (!page) throw new Error(`no ${name} page found on side ${side}`)
        paths[side] = page.path
        log(`Lighthouse ${name} ${side} ${i + 1}/${RUNS}: ${page.path}`)
        samples[side].push(await session.run(sides[side].baseUrl + page.path))
      }
    }
    for (const side of ['A', 'B']) {
      const summary = summarise(paths[side], samples[side])
      rows.push([name, side, num(summary.performance), num(summary.lcp), num(summary.tbt), num(summary.si), num(summary.fcp), paths[side]])
      runLines.push(`  ${name.padEnd(9)} ${side}  ${summary.samples.map((s) => `${num(s.performance)} / ${Math.round(s.tbt)}`).join('   ')}`)
    }
  }

  console.log(`Lighthouse mobile, interleaved A/B, ${RUNS} runs a side (${sides.A.label}; ${sides.B.label})${values['hide-scrollbars'] ? ', scrollbars hidden' : ''}`)
  console.log(`load average at the start: ${load.toFixed(2)}`)
  console.log('')
  console.log(table(['page', 'side', 'performance', 'LCP ms', 'TBT ms', 'SI ms', 'FCP ms', 'path'], rows))
  console.log('')
  console.log('every run (performance / TBT ms), in the order measured:')
  for (const line of runLines) console.log(line)
} catch (error) {
  log(error.stack ?? String(error))
  process.exitCode = 1
} finally {
  await cleanUp()
}
