// Lighthouse mobile runs (the `lighthouse` npm package, simulated throttling, Chromium at CHROME_PATH) against the
// store on loopback. Only the performance, accessibility and SEO categories run, from a local config, so nothing is
// fetched from the internet; Chromium starts with background networking off.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run']

/** Lighthouse's default mobile emulation (a mid-range phone on slow 4G, simulated), three categories only. */
const CONFIG = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance', 'accessibility', 'seo'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // No field data or remote look-ups, and the storage of one run never warms the next.
    disableStorageReset: false,
    skipAboutBlank: true,
  },
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The figures of one Lighthouse result (scores 0-100, times in ms, bytes as transferred). */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')
  const score = (id) => (lhr.categories[id]?.score ?? NaN) * 100
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    // What Chromium itself painted first in this run (not simulated): when it lags the load event by a second or
    // more, the run's speed index is charged for a stall of the browser, not of the page (docs/performance.md).
    observedFcp: lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
    observedLoad: lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? NaN,
    cls: audit('cumulative-layout-shift'),
    jsBytes: scripts?.transferSize ?? NaN,
    // Lantern charges every request to an origin that origin's estimated server response time (the median it
    // observed over the load's requests to it), so a busy local server moves the simulated LCP more than the page does.
    serverLatency: (lhr.audits['network-server-latency']?.details?.items ?? []).map((item) => item.serverResponseTime).find(Number.isFinite) ?? NaN,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    runtimeError: lhr.runtimeError?.message,
  }
}

/**
 * How much of the page's long main-thread tasks the renderer actually ran on a CPU: the thread time of every task
 * of 12.5 ms or more (50 ms once Lantern multiplies it by 4) over their wall time, from the run's own trace. Lantern
 * takes wall time, so a renderer that waits for a core (this machine has two, shared with Chromium's browser and GPU
 * processes, the store's workerd and Lighthouse itself) is charged blocking time for the wait: a run's TBT with a low
 * share says more about the machine in that minute than about the page (docs/performance.md, 'Session of 6 Dec
 * 2026, fourth'). NaN when the trace has no such task or no thread times.
 */
export function longTaskCpuShare(traceEvents = []) {
  // the renderer thread that navigated the measured page (the last main-frame navigation to an http(s) address): a
  // renderer of an earlier run can still be in the trace
  const navigation = traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? '')).at(-1)
  const main = navigation && `${navigation.pid}:${navigation.tid}`
  let wall = 0
  let cpu = 0
  for (const e of traceEvents) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || !(e.dur >= 12_500) || !Number.isFinite(e.tdur)) continue
    wall += e.dur
    cpu += e.tdur
  }
  return wall > 0 ? (100 * cpu) / wall : NaN
}

/**
 * `runs` Lighthouse runs of each URL in one Chromium; returns, per URL, the median of each figure and the runs.
 * `chromePath` defaults to CHROME_PATH, then /usr/bin/chromium.
 *
 * One run of the first URL is made first and not counted (`warmUp`): the first load of a freshly launched Chromium
 * pays for the browser's own start (its renderer, font and ICU data, V8 compiling its built-ins) and measured
 * 665-844 ms of TBT against 58-313 ms for the runs after it in the same browser (5 Dec 2026, home, idle machine). A
 * shopper's browser is already running, and the page's own caches are emptied before every run all the same
 * (Lighthouse's storage reset), so the warm-up hides nothing of the page's cost; it only kept home, the first URL,
 * paying for the browser's start in one of its three runs.
 *
 * `extraFlags` are added to Chromium's: bench/run.mjs passes `--hide-scrollbars` for its second, opt-in pass. A
 * desktop Chromium emulating a phone shows an overlay scrollbar after every load and fades it out, about twenty
 * composited frames (and as many Lighthouse screenshots) in the 300 ms after `load`, on a trivial static page as on
 * ours; on a two-core machine they take the CPU from the page's main thread while the client starts (docs/performance.md,
 * 'Session of 6 Dec 2026, fourth'). Phones do not flash their scrollbars on load; Puppeteer and Playwright hide them
 * by default. The first pass keeps Lighthouse's own flags, so its figures compare with every bench before.
 */
export async function lighthouseMedians(urls, { runs = 3, chromePath = process.env.CHROME_PATH || '/usr/bin/chromium', log = () => {}, warmUp = true, extraFlags = [] } = {}) {
  const session = await lighthouseSession({ chromePath, extraFlags })
  try {
    if (warmUp && urls.length > 0) {
      log(`Lighthouse warm-up (not counted): ${urls[0]}`)
      await session.run(urls[0])
    }
    const results = []
    for (const url of urls) {
      const samples = []
      for (let i = 0; i < runs; i++) {
        log(`Lighthouse ${i + 1}/${runs}: ${url}`)
        samples.push(await session.run(url))
      }
      results.push(summarise(url, samples))
    }
    return results
  } finally {
    await session.close()
  }
}

/** The median of each figure over a URL's runs, with the runs themselves. */
export function summarise(url, samples) {
  const med = Object.fromEntries(['performance', 'accessibility', 'seo', 'lcp', 'fcp', 'tbt', 'si', 'cls', 'jsBytes', 'serverLatency'].map((key) => [key, median(samples.map((s) => s[key]))]))
  return { url, ...med, lcpElement: samples.at(-1)?.lcpElement ?? '', errors: samples.map((s) => s.runtimeError).filter(Boolean), samples }
}

/**
 * One Chromium for Lighthouse runs one at a time: `run(url)` returns one run's figures (with its CPU share),
 * `close()` ends the browser. bench/lighthouse-ab.mjs alternates two stores in one session.
 */
export async function lighthouseSession({ chromePath = process.env.CHROME_PATH || '/usr/bin/chromium', extraFlags = [] } = {}) {
  const chrome = await launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...extraFlags], logLevel: 'silent' })
  return {
    async run(url) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, CONFIG)
      return { ...figures(result.lhr), cpuShare: longTaskCpuShare(result.artifacts?.Trace?.traceEvents) }
    },
    close: () => chrome.kill(),
  }
}
