// Sequential latency (TTFB) over plain HTTP/1.1 on loopback (node:http, keep-alive, no compression, no redirects).
import http from 'node:http'

const HEADERS = { 'accept-encoding': 'identity', accept: 'text/html,application/xhtml+xml', 'user-agent': 'storefront-bench' }

/**
 * One GET. ttfb: until the first byte of the response (status line and headers) arrived; total: until the body ended.
 * Times in milliseconds.
 */
export function timedGet(url, agent) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6
    const request = http.get(url, { agent, headers: HEADERS }, (response) => {
      const ttfb = ms()
      let bytes = 0
      response.on('data', (chunk) => (bytes += chunk.length))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ttfb, total: ms(), bytes }))
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${url}`)))
    request.on('error', reject)
  })
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

const countStatuses = (statuses) =>
  Object.entries(statuses.reduce((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ')

/** `count` sequential requests after `warmup` unmeasured ones, on one keep-alive connection. */
export async function sequential(url, { count = 200, warmup = 20 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    for (let i = 0; i < warmup; i++) await timedGet(url, agent)
    const samples = []
    for (let i = 0; i < count; i++) samples.push(await timedGet(url, agent))
    const ttfb = samples.map((s) => s.ttfb).sort((a, b) => a - b)
    const total = samples.map((s) => s.total).sort((a, b) => a - b)
    return {
      count,
      statuses: countStatuses(samples.map((s) => s.status)),
      bytes: samples[0]?.bytes ?? 0,
      ttfbP50: percentile(ttfb, 50),
      ttfbP99: percentile(ttfb, 99),
      totalP50: percentile(total, 50),
      totalP99: percentile(total, 99),
    }
  } finally {
    agent.destroy()
  }
}
