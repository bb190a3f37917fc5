// The error page's 'Back' without JavaScript: a link to /back, which goes one level up from the page it was on.
import { describe, expect, it } from 'vitest'
import { get, ORIGIN } from './helpers.ts'

describe("the error page's 'Back' without JavaScript", () => {
  it('is a link, and /back answers 303 one level up from the page named by Referer (home for anything else)', async () => {
    const missing = await get('/t/men/no-such-category')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toMatch(/<a href="\/back"[^>]*>Back<\/a>/)
    const cases: Array<[string | null, string]> = [
      [`${ORIGIN}/t/men/no-such-category`, '/t/men'],
      [`${ORIGIN}/de/t/men/nichts`, '/de/t/men'],
      [`${ORIGIN}/products/no-such-product`, '/'],
      [`${ORIGIN}/de/products/no-such-product`, '/de'],
      ['https://elsewhere.test/t/men/x', '/'],
      [null, '/'],
    ]
    for (const [referer, target] of cases) {
      const res = await get('/back', referer ? { referer } : {})
      expect(res.status, String(referer)).toBe(303)
      expect(res.headers.get('location'), String(referer)).toBe(target)
    }
  })
})
