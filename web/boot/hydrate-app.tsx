import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterContextProvider, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { addOtherLanguage, clientRoutes } from '../routes.tsx'
import { rememberPageLanguage } from '../state/session/page-language.ts'
import { apiContext, requestInfoContext, type RequestInfo } from '../app-context.ts'
import { createBrowserApi } from '../api/browser-api.ts'
import { withAnalytics } from '../features/analytics/tracked-api.ts'
import { ApiContext } from '../api/use-api.ts'
import { createClientDeferredStore, DeferredContext } from '../components/deferred.tsx'
import { installChunkReloadGuard } from '../state/session/chunk-reload.ts'
import { loadDictionary } from '../i18n/index.tsx'
import { installPrefetcher } from '../state/session/prefetch.ts'
import { installLinkNavigation } from './link-navigation.ts'
import { keepGets } from '../api/browser/prefetched.ts'
import { splitLocalePath } from '#kernel/config.ts'
import type { Locale } from '#kernel/models.ts'
import { matchAddress, type MatchingRouter } from './route-match.ts'

declare global {
  interface Window {
    __staticRouterHydrationData?: { loaderData?: Record<string, unknown> }
    /** The ids of the routes the server matched, root first (worker/ssr/render.tsx) */
    __routeIds: string[]
  }
}

/**
 * The routes the server matched, found by the ids it lists in the page (worker/ssr/render.tsx) with a walk of the
 * route tree. Matching the address instead flattens and ranks the whole table (two languages, about 100 branches)
 * and compiles a pattern for every route of every branch: 10-19 ms of start-up at 1x CPU, in a long task on a phone.
 */
function matchedRoutes(routeList: RouteObject[], wanted: Set<string>): RouteObject[] {
  return routeList.flatMap((route) => [...(wanted.has(route.id ?? '') ? [route] : []), ...matchedRoutes(route.children ?? [], wanted)])
}

/** Lazy screens that matched on the server must be loaded before hydrating, or React Router would render nothing. */
async function resolveMatchedLazyRoutes(routeList: RouteObject[]) {
  await Promise.all(
    matchedRoutes(routeList, new Set(window.__routeIds)).map(async (route) => {
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
function prefetcherFor(router: MatchingRouter, context: () => RouterContextProvider, locale: Locale) {
  return (href: string, withData: boolean) => {
    const url = new URL(href, window.location.href)
    if (url.origin !== window.location.origin) return
    // the other language's screens are not in the route table until a navigation adds them (web/routes.tsx)
    if (splitLocalePath(url.pathname).locale !== locale) return
    const matches = matchAddress(router, url.pathname) ?? []
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
  const { locale, path } = splitLocalePath(window.location.pathname)
  if (document.querySelector('[data-testid=offline-page]') && path !== '/offline') return
  // the page's language only: the server preloaded its dictionary with the page
  const routes = clientRoutes(locale)
  routes[0]!.middleware = [rememberPageLanguage]
  await Promise.all([resolveMatchedLazyRoutes(routes), loadDictionary(locale)])
  const api = withAnalytics(createBrowserApi())
  const info = window.__staticRouterHydrationData?.loaderData?.root as RequestInfo
  const getContext = () => {
    const context = new RouterContextProvider()
    context.set(apiContext, api)
    context.set(requestInfoContext, info)
    return context
  }
  // React Router sets `idx` in the entry's history state when there is none (a first visit), a synchronous
  // replaceState; done here, it is not part of the router's task
  if (window.history.state?.idx == null) window.history.replaceState({ ...window.history.state, idx: 0 }, '')
  // the other language's screens are added before the first navigation into it is matched (see clientRoutes)
  const router = createBrowserRouter(routes, { future: { v8_middleware: true }, getContext, patchRoutesOnNavigation: addOtherLanguage(locale) })
  installPrefetcher(prefetcherFor(router, getContext, locale))
  installLinkNavigation((to, options) => router.navigate(to, options))
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

