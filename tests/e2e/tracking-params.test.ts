// Issue 38 point 4 in the browser: a shopper who lands from a campaign keeps its parameters in the address bar (where
// a tag manager reads them, and where the affiliate code is taken from), but the hydrated page's links and forms carry
// none of them, and the server's page (rendered from the clean address) and the browser's agree: no hydration error.
/// <reference types="node" />
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, openPage, untilItWorks, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Every address and value the page's links and forms carry, as the browser's DOM has them now. */
const linksAndForms = () =>
  [
    ...[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    ...[...document.querySelectorAll('form[action]')].map((f) => f.getAttribute('action') ?? ''),
    ...[...document.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => `${i.name}=${i.value}`),
  ]

describe('a visitor from a campaign', () => {
  test('keeps the campaign in the address bar, records the affiliate code, and the hydrated listing links carry neither', async () => {
    const visit = await openPage(browser)
    try {
      const affiliate = visit.page.waitForRequest((request) => request.url().endsWith('/api/affiliate') && request.method() === 'POST')
      await visit.goto('/t/camping/cooking?utm_campaign=attacker-campaign&gclid=attacker-gclid&sort=name&ac=PARTNER42&whatever=attacker-unknown')
      await waitForHydration(visit.page)
      // spec §4: the affiliate code is sent and then removed from the address; the campaign stays for analytics
      expect((await affiliate).postDataJSON()).toEqual({ code: 'PARTNER42' })
      await untilItWorks(async () => expect(new URL(visit.page.url()).searchParams.has('ac')).toBe(false))
      const address = new URL(visit.page.url())
      expect(address.searchParams.get('utm_campaign')).toBe('attacker-campaign')
      expect(address.searchParams.get('gclid')).toBe('attacker-gclid')

      const echoed = await visit.page.evaluate(linksAndForms)
      // the listing's own choice is carried on (so this check can fail), nothing else of the address is
      expect(echoed.some((value) => value.includes('sort=name'))).toBe(true)
      for (const value of echoed) expect(value).not.toMatch(/attacker|utm_|gclid|PARTNER42/)

      // a sort chosen in the hydrated page keeps the listing's parameters and leaves the campaign behind
      await visit.page.locator('[data-testid=view-list]').click()
      await untilItWorks(async () => expect(new URL(visit.page.url()).searchParams.get('view')).toBe('list'))
      const next = new URL(visit.page.url())
      expect(next.searchParams.get('sort')).toBe('name')
      expect(next.search).not.toMatch(/utm_|gclid|attacker/)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
