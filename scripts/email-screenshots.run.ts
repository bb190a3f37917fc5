// Screenshots of every email (each state of those that read differently per state) at 600 px (the width mail clients
// give them), in English and German, into
// docs/screenshots/emails/ from the development preview (/dev/emails). `npm run screenshots:emails`.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { baseUrl, launchBrowser } from '#tests/e2e/browser.ts'

const OUT = fileURLToPath(new URL('../docs/screenshots/emails/', import.meta.url))

let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  browser = await launchBrowser()
  mkdirSync(OUT, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

test('emails at 600 px', async () => {
  const context = await browser.newContext({ viewport: { width: 600, height: 900 }, baseURL: baseUrl() })
  const page = await context.newPage()
  // the preview's own list names every email (kind and language)
  await page.goto('/dev/emails')
  const paths = await page.$$eval('li > a:first-child', (links) => links.map((a) => a.getAttribute('href')!))
  expect(paths.length).toBeGreaterThanOrEqual(16)
  for (const path of paths) {
    const url = new URL(path, baseUrl())
    const [kind, locale] = url.pathname.split('/').slice(-2) as [string, string]
    const variant = url.searchParams.get('variant')
    expect((await page.goto(path))?.status()).toBe(200)
    // a kind shown in several states names each (return-update-declined-de.png)
    const name = [kind.replace(/_/g, '-'), variant, locale].filter(Boolean).join('-')
    await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true, animations: 'disabled' })
  }
  await context.close()
})
