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

const OFFLINE_URL = '/offline'
/** This build's id, written in by the build (scripts/service-worker-stamp.ts): a new build is a new worker. */
const BUILD = '__STOREFRONT_BUILD__'
// Both caches are the build's: a page cached by an earlier build names scripts that this one no longer has.
const STATIC_CACHE = `storefront-static-${BUILD}`
const PAGE_CACHE = `storefront-pages-${BUILD}`

/** A built file named in a page's markup: its scripts, stylesheets and the body font (each name carries its hash). */
const ASSET_PATH = /\/assets\/[\w.-]+\.(?:js|css|woff2)\b/g

// The install caches the offline page and the files that page loads, and nothing more: on a phone a first visit
// should not download the whole store's scripts (79 files, 900 KB before compression) for screens the shopper may
// never open. Every other built file and image is cached when a page first uses it (`cacheFirst` below).
worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE)
      // Without cookies: the worker answers a page request by rewriting the `locale` cookie to that page's language,
      // and this background fetch of an English page must not undo a shopper's switch to German.
      const offline = await fetch(new Request(OFFLINE_URL, { credentials: 'omit' }))
      if (!offline.ok) throw new Error(`The offline page answered ${offline.status}`)
      const files = new Set((await offline.clone().text()).match(ASSET_PATH))
      await cache.addAll([...files])
      await cache.put(OFFLINE_URL, offline)
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
    return (await caches.match(request)) ?? (await caches.match(OFFLINE_URL)) ?? new Response('Offline', { status: 503 })
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
