/// <reference types="node" />
// axe-core in the page under test: the one audit the browser tests share (tests/e2e/a11y.test.ts walks every page
// type with it; other journeys check the screens they add).
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { withinTime } from './browser.ts'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const
export type Impact = (typeof IMPACTS)[number]

export interface AxeViolation {
  id: string
  impact: Impact | null
  help: string
  nodes: Array<{ target: string[] }>
}

/**
 * Every WCAG 2.1 A/AA violation axe finds on the page as it is now (the page is not waited on). Bounded: Playwright
 * puts no time limit on `evaluate`, which waits for a page still navigating; a stuck page fails here, saying so,
 * instead of using up the whole test's time.
 */
export async function axeViolations(page: Page, timeoutMs = 30_000): Promise<AxeViolation[]> {
  return withinTime(runAxe(page), timeoutMs).catch((error: Error) => {
    throw new Error(`axe on ${page.url()}: ${error.message}`)
  })
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    // Parts below the fold wait to be drawn (content-visibility: auto) until a shopper scrolls near them; axe can only
    // judge colours and boxes that are drawn (it read a skipped dark footer's white text as on white), so draw them.
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible'
    }
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }))
  })
}

/** The serious and critical ones, one line each: what a test fails on. */
export const seriousOnes = (violations: AxeViolation[], label: string) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)

/** Serious and critical WCAG 2.1 A/AA findings on the page once its requests have settled, one line each. */
export async function audit(page: Page, label: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => {})
  return seriousOnes(await axeViolations(page), label)
}
