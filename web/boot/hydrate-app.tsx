import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterContextProvider, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { routes } from '../routes.tsx'
import { apiContext, requestInfoContext, type RequestInfo } from '../app-context.ts'
import { createBrowserApi } from '../api/browser-api.ts'
import { withAnalytics } from '../features/analytics/tracked-api.ts'
import { ApiContext } from '../api/use-api.ts'
import { createClientDeferredStore, DeferredContext } from '../components/deferred.tsx'
import { installChunkReloadGuard } from '../features/session/chunk-reload.ts'
import { loadDictionary } from '../i18n/index.tsx'
import { installPrefetcher } from '../features/session/prefetch.ts'
import { keepGets } from '../api/browser/prefetched.ts'
import { splitLocalePath } from '../config.ts'

declare global {
  interface Window {
    __staticRouterHydrationData?: { loaderData?: Record<string, unknown> }
    /** The ids of the routes the server matched, root first (worker/ssr/render.tsx) */
    __routeIds: string[]
  }
}

/**
 * The route tree cut down to the routes the server matched (their ids are in the page, worker/ssr/render.tsx): each
 * keeps only its matched child, as a copy. React Router flattens and ranks the tree it is created with, compiling a
 * pattern for every route of every branch: for the whole table (two languages, about 100 branches) 10-20 ms of
 * start-up at 1x CPU, a long task on a phone, and as much again to match the address against it before. With this
 * tree neither happens; the rest of the table is patched in before the first navigation (`patchRestBeforeNavigating`).
 */
function matchedTree(routeList: RouteObject[], wanted: Set<string>): RouteObject[] {
  return routeList
    .filter((route) => wanted.has(route.id ?? ''))
    .map((route) => (route.children ? { ...route, children: matchedTree(route.children, wanted) } : { ...route }))
}

const everyRoute = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...everyRoute(route.children ?? [])])

/**
 * Patches the routes `matchedTree` left out into the router before its first navigation or fetcher load: per parent,
 * the children it is missing, each with its own subtree (each patch flattens the table again: two or three in all).
 * Not on demand through `patchRoutesOnNavigation`: React Router asks it only when nothing matches or a parameter
 * did, and in the cut-down tree a parent with a path matches its own address (`/`, `/de`, `/checkout`) with no
 * child, so a link to home would render an empty page. `navigate` and `fetch` are the router's only ways to a new
 * address (links, forms, fetchers, redirects of an action); back and forward reach only entries it created.
 */
function patchRestBeforeNavigating(router: ReturnType<typeof createBrowserRouter>, routeList: RouteObject[], wanted: Set<string>) {
  let done = false
  const walk = (parent: string | null, children: RouteObject[]) => {
    const missing = children.filter((child) => !wanted.has(child.id ?? ''))
    if (missing.length) router.patchRoutes(parent, missing)
    for (const child of children) if (child.children && wanted.has(child.id ?? '')) walk(child.id ?? null, child.children)
  }
  const patched = <Method extends (...args: never[]) => unknown>(method: Method) =>
    ((...args: Parameters<Method>) => {
      if (!done) walk(null, routeList)
      done = true
      return method(...args)
    }) as Method
  router.navigate = patched(router.navigate)
  router.fetch = patched(router.fetch)
}

/** Lazy screens that matched on the server must be loaded before hydrating, or React Router would render nothing. */
async function resolveLazyRoutes(tree: RouteObject[]) {
  await Promise.all(
    everyRoute(tree).map(async (route) => {
      if (typeof route.lazy !== 'function') return
      const resolved = await route.lazy()
      Object.assign(route, { ...resolved, lazy: undefined })
    }),
  )
}

/**
 * Prefetch of a likely next page: the screens' chunks (the same lazy imports a navigation makes) and, when asked, the
 * leaf screen's loader run once so its GETs are kept for the navigation that follows (web/api/browser/prefetched.ts).
 */
function prefetcherFor(routeList: RouteObject[], context: () => RouterContextProvider) {
  return (href: string, withData: boolean) => {
    const url = new URL(href, window.location.href)
    if (url.origin !== window.location.origin) return
    const matches = matchRoutes(routeList, url) ?? []
    void Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : route))).then((modules) => {
      const leaf = matches.at(-1)
      const loader = (modules.at(-1) as { loader?: unknown } | undefined)?.loader
      if (!withData || !leaf || typeof loader !== 'function') return
      keepGets(() => {
        void Promise.resolve(loader({ request: new Request(url), params: leaf.params, context: context() })).catch(() => {})
      })
    }, () => {})
  }
}

/** The app's second start-up step (web/entry.client.tsx): resolve the matched screens, then hydrate the document. */
export async function hydrate() {
  installChunkReloadGuard()
  // The service worker answers an uncached page with the offline page: its HTML belongs to /offline, not to the
  // address shown, so it stays static instead of hydrating as the wrong route.
  if (document.querySelector('[data-testid=offline-page]') && window.location.pathname !== '/offline') return
  // the page's language only: the server preloaded its dictionary with the page
  const wanted = new Set(window.__routeIds)
  const tree = matchedTree(routes, wanted)
  await Promise.all([resolveLazyRoutes(tree), loadDictionary(splitLocalePath(window.location.pathname).locale)])
  const api = withAnalytics(createBrowserApi())
  const info = window.__staticRouterHydrationData?.loaderData?.root as RequestInfo
  const getContext = () => {
    const context = new RouterContextProvider()
    context.set(apiContext, api)
    context.set(requestInfoContext, info)
    return context
  }
  const router = createBrowserRouter(tree, { future: { v8_middleware: true }, getContext })
  patchRestBeforeNavigating(router, routes, wanted)
  installPrefetcher(prefetcherFor(routes, getContext))
  // A first visit keeps the metric-matched fallback face for its first page and uses the body font from the first
  // navigation on, when the page is drawn anew anyway (worker/ssr/render.tsx, `startClient`; docs/design.md)
  const stopWatching = router.subscribe((state) => {
    if (state.navigation.state === 'idle') return
    stopWatching()
    ;(window as { __useBodyFont?: () => void }).__useBodyFont?.()
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ApiContext.Provider value={api}>
          <DeferredContext.Provider value={createClientDeferredStore()}>
            <RouterProvider router={router} />
          </DeferredContext.Provider>
        </ApiContext.Provider>
      </StrictMode>,
    )
  })
}

