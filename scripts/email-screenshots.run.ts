// Screenshots of every email at 600 px (the width mail clients give them), in English and German, into
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
  expect(paths.length).toBeGreaterThanOrEqual(12)
  for (const path of paths) {
    const [kind, locale] = path.split('/').slice(-2) as [string, string]
    expect((await page.goto(path))?.status()).toBe(200)
    await page.screenshot({ path: `${OUT}${kind.replace(/_/g, '-')}-${locale}.png`, fullPage: true, animations: 'disabled' })
  }
  await context.close()
})
