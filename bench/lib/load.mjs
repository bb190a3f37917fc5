// Load generation with autocannon: requests/s and latency percentiles under concurrent keep-alive connections, and
// what the response's Server-Timing says (edge cache state, D1 round trips) for one request of the same kind.
import http from 'node:http'
import autocannon from 'autocannon'

const HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html,application/xhtml+xml', 'user-agent': 'storefront-bench' }
const headersFor = (encoding) => ({ ...HEADERS, 'accept-encoding': encoding })

/**
 * The query parameter that makes each request a distinct URL, so the page cache can never answer it (a forced miss).
 * The cache key leaves unknown parameters out (docs/caching.md), so the worker keys this one apart on a development
 * store only (`benchMissKey`, worker/edge-cache/page-key.ts), which is what the bench serves.
 */
export const MISS_PARAM = 'bench-miss'

/** `url` with a unique cache-busting parameter (`n` keeps it distinct between calls). */
export function bustedUrl(url, n) {
  const u = new URL(url)
  u.searchParams.set(MISS_PARAM, `${process.pid}-${n}`)
  return u.pathname + u.search
}

/**
 * Parses `Server-Timing` into { name: { dur, desc } }: `edge;desc=hit`, `d1;desc=3` or `d1;count=3`, `ssr;dur=12`.
 */
export function parseServerTiming(header) {
  const out = {}
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((s) => s.trim())
    if (!name) continue
    const fields = Object.fromEntries(params.map((p) => p.split('=')).map(([k, v = '']) => [k.trim(), v.trim().replace(/^"|"$/g, '')]))
    out[name] = fields
  }
  return out
}

/** One GET, retried twice: right after a load run the server may still be draining its queue. */
async function getOnce(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers: HEADERS, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
    } catch (error) {
      if (attempt >= 3) throw new Error(`GET ${url}: ${error instanceof Error ? (error.cause?.message ?? error.message) : error}`)
      await new Promise((done) => setTimeout(done, 2_000))
    }
  }
}

/** The edge cache state and the D1 round trips one GET reports (undefined when the server does not say). */
export async function probe(url) {
  const response = await getOnce(url)
  await response.arrayBuffer()
  const timing = parseServerTiming(response.headers.get('server-timing'))
  const d1Entry = Object.entries(timing).find(([name]) => /^d1(\b|-|_|$)/i.test(name))?.[1]
  const d1 = d1Entry ? Number(d1Entry.desc ?? d1Entry.count ?? NaN) : undefined
  return { status: response.status, edge: timing.edge?.desc, d1: Number.isFinite(d1) ? d1 : undefined, cacheControl: response.headers.get('cache-control') ?? '' }
}

/** The bytes one answer takes on the wire when `accept-encoding` is `encoding` (node:http does not decode). */
function wireBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: headersFor(encoding) }, (response) => {
      let bytes = 0
      response.on('data', (chunk) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    })
    request.setTimeout(60_000, () => request.destroy(new Error(`timeout: ${url}`)))
    request.on('error', reject)
  })
}

/** The size of one answer uncompressed (raw) and as sent for `encoding` (encoded). */
export const answerBytes = async (url, encoding = 'gzip') => ({ raw: await wireBytes(url, 'identity'), encoded: await wireBytes(url, encoding) })

/**
 * `connections` keep-alive clients for `seconds`. With `bust`, each request carries a fresh MISS_PARAM value;
 * `encoding` is the accept-encoding asked for (gzip, as a browser; identity shows what compression costs).
 * Returns requests/s (mean over the run), latency p50/p99 in ms, and status counts.
 */
export async function load(url, { connections = 10, seconds = 10, bust = false, encoding = 'gzip' } = {}) {
  const { origin, pathname, search } = new URL(url)
  let n = 0
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: headersFor(encoding),
    requests: [{ method: 'GET', path: pathname + search, setupRequest: (request) => (bust ? { ...request, path: bustedUrl(url, n++) } : request) }],
  })
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ')
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: statuses || '–',
    rps: result.requests.total / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  }
}
