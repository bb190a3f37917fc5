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
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]> }
  location: Location
}
const worker = self as unknown as WorkerScope

/** The offline page of each language. */
const OFFLINE_PAGES = { en: '/offline', de: '/de/offline' } as const
/** A page's offline page: German under /de, in any case, as kernel/config.ts `splitLocalePath` reads it (no import here). */
const offlinePageFor = (url: URL) => OFFLINE_PAGES[['/de', '/de/'].includes(url.pathname.slice(0, 4).toLowerCase()) ? 'de' : 'en']
/** This build's id, written in by the build (scripts/service-worker-stamp.ts): a new build is a new worker. */
const BUILD = '__STOREFRONT_BUILD__'
// Both caches are the build's: a page cached by an earlier build names scripts that this one no longer has.
const STATIC_CACHE = `storefront-static-${BUILD}`
const PAGE_CACHE = `storefront-pages-${BUILD}`

/** A built file named in a page's markup: its scripts, stylesheets and the body font (each name carries its hash). */
const ASSET_PATH = /\/assets\/[\w.-]+\.(?:js|css|woff2)\b/g

/**
 * Caches an offline page and the files it names, unless this build's cache has it (once: a later call shares the
 * first). Fetched without cookies: a page request can rewrite the `locale` cookie to that page's language, and this
 * background fetch must not change the language a shopper chose.
 */
const caching = new Map<string, Promise<void>>()
function cacheOfflinePage(path: string): Promise<void> {
  const started = caching.get(path)
  if (started) return started
  const done = (async () => {
    const cache = await caches.open(STATIC_CACHE)
    if (await cache.match(path)) return
    const page = await fetch(new Request(path, { credentials: 'omit' }))
    if (!page.ok) throw new Error(`The offline page ${path} answered ${page.status}`)
    const files = [...new Set((await page.clone().text()).match(ASSET_PATH))]
    const missing = (await Promise.all(files.map(async (file) => ((await cache.match(file)) ? null : file)))).filter((file) => file !== null)
    await cache.addAll(missing)
    await cache.put(path, page)
  })()
  caching.set(path, done)
  done.catch(() => caching.delete(path))
  return done
}

// The install caches the offline page in the language of the page that registered the worker, and the files it loads,
// and nothing more: on a phone a first visit should not download the whole store's scripts (79 files, 900 KB before
// compression) for screens the shopper may never open, nor a second language's page. Every other built file and image
// is cached when a page first uses it (`cacheFirst` below), the other language's offline page on the first page opened
// in that language (`networkFirst`).
worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const pages = new Set(windows.map((client) => offlinePageFor(new URL(client.url))))
      await Promise.all([...(pages.size > 0 ? pages : [OFFLINE_PAGES.en])].map(cacheOfflinePage))
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

async function networkFirst(event: SwFetchEvent) {
  const { request } = event
  const offline = offlinePageFor(new URL(request.url))
  try {
    const response = await fetch(request)
    if (response.ok) {
      ;(await caches.open(PAGE_CACHE)).put(request, response.clone())
      // the first page opened in the other language caches its offline page, in the background
      event.waitUntil(cacheOfflinePage(offline).catch(() => {}))
    }
    return response
  } catch {
    // the cached page, else the offline page of its language, else the other one
    for (const fallback of [request, ...new Set([offline, OFFLINE_PAGES.en, OFFLINE_PAGES.de])]) {
      const cached = await caches.match(fallback)
      if (cached) return cached
    }
    return new Response('Offline', { status: 503 })
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/images/')) {
    event.respondWith(cacheFirst(request))
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event))
  }
})
