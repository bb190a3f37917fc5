// Issue 11 point 1: with the backend down, browse pages keep being served from the last good answer: the page cache
// where it still holds them, else the copy kept in KV. A search that was never seen fails soft with a clear message.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, expect, it, vi } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { pageCacheVersion } from '#worker/edge-cache/content-version.ts'
import { lastGoodKey, pageCacheKey } from '#worker/edge-cache/page-key.ts'
import { ORIGIN } from './helpers.ts'

const testEnv = { ...(env as unknown as Env), PAGE_CACHE_FRESH_SECONDS: '0.2', PAGE_CACHE_STALE_SECONDS: '0.2' }
const variant = { locale: 'en', currency: 'AUD', country: 'AU' }
const pageCache = () => (caches as unknown as { default: Cache }).default

async function page(path: string) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(ORIGIN + path, { headers: { accept: 'text/html' } }), testEnv, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body, edge: /edge;desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] }
}

let product = ''

beforeAll(async () => {
  await seedCatalogue(4)
  product = (await env.DB.prepare("SELECT slug FROM products WHERE kind = 'standard' ORDER BY id LIMIT 1").first<{ slug: string }>())!.slug
})

it('a category and a product page are served from the page cache, then from KV, when the backend fails', async () => {
  // the search's address is longer than a KV key may be (512 bytes): before, its copy could not be kept
  const paths = ['/t/men', `/products/${product}`, `/Category?term=${'jacket'.repeat(90)}`]
  for (const path of paths) {
    const good = await page(path)
    expect(good.response.status).toBe(200)
    // the last good HTML is kept in KV for a week, past the 24 hours a backend outage must be covered
    const kept = await env.CACHE.getWithMetadata(await lastGoodKey(new URL(ORIGIN + path), variant), 'text')
    expect(kept.value).toContain('data-testid="site-header"')
  }

  // the backend breaks: its catalogue tables are gone
  await env.DB.batch(['classifications', 'taxons', 'prices', 'variants'].map((table) => env.DB.prepare(`DROP TABLE IF EXISTS ${table}`)))
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  await new Promise((resolve) => setTimeout(resolve, 500))

  for (const path of paths) {
    // older than fresh + stale: rendered again, which fails, so the cached copy is served
    const fromCache = await page(path)
    expect(fromCache.response.status, path).toBe(200)
    expect(fromCache.edge).toBe('stale')
    expect(fromCache.body).toContain('data-testid="site-header"')
    expect(fromCache.body).not.toContain('The store is not available right now')

    // this data centre's cache lost it: the KV copy is served
    const key = pageCacheKey(new URL(ORIGIN + path), variant, await pageCacheVersion(testEnv))
    expect(await pageCache().delete(key)).toBe(true)
    const fromKv = await page(path)
    expect(fromKv.response.status, path).toBe(200)
    expect(fromKv.edge).toBe('stale')
    expect(fromKv.response.headers.get('cache-control')).toBe('no-store')
    // with this answer's own nonce, like every other
    const nonce = /'nonce-([^']+)'/.exec(fromKv.response.headers.get('content-security-policy') ?? '')?.[1]
    expect(new Set([...fromKv.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]))
  }

  // a search nobody made before has no copy: it says plainly that the store is not available
  const search = await page('/Category?term=never-searched-before')
  expect(search.response.status).toBe(503)
  expect(search.body).toContain('The store is not available right now')
  logged.mockRestore()
})
