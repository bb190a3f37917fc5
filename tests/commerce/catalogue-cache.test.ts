import { env } from 'cloudflare:workers'
import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import { cacheKeys, FRESH_MS, STALE_MS } from '#worker/commerce/cache.ts'
import { catalogueOperations } from '#worker/commerce/catalogue.ts'
import type { Menu } from '#kernel/models.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import { seedCatalogue } from '#tests/backend/catalogue-helpers.ts'
import { testContext } from './catalogue-context.ts'

// The backend is reached over HTTP (COMMERCE_URL) so a test can make it fail or hang by intercepting fetch; when it
// works, the intercepted request is answered by the embedded backend, as a real Spree would answer it.
const SPREE = 'https://spree.test'
const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext

function backendUp() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    return backend.fetch(new Request(`https://embedded.backend${url.pathname}${url.search}`, init), env, executionContext)
  })
}
function backendDown() {
  return vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost.'))
}

const MARKER: Menu = { items: [{ label: 'From the cache', link: '/cached', items: [] }], isDisabled: false }
async function store(key: string, value: unknown, ageMs: number) {
  await env.CACHE.put(key, JSON.stringify({ value, storedAt: Date.now() - ageMs }))
}
async function stored(key: string): Promise<{ value: any; storedAt: number } | null> {
  return env.CACHE.get(key, 'json')
}

beforeAll(async () => {
  await seedCatalogue(40)
})

describe('the KV cache for menus, taxons and CMS pages', () => {
  it('a miss reads the backend and stores a versioned entry; the next read is a hit and skips the backend', async () => {
    const first = testContext({ commerceUrl: SPREE })
    const fetchSpy = backendUp()
    const menu = await catalogueOperations(first.ctx).getMenus('header')
    expect(menu.items[0]!.label).toBe('Men')
    expect(first.cacheStates()).toEqual(['menu:miss'])
    await first.settle()
    expect((await stored('v2:menu:en:header'))!.value).toEqual(menu)
    const calls = fetchSpy.mock.calls.length
    const second = testContext({ commerceUrl: SPREE })
    expect(await catalogueOperations(second.ctx).getMenus('header')).toEqual(menu)
    expect(second.cacheStates()).toEqual(['menu:hit'])
    expect(fetchSpy.mock.calls.length).toBe(calls)
  })

  it('a fresh entry is served even while the backend is down', async () => {
    await store(cacheKeys.menu('de', 'header'), MARKER, 1000)
    const fetchSpy = backendDown()
    const t = testContext({ commerceUrl: SPREE, locale: 'de' })
    expect(await catalogueOperations(t.ctx).getMenus('header')).toEqual(MARKER)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('a stale entry is served at once and refreshed in the background', async () => {
    await store(cacheKeys.menu('en', 'footer'), MARKER, FRESH_MS + 60_000)
    backendUp()
    const t = testContext({ commerceUrl: SPREE })
    expect(await catalogueOperations(t.ctx).getMenus('footer')).toEqual(MARKER)
    expect(t.cacheStates()).toEqual(['menu:stale'])
    await t.settle()
    const refreshed = await stored(cacheKeys.menu('en', 'footer'))
    expect(refreshed!.value.items.map((i: any) => i.label)).toEqual(['Shop', 'Help', 'About'])
    const next = testContext({ commerceUrl: SPREE })
    expect((await catalogueOperations(next.ctx).getMenus('footer')).items[0]!.label).toBe('Shop')
    expect(next.cacheStates()).toEqual(['menu:hit'])
  })

  it('when the backend throws, the stale value is served and kept; when it recovers, the refresh lands', async () => {
    const key = cacheKeys.taxons('de')
    const staleTree = [{ id: '1', name: 'Alt', slug: 'alt', permalink: 'alt', items: [], taxonomy_position: 0, left: 1, hide_from_nav: false }]
    await store(key, staleTree, FRESH_MS + 60_000)
    const before = (await stored(key))!.storedAt
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    backendDown()
    const down = testContext({ commerceUrl: SPREE, locale: 'de' })
    expect(await catalogueOperations(down.ctx).getCategoryTree()).toEqual(staleTree)
    await down.settle()
    expect((await stored(key))!.storedAt).toBe(before)
    expect(warn).toHaveBeenCalled()

    vi.mocked(globalThis.fetch).mockRestore()
    backendUp()
    const up = testContext({ commerceUrl: SPREE, locale: 'de' })
    expect(await catalogueOperations(up.ctx).getCategoryTree()).toEqual(staleTree)
    await up.settle()
    const tree = await catalogueOperations(testContext({ commerceUrl: SPREE, locale: 'de' }).ctx).getCategoryTree()
    expect(tree[0]!.name).toBe('Herren')
  })

  it('past the stale window, a down backend still gets the last value (stale-if-error); with nothing cached the failure shows', async () => {
    await store(cacheKeys.cms('en', 'about-us'), null, FRESH_MS + STALE_MS + 60_000)
    backendDown()
    const t = testContext({ commerceUrl: SPREE })
    expect(await catalogueOperations(t.ctx).getCMSPage('about-us')).toBeNull()
    expect(t.cacheStates()).toEqual(['cms:error'])
    const nothing = testContext({ commerceUrl: SPREE })
    const failure = await catalogueOperations(nothing.ctx).getCMSPage('faqs').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(503)
  })

  it('a slow backend does not hold the page: the stale value comes back at once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await store(cacheKeys.menu('de', 'footer'), MARKER, FRESH_MS + 60_000)
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}))
    const t = testContext({ commerceUrl: SPREE, locale: 'de' })
    const started = Date.now()
    expect(await catalogueOperations(t.ctx).getMenus('footer')).toEqual(MARKER)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('CMS pages and the category tree are cached per locale under their versioned keys', async () => {
    const t = testContext()
    const api = catalogueOperations(t.ctx)
    await api.getCMSPage('contact-us')
    await api.getCategoryTree()
    await t.settle()
    expect((await stored('v2:cms:en:contact-us'))!.value.page.title).toBe('Contact us')
    expect((await stored('v2:taxons:en'))!.value[0].slug).toBe('men')
  })

  it('a failing KV never takes the page down: the backend answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const broken = { get: () => Promise.reject(new Error('KV down')), put: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace
    const t = testContext()
    t.ctx.env = { ...t.ctx.env, CACHE: broken }
    expect((await catalogueOperations(t.ctx).getMenus('header')).items[0]!.label).toBe('Men')
    expect(t.cacheStates()).toEqual(['menu:miss'])
    await t.settle()
  })

  it('the cache state shows in the Server-Timing header of the response: a miss, then a hit', async () => {
    await env.CACHE.delete(cacheKeys.menu('en', 'header'))
    const timing = async () => {
      const res = await SELF.fetch('https://store.test/api/menus?type=header', { headers: { cookie: 'locale=en' } })
      expect((await res.json<Menu>()).items[0]!.label).toBe('Men')
      return /cache-menu;desc="(\w+)"/.exec(res.headers.get('server-timing') ?? '')?.[1]
    }
    expect(await timing()).toBe('miss')
    let state: string | undefined
    // The entry is written after the response (waitUntil), so the hit may take a moment to appear.
    for (let i = 0; i < 20 && state !== 'hit'; i++) {
      state = await timing()
      if (state !== 'hit') await new Promise((r) => setTimeout(r, 50))
    }
    expect(state).toBe('hit')
  })
})
