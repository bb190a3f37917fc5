import { describe, expect, it } from 'vitest'
import { createMemoryRouter, matchRoutes } from 'react-router'
import { addOtherLanguage, clientRoutes, routes } from '#web/routes.tsx'
import { matchAddress, matchRouterBranches } from '#web/boot/route-match.ts'

// Addresses of every kind the store links to, in both languages, with optional segments, encoded characters, a
// trailing slash and addresses only the catch-all routes take.
const ADDRESSES = [
  '/', '/de', '/de/', '/Home', '/t/men', '/t/men/', '/t/men/jackets', '/de/t/men/jackets', '/c/men', '/c/a/b/c', '/c/a/b/c/d/e',
  '/products/kookaburra-trail-outback-rain-jacket', '/de/products/kookaburra-trail-outback-rain-jacket', '/p/12/rain-jacket',
  '/products/caf%C3%A9', '/products/a%2Fb', '/Category', '/AboutUs', '/de/AboutUs', '/Content', '/Content/size-guide',
  '/CMSPage', '/some-cms-page', '/de/some-cms-page', '/no/such/deep/page', '/Cart', '/de/Cart', '/Login', '/reset-password',
  '/MyAccount', '/MyAccount/orders', '/my-account', '/my-account/orders/12', '/de/my-account/orders/12',
  '/checkout', '/checkout/CheckoutType', '/checkout/shipping', '/checkout/payment/return', '/de/checkout/thank-you', '/offline',
  '/newsletter/confirm', '/newsletter/unsubscribe', '/LatestVersion',
]

const shape = (matches: Array<{ route: { id?: string }; params: Record<string, string | undefined> }> | null) =>
  matches?.map(({ route, params }) => ({ id: route.id, params: { ...params } })) ?? null

describe("prefetch's route matching against the router's own branches", () => {
  const router = createMemoryRouter(routes)

  it('finds, for every kind of address, the same routes and parameters as matchRoutes', () => {
    for (const address of ADDRESSES) {
      const fast = matchRouterBranches(router, address)
      expect(fast, `router.branches unusable for ${address}`).not.toBeUndefined()
      expect({ address, matches: shape(fast!) }).toEqual({ address, matches: shape(matchRoutes(routes, address)) })
      expect(shape(matchAddress(router, address))).toEqual(shape(fast!))
    }
  })

  it('answers with matchRoutes when a router has no branches to offer', () => {
    const bare = { routes: router.routes }
    expect(matchRouterBranches(bare, '/t/men')).toBeUndefined()
    expect(shape(matchAddress(bare, '/t/men'))).toEqual(shape(matchRoutes(routes, '/t/men')))
    expect(matchAddress({ routes: router.routes, branches: [{ routesMeta: [{ route: {}, matcher: 'not a pattern' }] }] }, '/t/men')?.at(-1)?.route.id).toBe(
      matchRoutes(routes, '/t/men')?.at(-1)?.route.id,
    )
  })
})

describe("the browser's route table: the page's language first, the other added by the first navigation into it", () => {
  const leafOf = (router: { routes: unknown[]; branches?: unknown }, address: string) => matchAddress(router as never, address)?.at(-1)?.route.id

  for (const [locale, own, other, ownLeaf, otherLeaf] of [
    ['en', '/t/men/jackets', '/de/t/men/jackets', 'en:subcategory', 'de:subcategory'],
    ['de', '/de/products/x', '/products/x', 'de:product', 'en:product'],
  ] as const) {
    it(`${locale}: holds only its own screens, then matches the other language exactly as the full table does`, () => {
      const router = createMemoryRouter(clientRoutes(locale), { initialEntries: [own] })
      const ids = (list: Array<{ id?: string; children?: unknown[] }>): string[] => list.flatMap((route) => [route.id ?? '', ...ids((route.children ?? []) as never)])
      expect(ids(router.routes).filter((id) => id.startsWith(locale === 'en' ? 'de' : 'en:'))).toEqual([])
      expect(leafOf(router, own)).toBe(ownLeaf)
      // before the patch the other language's address falls to a catch-all of this one
      expect(leafOf(router, other)).not.toBe(otherLeaf)

      const patchRoutes = addOtherLanguage(locale)
      const patches: string[] = []
      const patch = (routeId: string | null, children: Parameters<typeof router.patchRoutes>[1]) => {
        patches.push(String(routeId))
        router.patchRoutes(routeId, children)
      }
      patchRoutes({ path: own, patch })
      expect(patches).toEqual([])
      patchRoutes({ path: locale === 'en' ? other.toUpperCase() : other, patch })
      patchRoutes({ path: other, patch })
      expect(patches).toEqual(['root'])
      for (const address of ADDRESSES) expect({ address, leaf: leafOf(router, address) }).toEqual({ address, leaf: matchRoutes(routes, address)?.at(-1)?.route.id })
    })
  }
})
