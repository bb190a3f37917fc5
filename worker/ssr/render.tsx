import { renderToReadableStream } from './fizz.ts'
import { preinit, preload } from 'react-dom'
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider, UNSAFE_ErrorResponseImpl as ErrorResponse, type StaticHandlerContext } from 'react-router'
import { ApiError } from '#web/api/storefront-api.ts'
import type { ErrorKind } from '#web/routes/route-helpers.ts'
import { routes } from '#web/routes.tsx'
import { apiContext, requestInfoContext, type RequestInfo } from '#web/app-context.ts'
import { ApiContext } from '#web/api/use-api.ts'
import { DeferredContext, type DeferredStore } from '#web/components/deferred.tsx'
import { loadMenu, menuId, type MenuLocation } from '#web/components/chrome/use-menu.ts'
import type { StorefrontApi } from '#web/api/storefront-api.ts'
import { assetsFor, bodyFont, dictionaryModules } from './assets.ts'
import { splitLocalePath } from '#kernel/config.ts'
import { scriptJson } from '#kernel/script-json.ts'
import { RETRY_AFTER_SECONDS } from '#worker/lib/transient.ts'
import { matchAddress } from '#web/boot/route-match.ts'

const handler = createStaticHandler(routes, { future: { v8_middleware: true } })

/** React Router's errors as its browser router reads them back at hydration (the same format it uses itself). */
function serializeErrors(errors: StaticHandlerContext['errors']) {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      if (isRouteErrorResponse(error)) return [id, { ...error, __type: 'RouteErrorResponse' }]
      if (error instanceof Error) return [id, { message: 'Unexpected Server Error', __type: 'Error' }]
      return [id, error]
    }),
  )
}

/** A script body that survives being inlined in HTML: no `</script>`, no `<!--`. */
function inlineJson(value: unknown) {
  return scriptJson(JSON.stringify(value))
}

/**
 * What a loader's or action's error means to the shopper. A backend that failed or did not answer (ApiError 5xx)
 * is a 503 'not available right now'; a 4xx the backend gave keeps its status (a bad filter is not our failure);
 * anything else is a bug: it stays a 500 and is reported through `onError` with the request id.
 */
function explainErrors(context: StaticHandlerContext, onError: (error: unknown) => void) {
  if (!context.errors) return
  let status = 0
  for (const [id, error] of Object.entries(context.errors)) {
    if (error instanceof ApiError && error.status >= 500) {
      context.errors[id] = new ErrorResponse(503, 'Service Unavailable', { kind: 'unavailable' satisfies ErrorKind })
    } else if (error instanceof ApiError && error.status >= 400) {
      context.errors[id] = new ErrorResponse(error.status, '', { kind: error.status === 404 ? 'page' : undefined })
    } else if (!isRouteErrorResponse(error)) {
      onError(error)
    }
    const mapped = context.errors[id]
    status = Math.max(status, isRouteErrorResponse(mapped) ? mapped.status : 500)
  }
  if (status) context.statusCode = status
}

/**
 * The stylesheet from the head, nothing else. No script is listed there: the page paints from its HTML, and on a slow
 * link every file fetched before the largest paint shares the bandwidth with the stylesheet and the largest image
 * (Lighthouse's simulated LCP counts every request that finished before it). The client and the body font are added
 * after the largest paint instead (`startClient`).
 */
function Preloads({ styles }: { styles: string[] }) {
  styles.forEach((href) => preinit(href, { as: 'style', precedence: 'default' }))
  return null
}

/**
 * The inline bootstrap's second half: it fetches the body font as a FontFace kept out of the document (a first visit's
 * first page stays in the metric-matched fallback, web/styles/app.css: putting the face in use restyles and lays out
 * the whole page, a 170-260 ms task at 4x CPU inside Lighthouse's blocking-time window); the router's first navigation
 * puts it in use (`__useBodyFont`, web/boot/hydrate-app.tsx); a page the store's service worker controls preloads it
 * and puts it in use at once, while the document is parsed: that worker's install precached the font file, so it is on
 * this device (docs/design.md 'Type'). No storage is read or written for it: the first localStorage access of a page is
 * a synchronous round trip to the browser process, 2-29 ms at 1x CPU inside the document's parse task while the page
 * loads (measured on a category page), where `navigator.serviceWorker.controller` costs 0.4-2 ms. A FontFace rather
 * than the font's stylesheet, which is the fallback where FontFace is missing: inserting a stylesheet restyles the
 * whole page, about 1 s of simulated style and layout on home in Lighthouse, counted in its TBT. It adds the web app
 * manifest (only installing the app reads it, which needs the service worker the client registers; a browser may fetch
 * it at once), the client entry as a module script and its chunks as modulepreloads, each with this script's nonce
 * (`'strict-dynamic'` trusts them anyway), four per task (each append starts a fetch, about 1 ms at 1x CPU: all of them
 * at once made a long task on a phone), only once BOTH the window has loaded (the HTML, the stylesheet and the images
 * of the first screen) AND the browser has reported the page's largest paint, then one more animation frame.
 * Lighthouse's simulated LCP counts every request that finished before the observed largest paint, and Chromium's
 * observed paint can come a second after `load`: chunks fetched in between would share the slow link with the page's
 * own files. Where LCP is not reported (Safari, Firefox) the first contentful paint stands in, and where neither is, a
 * timeout. A shopper who acts (pointerdown, keydown, touchstart) starts it at once; until then the page works as it
 * does without JavaScript. The list is the page's first-visit JavaScript (bench/lib/sizes.mjs and the tests read it
 * from here); `__clientStarted` tells the tests it has begun.
 */
function startClient(files: string[], font: { stylesheet: string; file: string }) {
  const list = scriptJson(files)
  return `window.__clientModules=${list};(function(files,font){var d=document,w=window,nonce=d.currentScript&&d.currentScript.nonce,loaded=d.readyState==='complete',painted=0,acts=['pointerdown','keydown','touchstart'];function link(rel,href){var el=d.createElement('link');el.rel=rel;el.href=href;if(rel==='preload'){el.as='font';el.type='font/woff2';el.crossOrigin='anonymous'}d.head.appendChild(el)}function face(use){var f=w.__bodyFace;if(f===undefined){try{f=new FontFace('Figtree Variable','url('+font.file+')',{weight:'300 900',display:'swap'});f.load().then(null,function(){})}catch(e){f=null}w.__bodyFace=f}if(use&&!w.__bodyFont){w.__bodyFont=1;if(f)d.fonts.add(f);else link('stylesheet',font.stylesheet)}}w.__useBodyFont=function(){face(1)};try{var sw=navigator.serviceWorker;if(sw&&sw.controller){link('preload',font.file);face(1)}}catch(e){}function start(){if(w.__clientStarted)return;w.__clientStarted=1;acts.forEach(function(t){removeEventListener(t,start,true)});face(0);link('manifest','/manifest.webmanifest');add(0)}function add(from){files.slice(from,from+4).forEach(function(href,j){var el=d.createElement(from+j?'link':'script');if(from+j){el.rel='modulepreload';el.href=href}else{el.type='module';el.src=href}if(nonce)el.nonce=nonce;d.head.appendChild(el)});if(from+4<files.length)setTimeout(function(){add(from+4)})}function ready(){if(loaded&&painted)requestAnimationFrame(function(){setTimeout(start)})}function paint(){if(!painted){painted=1;ready()}}acts.forEach(function(t){addEventListener(t,start,{capture:true,passive:true})});if(!loaded)addEventListener('load',function(){loaded=1;ready()},{once:true});try{var types=PerformanceObserver.supportedEntryTypes||[],lcp=types.indexOf('largest-contentful-paint')>=0;new PerformanceObserver(function(list,observer){if(list.getEntries().some(function(e){return lcp||e.name==='first-contentful-paint'})){observer.disconnect();paint()}}).observe({type:lcp?'largest-contentful-paint':'paint',buffered:true})}catch(e){}setTimeout(paint,3000)})(window.__clientModules,${scriptJson(font)})`
}

/** `Link` preload headers for the stylesheet: Cloudflare sends them as 103 Early Hints before the page. */
function earlyHints({ styles }: { styles: string[] }) {
  return styles.map((href) => `<${href}>; rel=preload; as=style`).join(', ')
}

/**
 * The console's menus that the matched layout shows (its route handle's `menus`), resolved into the page's deferred
 * store before rendering, so the header navigation and the footer are in the HTML itself: without JavaScript the
 * shopper sees the console's menu, not the placeholder or the fixed links. They come from the KV cache (no D1 read
 * while warm) and run alongside the loaders; shared content, so the page stays one cached copy per locale/currency.
 */
function preloadMenus(request: Request, api: StorefrontApi, store: DeferredStore) {
  const url = new URL(request.url)
  const locale = splitLocalePath(url.pathname).locale
  // against the branches the handler ranked and compiled once (React Router's own, `_internalRouteBranches`):
  // `matchRoutes(routes, url)` flattened and compiled the whole route table again on every render
  const matches = matchAddress({ routes: handler.dataRoutes, branches: (handler as { _internalRouteBranches?: unknown })._internalRouteBranches }, url.pathname) ?? []
  const locations = new Set(matches.flatMap((match) => (match.route.handle as { menus?: MenuLocation[] } | undefined)?.menus ?? []))
  return Promise.all(
    [...locations].map(async (location) => {
      store.values.set(menuId(location, locale), await loadMenu(api, location))
    }),
  )
}

export interface RenderInput {
  request: Request
  api: StorefrontApi
  info: RequestInfo
  nonce: string
  onError: (error: unknown) => void
}

/**
 * Runs the matched loaders (redirects and guards answer before any HTML), then streams the document: the shell
 * first, slow parts (inside Suspense) as they resolve. Returns a Response the worker passes through.
 */
export async function renderPage({ request, api, info, nonce, onError }: RenderInput): Promise<Response> {
  const requestContext = new RouterContextProvider()
  requestContext.set(apiContext, api)
  requestContext.set(requestInfoContext, info)
  const deferred: DeferredStore = { nonce, values: new Map(), pending: new Map() }
  const [context] = await Promise.all([handler.query(request, { requestContext }), preloadMenus(request, api, deferred)])
  if (context instanceof Response) return context
  // A post to a page that has no form (React Router's 405) gets a line of text, not a whole page: no shopper's
  // form does this, and rendering the store for each such request would make them a cheap way to load the worker.
  if (context.statusCode === 405) {
    return new Response('This page does not accept form posts.', { status: 405, headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })
  }
  explainErrors(context, onError)

  const handles = context.matches.map((match) => (match.route.handle ?? {}) as { module?: string; texts?: 'browse' | 'all' })
  const modules = handles.map((handle) => handle.module).filter((m): m is string => Boolean(m))
  const texts = handles.some((handle) => handle.texts === 'all') ? 'all' : 'browse'
  const assets = assetsFor([...modules, ...dictionaryModules(splitLocalePath(new URL(request.url).pathname).locale, texts)])
  const router = createStaticRouter(handler.dataRoutes, context)
  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) }

  const tree = (
    <ApiContext.Provider value={api}>
      <DeferredContext.Provider value={deferred}>
        <Preloads styles={assets.styles} />
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </DeferredContext.Provider>
    </ApiContext.Provider>
  )
  const options = {
    nonce,
    // A Suspense boundary that is complete when the shell flushes (the preloaded menus) stays in place. React would
    // otherwise move a complete boundary past its 12,800-byte budget to the end of the page, hidden, behind a
    // placeholder only a script swaps out: without JavaScript the shopper would see the placeholder.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    // The matched routes' ids: the client loads their lazy screens by id before hydrating instead of matching the
    // address against the whole route table first (web/boot/hydrate-app.tsx, `matchedRoutes`).
    bootstrapScriptContent: `window.__staticRouterHydrationData=JSON.parse(${inlineJson(hydration)});window.__routeIds=${scriptJson(context.matches.map((match) => match.route.id))};${startClient([assets.entry, ...assets.scripts.filter((href) => href !== assets.entry)], bodyFont())}`,
  }
  let failed = false
  const stream = await renderToReadableStream(tree, {
    ...options,
    signal: request.signal,
    onError(error) {
      failed = true
      onError(error)
    },
  })
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' })
  // Catalogue and content pages are personalised only after hydration, so their HTML may be cached briefly by a
  // shared cache per locale and currency; account and checkout pages carry the shopper's own data and never are.
  // A form post's answer (an action's data: the add-to-cart answer holds the cart and its token) is personal too.
  const personal = request.method !== 'GET' || context.matches.some((match) => (match.route.handle as { personal?: boolean } | undefined)?.personal)
  headers.set('Cache-Control', context.statusCode === 200 && !personal ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' : 'private, no-store')
  headers.set('Vary', 'Cookie')
  const hints = earlyHints(assets)
  if (hints) headers.set('Link', hints)
  // a rate-limited form post (429) tells the browser when to try again; so does a 503 (a backend that failed or met a
  // passing D1 fault: the page says to try again)
  const retryAfter = Object.values(context.actionHeaders ?? {}).map((h) => h.get('Retry-After')).find(Boolean)
  if (retryAfter) headers.set('Retry-After', retryAfter)
  else if (context.statusCode === 503) headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
  const response = new Response(stream, { status: context.statusCode, headers })
  completeCopies.set(response, async () => {
    await stream.allReady
    if (failed) return null
    // Every deferred value is in `deferred` now, so this render suspends nowhere: each boundary is written in place
    const again = await renderToReadableStream(tree, { ...options, onError: () => void (failed = true) })
    await again.allReady
    const html = await new Response(again).text()
    return failed ? null : html
  })
  return response
}

const completeCopies = new WeakMap<Response, () => Promise<string | null>>()

/**
 * The page of `response` (from `renderPage`) once more, whole: rendered again from the same loader data and deferred
 * values after the streamed render has finished, so every Suspense boundary is in place, with no placeholder and no
 * script that swaps the streamed part in. The streamed page is what the shopper who waits for it gets (the shell
 * before the slow parts); the whole one is what the shared page cache stores (worker/edge-cache/page-cache.ts), where
 * the data is all there: the browser lays the page out once, instead of laying out the placeholders and then, after
 * the first paint, the revealed part again (about 300 ms of style and layout at 4x CPU on home; docs/performance.md,
 * 24 Nov). Null where a part of the page failed (its streamed copy shows the error) or `response` is not a page.
 */
export async function wholePage(response: Response): Promise<string | null> {
  const render = completeCopies.get(response)
  return render ? render() : null
}
