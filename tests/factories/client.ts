import { env } from 'cloudflare:workers'
import type { Window } from '#worker/backend/services/rate-limit.ts'

/**
 * A simulated shopper's network address: what Cloudflare's edge sends as CF-Connecting-IP. Every simulated client gets
 * its own, as real shoppers have, so the per-address rate limits stay on in tests and count each client separately.
 * Start at a random point: test files run side by side and a rate-limit binding's counters are not isolated per file.
 */
let next = crypto.getRandomValues(new Uint32Array(1))[0]! & 0xffffff

export function clientAddress(): string {
  const n = next++ & 0xffffff
  return `10.${n >>> 16}.${(n >>> 8) & 255}.${n & 255}`
}

/** The headers that make a request come from the client at `ip` (as the edge would set them). */
export const fromClient = (ip: string): Record<string, string> => ({ 'cf-connecting-ip': ip })

/**
 * Waits for a fresh window when the current one is about to end. The rate-limit bindings count in fixed 60 s windows
 * aligned to the clock (Cloudflare's per location, and miniflare's), so a burst test started at second 55 would see
 * its count reset halfway.
 */
export async function inOneBurstWindow(): Promise<void> {
  const intoWindow = (Date.now() / 1000) % 60
  if (intoWindow > 45) await new Promise((done) => setTimeout(done, (60 - intoWindow) * 1000 + 200))
}

/**
 * A client that has already used up a long (D1) window of `key` (e.g. `code:ip:10.0.0.1`), as one who kept at it for
 * the last hour would have; the window ends in `secondsLeft`.
 */
export async function exhaustLimit(key: string, window: Window, secondsLeft = window.seconds - 60): Promise<void> {
  await env.DB.prepare('INSERT OR REPLACE INTO rate_limits (key, count, expires_at) VALUES (?, ?, ?)')
    .bind(`${key}:${window.seconds}`, window.limit, Math.floor(Date.now() / 1000) + secondsLeft)
    .run()
}
