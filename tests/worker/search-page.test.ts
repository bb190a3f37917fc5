// Issue 39 on the shopper's side: the search results page (/Category?term=…) lists products in the API's relevance
// order (the name above the categories above the description), not alphabetically; an explicit sort still applies.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get, html } from './helpers.ts'

beforeAll(async () => {
  await seedCatalogue(40)
})

/** The product names of the page's cards, in the order shown. */
async function cardTitles(path: string): Promise<string[]> {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  const body = await html(response)
  return [...body.matchAll(/data-testid="product-card"[\s\S]*?class="card-link"[^>]*>([^<]+)</g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
}

describe('the search results page', () => {
  it('lists the products whose name matches "trail" before those that only mention it in their description', async () => {
    // what can be bought comes first whatever the order (featured-order.test.ts), so sold-out products are left out here
    const soldOut = (await env.DB.prepare('SELECT name FROM products WHERE sold_out = 1').all<{ name: string }>()).results.map((r) => r.name)
    const titles = (await cardTitles('/Category?term=trail')).filter((title) => !soldOut.includes(title))
    const inName = titles.map((title) => /\btrail/i.test(title))
    // the sample catalogue holds both kinds (by name: Basecamp Summit Beanie, a description-only match, would be first)
    expect(inName).toContain(true)
    expect(inName).toContain(false)
    expect(inName[0]).toBe(true)
    expect(inName.indexOf(false)).toBeGreaterThan(inName.lastIndexOf(true))
  })

  it('keeps an explicit sort by name from the address', async () => {
    const titles = await cardTitles('/Category?term=trail&sort=name')
    expect(titles.length).toBeGreaterThan(2)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')))
    expect(titles).not.toEqual(await cardTitles('/Category?term=trail'))
  })
})
