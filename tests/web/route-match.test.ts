import { describe, expect, it } from 'vitest'
import { createMemoryRouter, matchRoutes } from 'react-router'
import { routes } from '#web/routes.tsx'
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
