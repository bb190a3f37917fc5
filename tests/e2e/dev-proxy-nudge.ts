/**
 * Keeps `wrangler dev`'s proxy from holding a page's requests while a browser test waits.
 *
 * `wrangler dev` (4.86) serves through a ProxyWorker in front of the store's own workerd. Their pooled connections
 * close after 5 s idle on both sides at once (kj's client `idleTimeout` and server `pipelineTimeout`), and a request
 * written into one at that moment fails (cloudflare/workers-sdk#14641). The proxy then answers a POST itself with a
 * 503 (the harness excuses that one, browser.ts `watchDevProxyDrops`) and puts a GET in a retry queue that it reads only
 * when its next request arrives: in a quiet test the page waited 30 s or more for its stylesheet, the "wrangler dev
 * stall" that the harness had to load the page again for. A small request every half second is that next request,
 * so a dropped GET is sent again within half a second.
 *
 * Not a product concern: a deployed store has no such proxy, and the store never sees the failed attempt.
 */
export function nudgeDevProxy(baseUrl: string, everyMs = 500): () => void {
  const timer = setInterval(() => {
    fetch(`${baseUrl}/favicon.svg`, { method: 'HEAD', signal: AbortSignal.timeout(10_000) })
      .then((response) => response.body?.cancel())
      .catch(() => {
        // the server stopping, or this very request dropped: the next one comes in half a second
      })
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
