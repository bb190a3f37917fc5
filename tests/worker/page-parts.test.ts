// A part of a page whose code loads apart from the page's (React.lazy: the listing's facet panel and page links) is
// still drawn by the server in place, and a request that ended before such a code arrived does not leave it loading:
// under the Workers test pool an import is I/O of the request that started it, and one its request outlived never
// settled, so every later page that imported the module hung (tests/worker/empty-store.test.ts timed out on the
// search page after a category's 404, whose loader had started the panel's code and thrown).
import { describe, expect, it } from 'vitest'
import { sampleCatalogue, seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get, html } from './helpers.ts'

/** The page's HTML, or a failure naming the page if it has not finished after `ms` (a page that hangs, not a slow one). */
async function page(path: string, ms = 15_000) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${path} never finished`)), ms)))
  try {
    return await Promise.race([get(path).then(async (response) => ({ status: response.status, body: await html(response) })), hung])
  } finally {
    clearTimeout(timer)
  }
}

describe("a listing's parts whose code loads apart", () => {
  it("after a category that is not there, the search page and a category page finish, each with its facet panel in place", async () => {
    await seedCatalogue(40)
    const { permalink } = await sampleCatalogue()
    expect((await page('/')).status).toBe(200)
    // the category loader runs, then answers 404: nothing of the listing is drawn
    expect((await page('/t/no-such-category')).status).toBe(404)
    for (const path of ['/Category?term=trail', `/t/${permalink}`]) {
      const { status, body } = await page(path)
      expect(status, path).toBe(200)
      // the panel is a plain form without JavaScript: in the page where it stands, not streamed in later behind a script
      expect(body, path).toMatch(/<aside id="filters"[\s\S]*<form[^>]*data-testid="filters"/)
      expect(body, path).not.toContain('<div hidden id="S:')
    }
  })
})
