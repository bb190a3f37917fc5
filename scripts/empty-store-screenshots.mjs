#!/usr/bin/env node
// Screenshots of an empty store (issue 40 point 2): the storefront's 'Opening soon' (en, de) and the dashboard's
// checklist, at 390 and 1440 px, into docs/screenshots/, each checked with axe (no serious or critical violation).
// The shared screenshot run (scripts/screenshots.run.ts) serves the sample store, so this one takes a store set up
// without the sample:
//   npm run setup -- --local --persist-to /tmp/empty --admin-email ops@shop.test --admin-password 'correct horse battery'
//   npx wrangler dev --port 8796 --persist-to /tmp/empty &
//   node scripts/empty-store-screenshots.mjs --url http://localhost:8796 --email ops@shop.test --password 'correct horse battery'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const { values } = parseArgs({ options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } })
const OUT = new URL('../docs/screenshots/', import.meta.url).pathname
const WIDTHS = { 390: { width: 390, height: 844 }, 1440: { width: 1440, height: 900 } }
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function audit(page, name) {
  await page.addScriptTag({ content: axeSource })
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }))
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  if (bad.length) throw new Error(`${name}: ${bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`).join('; ')}`)
  console.log(`${name}: axe 0 serious/critical`)
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
try {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, baseURL: values.url })
    const page = await context.newPage()
    for (const locale of ['en', 'de']) {
      await page.goto(locale === 'de' ? '/de' : '/')
      await page.getByTestId('opening-soon').waitFor()
      await page.waitForLoadState('networkidle').catch(() => {})
      await audit(page, `opening-soon-${locale}-${width}`)
      await page.screenshot({ path: `${OUT}opening-soon-${locale}-${width}.png`, animations: 'disabled', caret: 'hide' })
    }
    await page.goto('/admin/login')
    await page.getByLabel('Email').fill(values.email)
    await page.getByLabel('Password').fill(values.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByTestId('launch-checklist').waitFor()
    await audit(page, `console-checklist-${width}`)
    await page.screenshot({ path: `${OUT}console-checklist-${width}.png`, fullPage: true, animations: 'disabled', caret: 'hide' })
    await context.close()
  }
} finally {
  await browser.close()
}
