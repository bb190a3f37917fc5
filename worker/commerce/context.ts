import type { Env } from '#worker/env.ts'
import type { SessionState } from '#worker/middleware/session.ts'
import type { ServerTiming } from '#worker/middleware/request-id.ts'
import type { Currency, Locale } from '#kernel/models.ts'

/** Everything a commerce call needs to know about the request it serves. Built once per request. */
export interface CommerceContext {
  env: Env
  waitUntil(promise: Promise<unknown>): void
  locale: Locale
  currency: Currency
  country: string
  session: SessionState
  timing: ServerTiming
  /** The shopper's address (CF-Connecting-IP), forwarded to the commerce API so its rate limits count per shopper. */
  clientIp?: string
  /** This request's id, sent on as X-Request-Id so the backend's log lines (ours or Spree's) name it too. */
  requestId?: string
}
