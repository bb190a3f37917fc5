import type { Context } from 'hono'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { nowSeconds } from '../../lib/crypto.ts'

/**
 * Guessing is limited per client, not per cart or per request (docs/security.md, 'Rate limits'). Each attempt counts
 * against several counters at once: short bursts in a Workers rate-limit binding (wrangler.toml `[[ratelimits]]`,
 * 60 s windows, per Cloudflare location) and longer windows in D1 (`rate_limits`, migration 0030), which is global.
 */
type Binding = 'TOKEN_RATE_LIMITER' | 'LOGIN_ADDRESS_RATE_LIMITER' | 'SIGNUP_RATE_LIMITER' | 'PASSWORD_RESET_RATE_LIMITER' | 'COUPON_RATE_LIMITER' | 'CART_RATE_LIMITER'

/** Every binding in wrangler.toml has a 60 s period: what a burst-limited client is told to wait. */
export const BURST_PERIOD = 60

export interface Window {
  limit: number
  seconds: number
}

/** The long windows (D1). Bursts are in wrangler.toml. */
export const WINDOWS = {
  /** password grants (and current-password checks) from one address, across accounts: spraying */
  loginPerAddress: { limit: 100, seconds: 3600 },
  registrationPerAddress: { limit: 20, seconds: 3600 },
  passwordResetPerAddress: { limit: 20, seconds: 3600 },
  /** coupon and gift card codes from one address, whatever the cart */
  codesPerAddress: { limit: 50, seconds: 3600 },
  cartsPerAddress: { limit: 300, seconds: 3600 },
  /** card payment attempts (card testing): from one address, on one cart, with one card (Stripe's fingerprint) */
  paymentsPerAddress: { limit: 30, seconds: 3600 },
  paymentsPerCart: { limit: 10, seconds: 3600 },
  paymentsPerCard: { limit: 10, seconds: 3600 },
  /** contact form messages from one address (a person writes a few; more is spam) */
  contactPerAddress: { limit: 5, seconds: 3600 },
  /** newsletter sign-ups from one address: each may mail a stranger's inbox a confirmation link */
  newsletterPerAddress: { limit: 10, seconds: 3600 },
} as const satisfies Record<string, Window>

interface Counter {
  key: string
  burst?: Binding
  window?: Window
}

/** What one attempt counts against. `account` is the email tried; `cart` the cart's token. */
function countersOf(action: RateLimitedAction, ip: string, subject: Subject): Counter[] {
  const account = subject.account?.trim().toLowerCase() ?? ''
  switch (action) {
    case 'login':
      return [
        { key: `login:ip:${ip}`, burst: 'LOGIN_ADDRESS_RATE_LIMITER', window: WINDOWS.loginPerAddress },
        { key: `login:ip:${ip}:account:${account}`, burst: 'TOKEN_RATE_LIMITER' },
        // guesses at one account from many addresses: login-throttle.ts (failures only, never the owner's known address)
      ]
    case 'registration':
      return [{ key: `registration:ip:${ip}`, burst: 'SIGNUP_RATE_LIMITER', window: WINDOWS.registrationPerAddress }]
    case 'forgotPassword':
      return [{ key: `forgot:ip:${ip}`, burst: 'PASSWORD_RESET_RATE_LIMITER', window: WINDOWS.passwordResetPerAddress }]
    case 'resetPassword':
      return [{ key: `reset:ip:${ip}`, burst: 'PASSWORD_RESET_RATE_LIMITER', window: WINDOWS.passwordResetPerAddress }]
    case 'code':
      return [
        { key: `code:ip:${ip}`, burst: 'COUPON_RATE_LIMITER', window: WINDOWS.codesPerAddress },
        ...(subject.cart ? [{ key: `code:cart:${subject.cart}`, burst: 'COUPON_RATE_LIMITER' as const }] : []),
      ]
    case 'cart':
      return [{ key: `cart:ip:${ip}`, burst: 'CART_RATE_LIMITER', window: WINDOWS.cartsPerAddress }]
    case 'contact':
      return [{ key: `contact:ip:${ip}`, window: WINDOWS.contactPerAddress }]
    case 'newsletter':
      return [{ key: `newsletter:ip:${ip}`, window: WINDOWS.newsletterPerAddress }]
    case 'payment':
      return [
        { key: `payment:ip:${ip}`, window: WINDOWS.paymentsPerAddress },
        ...(subject.cart ? [{ key: `payment:cart:${subject.cart}`, window: WINDOWS.paymentsPerCart }] : []),
        ...(subject.card ? [{ key: `payment:card:${subject.card}`, window: WINDOWS.paymentsPerCard }] : []),
      ]
  }
}

export type RateLimitedAction = 'login' | 'registration' | 'forgotPassword' | 'resetPassword' | 'code' | 'cart' | 'payment' | 'contact' | 'newsletter'

/** `account` is the email tried, `cart` the cart's token, `card` the card's fingerprint at the provider. */
type Subject = { account?: string; cart?: string; card?: string }

const rowKey = (key: string, window: Window) => `${key}:${window.seconds}`

/**
 * The client's address: CF-Connecting-IP, which Cloudflare's edge sets (a client cannot choose it); the in-process
 * commerce client passes the shopper's on. Never X-Forwarded-For or any other header a shopper can set.
 */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip')?.trim().slice(0, 64) || 'unknown'
}

/** '45 seconds', '1 minute', '12 minutes' */
function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export const tooMany = (seconds: number) => new BackendError(429, `Too many attempts. Please try again in ${wait(seconds)}.`, undefined, seconds, 'too_many_attempts', { seconds })

/**
 * Counts one attempt of `action` by this client against every counter it touches, and throws when
 * one is over its limit (429 saying when to try again, with `Retry-After`). Call it before the expensive or guessable part (PBKDF2, looking a code up), after the body
 * was found well-formed (a malformed request is refused without counting).
 */
export async function rateLimit(c: Context<{ Bindings: Env }>, action: RateLimitedAction, subject: Subject = {}): Promise<void> {
  const counters = countersOf(action, clientIp(c), subject)
  const bursts = await Promise.all(
    counters.map(async ({ key, burst }) => {
      const limiter = burst ? c.env[burst] : undefined
      return limiter ? (await limiter.limit({ key })).success : true
    }),
  )
  if (bursts.includes(false)) throw tooMany(BURST_PERIOD)

  const windowed = counters.filter((counter): counter is Counter & { window: Window } => counter.window !== undefined)
  if (windowed.length === 0) return
  const now = nowSeconds()
  const db = c.env.DB
  const results = await db.batch<{ count: number; expires_at: number }>([
    ...windowed.map(({ key, window }) =>
      db
        .prepare(
          `INSERT INTO rate_limits (key, count, expires_at) VALUES (?1, 1, ?2 + ?3)
           ON CONFLICT (key) DO UPDATE SET count = CASE WHEN expires_at > ?2 THEN count + 1 ELSE 1 END,
             expires_at = CASE WHEN expires_at > ?2 THEN expires_at ELSE ?2 + ?3 END
           RETURNING count, expires_at`,
        )
        .bind(rowKey(key, window), now, window.seconds),
    ),
    // windows that ended are forgotten (the index makes this cheap when there is nothing to do)
    db.prepare('DELETE FROM rate_limits WHERE expires_at < ?').bind(now - 60),
  ])
  let retryAfter = 0
  windowed.forEach(({ window }, i) => {
    const row = results[i]?.results[0]
    if (row && row.count > window.limit) retryAfter = Math.max(retryAfter, row.expires_at - now, 1)
  })
  if (retryAfter > 0) throw tooMany(retryAfter)
}
