/**
 * The service worker, registered at the root scope (spec §1). It precaches the offline page and the files it loads,
 * serves hashed assets and product images cache-first, and pages network-first with the offline page as fallback.
 * It imports nothing, so it builds into one classic script at /sw.js.
 */
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request
  respondWith(response: Promise<Response> | Response): void
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  location: Location
}
const worker = self as unknown as WorkerScope

/** The offline page in each language: a page under /de falls back to the German one. */
const OFFLINE_PAGES = ['/offline', '/de/offline'] as const
const offlinePageFor = (url: URL) => (url.pathname === '/de' || url.pathname.startsWith('/de/') ? OFFLINE_PAGES[1] : OFFLINE_PAGES[0])
/** This build's id, written in by the build (scripts/service-worker-stamp.ts): a new build is a new worker. */
const BUILD = '__STOREFRONT_BUILD__'
// Both caches are the build's: a page cached by an earlier build names scripts that this one no longer has.
const STATIC_CACHE = `storefront-static-${BUILD}`
const PAGE_CACHE = `storefront-pages-${BUILD}`

/** A built file named in a page's markup: its scripts, stylesheets and the body font (each name carries its hash). */
const ASSET_PATH = /\/assets\/[\w.-]+\.(?:js|css|woff2)\b/g

// The install caches the offline page (in both languages) and the files it loads, and nothing more: on a phone a
// first visit should not download the whole store's scripts (79 files, 900 KB before compression) for screens the
// shopper may never open. Every other built file and image is cached when a page first uses it (`cacheFirst` below).
worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE)
      // Without cookies: a page request can rewrite the `locale` cookie to that page's language, and this background
      // fetch must not change the language a shopper chose.
      const pages = await Promise.all(
        OFFLINE_PAGES.map(async (path) => {
          const page = await fetch(new Request(path, { credentials: 'omit' }))
          if (!page.ok) throw new Error(`The offline page ${path} answered ${page.status}`)
          return { path, page, files: (await page.clone().text()).match(ASSET_PATH) ?? [] }
        }),
      )
      await cache.addAll([...new Set(pages.flatMap(({ files }) => files))])
      for (const { path, page } of pages) await cache.put(path, page)
      await worker.skipWaiting()
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([STATIC_CACHE, PAGE_CACHE])
      for (const key of await caches.keys()) if (!keep.has(key)) await caches.delete(key)
      await worker.clients.claim()
    })(),
  )
})

async function cacheFirst(request: Request) {
  const cached = await caches.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) (await caches.open(STATIC_CACHE)).put(request, response.clone())
  return response
}

async function networkFirst(request: Request) {
  try {
    const response = await fetch(request)
    if (response.ok) (await caches.open(PAGE_CACHE)).put(request, response.clone())
    return response
  } catch {
    const offline = offlinePageFor(new URL(request.url))
    return (await caches.match(request)) ?? (await caches.match(offline)) ?? new Response('Offline', { status: 503 })
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/images/')) {
    event.respondWith(cacheFirst(request))
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request))
  }
})
