/// <reference types="node" />
// The one place the browser tests launch Chromium and watch the console: every page opened through `openPage`
// records console errors and warnings (hydration mismatches, CSP violations, React warnings) and uncaught page
// errors, and `expectNoProblems` fails the test if there were any.
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core'
import { expect, inject, onTestFailed } from 'vitest'
import { chromiumPath } from './chromium-path.ts'

export const baseUrl = () => inject('baseUrl')

let addresses = 0
/**
 * A client address of its own for a sign-up the test makes through the API. The store limits sign-ups per address
 * (5 a minute, 20 an hour: worker/backend/services/rate-limit.ts), and every request of the suite comes from
 * 127.0.0.1, so the suite's sign-ups would use up one shopper's allowance. `wrangler dev` passes the client's
 * CF-Connecting-IP on (Cloudflare's edge sets it itself in production), so each sign-up counts as another shopper's.
 */
export const ownAddress = () => {
  addresses += 1
  return { 'cf-connecting-ip': `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}` }
}

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 390, height: 844 }

/** An expiry date the test card gateway accepts: December, two years ahead. */
export const CARD_EXPIRY = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

export interface Problem {
  kind: 'console.error' | 'console.warning' | 'pageerror'
  text: string
  /** The URL the message is about (the script or resource), when Chromium gives one. */
  url: string
}

const describeProblem = (p: Problem) => `${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`

/** Decides whether a console message is expected in this test (e.g. the failed load of a 404 page's own document). */
export type Allow = (problem: Problem) => boolean

export interface Visit {
  page: Page
  context: BrowserContext
  problems: Problem[]
  /** Navigates to a path of the store and returns the navigation response (after redirects). */
  goto(path: string): Promise<Response>
  /** Fails the test if any console error/warning or page error was seen (minus the allowed ones). */
  expectNoProblems(): void
  close(): Promise<void>
}

/**
 * Service workers are blocked unless a test asks for them (the offline test): a worker installing precaches the
 * offline page's files (every built file until 6 Dec), requests `trackRequests` does not wait for; a test closing or
 * navigating mid-install aborts them, and three fresh-clone runs on 24 Nov timed out in a page's `load` afterwards,
 * each in a different test (docs/performance.md).
 */
export async function openPage(browser: Browser, options: { viewport?: { width: number; height: number }; isMobile?: boolean; allow?: Allow; baseUrl?: string; serviceWorkers?: 'allow' | 'block' } = {}): Promise<Visit> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    baseURL: options.baseUrl ?? baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
  })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  page.setDefaultNavigationTimeout(30_000)
  const problems: Problem[] = []
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    // Playwright's own note where it blocked the store's registration (serviceWorkers: 'block' above), not the store's
    if (message.text() === 'Service Worker registration blocked by Playwright') return
    problems.push({ kind: type === 'error' ? 'console.error' : 'console.warning', text: message.text(), url: message.location().url })
  })
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }))
  const dropped = watchDevProxyDrops(context)
  const inFlight = settleBeforeNavigating(page, context)
  const report = reportOnFailure(page, problems, inFlight, context)

  return {
    page,
    context,
    problems,
    async goto(path) {
      report.attach()
      const response = await page.goto(path, { waitUntil: 'load' })
      if (!response) throw new Error(`No navigation response for ${path}`)
      await waitForClientStart(page)
      return response
    },
    expectNoProblems() {
      const unexpected = dropped.excuse(problems).filter((problem) => !options.allow?.(problem))
      expect(unexpected.map(describeProblem), 'console errors/warnings or page errors').toEqual([])
    },
    async close() {
      // a test closes its page in `finally`, before vitest reports the failure: keep what was on screen
      await report.capture()
      await serviceWorkerInstalled(page, 15_000)
      await inFlight.settled(10_000)
      await context.close()
    },
  }
}

/** What `wrangler dev`'s proxy answers a POST it could not pass on (wrangler-dist/ProxyWorker.js), word for word. */
const DEV_PROXY_DROP = 'Your worker restarted mid-request.'

/**
 * `wrangler dev` puts a proxy worker in front of the store. When its connection to the store fails, it retries a GET
 * or HEAD and answers any other request itself: a 503 with Retry-After: 0 and the sentence above, which blames a
 * restart whatever the cause (it compares a URL with a path to one without). The store never saw the request (on CI,
 * 6 Dec: a member's add to cart, no D1 query behind it; the test's own retry added the item 5 s later). Chromium logs
 * that 503 as a failed load; this tells such a line apart from a 503 the store gave (its 503s are JSON, or plain text
 * with Retry-After: 300), says on stderr that it happened, and lets each such answer excuse one such line.
 */
function watchDevProxyDrops(context: BrowserContext) {
  const urls: string[] = []
  context.on('response', (response) => {
    const headers = response.headers()
    if (response.status() !== 503 || headers['retry-after'] !== '0' || !headers['content-type']?.startsWith('text/plain')) return
    // known from its headers at once (Chromium's console line may come before the body); the body is checked too
    urls.push(response.url())
    void response
      .text()
      .catch(() => '')
      .then((body) => {
        if (body.startsWith(DEV_PROXY_DROP)) {
          process.stderr.write(`[e2e] wrangler dev's proxy dropped ${response.request().method()} ${response.url()} (its 'worker restarted' 503; the store never saw it)\n`)
        } else {
          urls.splice(urls.indexOf(response.url()), 1)
        }
      })
  })
  return {
    /** The problems less one 'failed to load' line per dropped request. */
    excuse(problems: Problem[]) {
      const unexplained = [...urls]
      return problems.filter((problem) => {
        if (problem.kind !== 'console.error' || !problem.text.startsWith('Failed to load resource: the server responded with a status of 503')) return true
        const index = unexplained.indexOf(problem.url)
        if (index < 0) return true
        unexplained.splice(index, 1)
        return false
      })
    },
  }
}

/**
 * When the test fails, says what the shopper would have seen: the page's address, its heading and the start of its
 * text, the last navigations and failed or refused requests, and what was still loading. A failure on CI leaves only
 * its log behind (the remote-backend checkout of 24 Nov waited 30 s for a form without saying what was on screen).
 */
function reportOnFailure(page: Page, problems: Problem[], inFlight: ReturnType<typeof trackRequests>, context: BrowserContext) {
  const events: string[] = []
  const note = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    if (events.length > 20) events.shift()
  }
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated to ${frame.url()}`))
  context.on('response', (response) => response.status() >= 400 && note(`${response.status()} ${response.request().method()} ${response.url()}`))
  context.on('requestfailed', (request) => note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`))
  let last: { url: string; heading: string; text: string } | undefined
  const capture = async () => {
    if (page.isClosed()) return
    const read = page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body
      return { url: location.href, heading: document.querySelector('h1, h2')?.textContent?.trim() ?? '', text: (main?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 600) }
    })
    last = await withinTime(read, 5_000).catch((error: Error) => ({ url: page.url(), heading: '', text: `(could not read the page: ${error.message})` }))
  }
  // A page opened in a `beforeAll` has no test to report to yet: it joins each test that navigates it (the operator's
  // day on CI, 24 Nov, timed out with only the shopper's page reported, not the console page that was stuck).
  let attachedTo: string | undefined
  const attach = () => {
    const test = expect.getState().currentTestName
    if (!test || test === attachedTo) return
    try {
      onTestFailed(async () => {
        await capture()
        if (!last) return
        const lines = [
          `[e2e] the page when the test failed: ${last.url}`,
          `  heading: ${last.heading}`,
          `  text: ${last.text}`,
          ...problems.map((p) => `  ${describeProblem(p)}`),
          ...events.map((line) => `  ${line}`),
          ...inFlight.pendingUrls().map((url) => `  still loading: ${url}`),
        ]
        process.stderr.write(`${lines.join('\n')}\n`)
      })
      attachedTo = test
    } catch {
      // outside a running test (a beforeAll): nothing to report to
    }
  }
  attach()
  return { capture, attach }
}

/**
 * Every `page.goto` of this page first lets the requests in flight finish (bounded), as `close` does: a navigation
 * aborts them like closing does (the previous page's chunks and body font start after its load), and fresh-clone runs
 * on 24 Nov timed out in the NEXT page's `load` after such navigations (pages 'de: 13 screens'; operator-console's
 * first product page, after shopping-journeys' many direct `page.goto`s), the dev-server stall after aborts below.
 * Returns the tracker for `close`.
 */
export function settleBeforeNavigating(page: Page, context: BrowserContext) {
  const inFlight = trackRequests(context)
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    if (page.url() !== 'about:blank') {
      await serviceWorkerInstalled(page, 15_000)
      await inFlight.settled(10_000)
    }
    try {
      return await goto(url, options)
    } catch (error) {
      // The stall itself (fresh clone of 24 Nov, 03:00-05:00 UTC: mobile's first page, right after the pages test's
      // many contexts): the page's HTML came, one of the store's static files (a build file, an image, the font) did
      // not for 30 s, so `load` never fired. One more try, only then, and saying so; a page whose own answer, or an API
      // call, hangs fails as before, and so does one that stalls twice.
      const stuck = inFlight.pendingUrls()
      if (!(error instanceof Error) || error.name !== 'TimeoutError' || stuck.length === 0 || !stuck.every(isStaticFile)) throw error
      process.stderr.write(`[e2e] ${url}: no load event in time, waiting on ${stuck.join(', ')} (the wrangler dev stall); trying once more\n`)
      return goto(url, options)
    }
  }
  return inFlight
}

/** `promise`, or a rejection saying it took longer than `ms`. */
export function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer))
}

/** A file the assets binding or the image route serves (never a page or an API answer). */
const isStaticFile = (url: string) => /^\/(assets|images)\/|\.(css|js|woff2|svg|png|webp|ico)$/.test(new URL(url).pathname)

/**
 * The page a request belongs to, or null for a new tab's first navigation: Chromium issues it before the tab's frame
 * exists, and Playwright's `frame()` throws for it (an operator's preview tab; the throw, in an event listener, was an
 * uncaught error that failed a CI run on 6 Dec). Such a request is not waited for; the tab's later requests are.
 */
function ownerPage(request: Request): Page | null {
  try {
    return request.frame().page()
  } catch {
    return null
  }
}

/**
 * The store starts its client after the page's load event and largest paint (worker/ssr/render.tsx), so a test can
 * be done with a page while its chunks are still downloading. Closing the context then aborts them, and `wrangler dev`
 * (the server under the browser tests) answered the next page's stylesheet only after 30-43 s following such aborts
 * (docs/decisions/0020-client-starts-after-load-and-largest-paint.md). `close` therefore waits for the requests in flight to finish first (bounded: a test
 * that holds a route on purpose still closes).
 */
export function trackRequests(context: BrowserContext) {
  // each request with the page it belongs to
  const pending = new Map<Request, Page>()
  const done = (request: Request) => pending.delete(request)
  // Not a service worker's own fetches: Playwright reports their start but, for a navigation the worker answers from
  // the network (web/sw.ts networkFirst), not their end, so the offline test waited 10 s before each of its loads.
  // The page's own request for the same address is tracked, and `serviceWorkerInstalled` waits for an install.
  context.on('request', (request) => {
    const owner = request.serviceWorker() === null ? ownerPage(request) : null
    if (owner) pending.set(request, owner)
  })
  context.on('requestfinished', done)
  context.on('requestfailed', done)
  // A page closed with requests in flight (a preview tab the test is done with) reports neither their end nor their
  // failure: they stayed pending, and every later navigation waited the whole bound for them (a fresh-clone run of
  // 6 Dec: ten console screens at 11 s each, past the test's two minutes).
  const forgetOnClose = (page: Page) => page.once('close', () => pending.forEach((owner, request) => owner === page && pending.delete(request)))
  context.pages().forEach(forgetOnClose)
  context.on('page', forgetOnClose)
  const pendingUrls = () => [...pending.keys()].map((request) => request.url())
  return {
    pendingUrls,
    async settled(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs
      while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      if (pending.size > 0) process.stderr.write(`[e2e] still in flight after ${timeoutMs / 1000} s, going on: ${pendingUrls().join(', ')}\n`)
    },
  }
}

/**
 * The service worker precaches the offline page's files when it installs (web/sw.ts); `trackRequests` does not wait
 * for a worker's requests, so this does. Closing the context mid-install aborts them all at once (when the install
 * fetched every built file, the traffic after which `wrangler dev` stalled on the next page's stylesheet). Waits
 * (bounded) until an installing worker has activated; a page that registered none passes at once.
 */
export async function serviceWorkerInstalled(page: Page, timeoutMs: number) {
  if (page.isClosed()) return
  const wait = page.evaluate(async (timeout) => {
    const registration = await navigator.serviceWorker?.getRegistration()
    const worker = registration?.installing ?? registration?.waiting
    if (!worker) return
    await Promise.race([
      new Promise<void>((resolve) => worker.addEventListener('statechange', () => (worker.state === 'activated' || worker.state === 'redundant') && resolve())),
      new Promise<void>((resolve) => setTimeout(resolve, timeout)),
    ])
  }, timeoutMs)
  // Playwright's `evaluate` has no time limit of its own, and waits for a page whose next document has not come;
  // a page that navigated away, closed or is still waiting: nothing to wait for
  await withinTime(wait, timeoutMs + 5_000).catch(() => {})
}

/**
 * Waits until the page's inline bootstrap has added the client's files (it does so after `load` and the largest
 * paint, or at once on the shopper's first pointerdown/keydown). Pages without the bootstrap (a file, a bare error)
 * pass at once.
 */
export async function waitForClientStart(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as { __clientModules?: unknown; __clientStarted?: unknown }
    return w.__clientModules === undefined || w.__clientStarted === 1
  }, undefined, { timeout: 30_000 })
}

/** Allows only Chromium's own report that the page's document came back with an error status (a 404 page is one). */
export const allowDocumentStatus =
  (status: number): Allow =>
  (problem) =>
    problem.kind === 'console.error' && problem.text.startsWith(`Failed to load resource: the server responded with a status of ${status}`) && !/\/assets\/|\.js$|\.css$/.test(problem.url)

/**
 * Waits until React has hydrated the server HTML: hydration attaches React's fiber to the DOM nodes it adopts, so the
 * site header carrying one means the client took over this page (not just that the bundle was downloaded).
 */
export async function waitForHydration(page: Page, selector = '[data-testid=site-header], [data-testid=error-page], main') {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel)
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
  }, selector)
}

/**
 * Repeats a shopper's action until its effect shows (hydration finishes its commit a moment after the fibers attach).
 * The last failure is rethrown when time runs out.
 */
export async function untilItWorks(attempt: () => Promise<void>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await attempt()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((done) => setTimeout(done, 250))
    }
  }
}

/** Opens the header's search overlay by clicking the field, once the hydrated app listens (it opens on focus). */
export async function openSearch(page: Page) {
  const search = page.locator('#site-search')
  await untilItWorks(async () => {
    await search.blur()
    await search.click()
    await page.locator('[data-testid=search-overlay]').waitFor({ state: 'visible', timeout: 1_000 })
  })
  return search
}
