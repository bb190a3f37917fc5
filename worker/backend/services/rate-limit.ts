import type { Context } from 'hono'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'

/** Which Workers rate-limiting binding guards which action (wrangler.toml `[[ratelimits]]`). */
const LIMITERS = {
  token: 'TOKEN_RATE_LIMITER',
  registration: 'SIGNUP_RATE_LIMITER',
  forgotPassword: 'PASSWORD_RESET_RATE_LIMITER',
  coupon: 'COUPON_RATE_LIMITER',
} as const satisfies Record<string, keyof Env>

export type RateLimitedAction = keyof typeof LIMITERS

/** The client's address: Cloudflare sets CF-Connecting-IP; the in-process commerce client forwards the shopper's. */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown'
}

/**
 * Counts one attempt of `action` for this client (and `subject`, e.g. the email tried) and answers 429 with the
 * contract's error shape once the binding's limit is reached.
 */
export async function rateLimit(c: Context<{ Bindings: Env }>, action: RateLimitedAction, subject = ''): Promise<void> {
  const limiter = c.env[LIMITERS[action]] as RateLimit | undefined
  if (!limiter) return
  const { success } = await limiter.limit({ key: `${action}:${clientIp(c)}:${subject.toLowerCase()}` })
  if (!success) throw new BackendError(429, 'Too many attempts. Please wait a minute and try again.')
}
