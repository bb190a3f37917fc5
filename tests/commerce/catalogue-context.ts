import { env } from 'cloudflare:workers'
import type { Env } from '#worker/env.ts'
import type { CommerceContext } from '#worker/commerce/context.ts'
import { ServerTiming } from '#worker/middleware/request-id.ts'
import { SessionState } from '#worker/middleware/session.ts'

/**
 * A commerce context as a request would build it, with the background work (`waitUntil`) collected so a test can
 * wait for it, and the Server-Timing entries readable.
 */
export function testContext(overrides: Partial<CommerceContext> & { commerceUrl?: string } = {}) {
  const pending: Promise<unknown>[] = []
  const timing = new ServerTiming()
  const { commerceUrl, ...rest } = overrides
  const ctx: CommerceContext = {
    env: { ...(env as unknown as Env), COMMERCE_URL: commerceUrl ?? '' },
    waitUntil: (promise) => {
      pending.push(promise)
    },
    locale: 'en',
    currency: 'AUD',
    country: 'AU',
    session: new SessionState(null, null),
    timing,
    ...rest,
  }
  return {
    ctx,
    /** The cache states recorded so far, e.g. ['menu:miss', 'menu:hit']. */
    cacheStates: () => [...timing.header().matchAll(/cache-(\w+);desc="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`),
    /** Waits for everything handed to waitUntil, including work started while waiting. */
    settle: async () => {
      while (pending.length) await Promise.allSettled(pending.splice(0))
    },
  }
}
