import type { ErrorCode } from '#kernel/error-codes.ts'
import { captchaEnabled, checkCaptcha } from '#worker/lib/captcha.ts'
import { BackendError } from '../shared/errors.ts'
import { clientIp } from '../services/rate-limit.ts'
import { nowSeconds } from '../../lib/crypto.ts'
import type { BackendContext } from '../commerce/http.ts'

/**
 * Card-testing defence beyond the attempt limits (rate-limit.ts, action `payment`): after DECLINES_BEFORE_CAPTCHA
 * declined cards on one cart within an hour, a card payment needs a solved captcha, where one is configured
 * (CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY; worker/lib/captcha.ts).
 * Without a captcha the attempt limits alone apply. docs/security.md.
 */
export const DECLINES_BEFORE_CAPTCHA = 3
const WINDOW_SECONDS = 3600
const key = (cartToken: string) => `decline:cart:${cartToken}`

export async function recordDecline(db: D1Database, cartToken: string): Promise<void> {
  const now = nowSeconds()
  await db
    .prepare(
      `INSERT INTO rate_limits (key, count, expires_at) VALUES (?1, 1, ?2 + ?3)
       ON CONFLICT (key) DO UPDATE SET count = CASE WHEN expires_at > ?2 THEN count + 1 ELSE 1 END,
         expires_at = CASE WHEN expires_at > ?2 THEN expires_at ELSE ?2 + ?3 END`,
    )
    .bind(key(cartToken), now, WINDOW_SECONDS)
    .run()
}

export async function declinesOf(db: D1Database, cartToken: string): Promise<number> {
  const row = await db.prepare('SELECT count FROM rate_limits WHERE key = ? AND expires_at > ?').bind(key(cartToken), nowSeconds()).first<{ count: number }>()
  return row?.count ?? 0
}

/**
 * A declined card's refusal: the decline that reaches the limit already names `captcha_token`, so the payment step
 * shows the captcha with the bank's reason at once, rather than after one more refused try.
 */
export async function declineRefusal(c: Pick<BackendContext, 'env'>, cartToken: string, message: string, errors: Record<string, string[]>, code: ErrorCode = 'card_declined'): Promise<BackendError> {
  await recordDecline(c.env.DB, cartToken)
  const captchaNext = captchaEnabled(c.env) && (await declinesOf(c.env.DB, cartToken)) >= DECLINES_BEFORE_CAPTCHA
  return new BackendError(422, message, captchaNext ? { ...errors, captcha_token: ['is required'] } : errors, undefined, code)
}

/** Refuses (422 naming `captcha_token`) a card payment on a cart that was declined too often, unless solved. */
export async function requireCaptchaAfterDeclines(c: BackendContext, cartToken: string, token: string | undefined): Promise<void> {
  if (!captchaEnabled(c.env)) return
  if ((await declinesOf(c.env.DB, cartToken)) < DECLINES_BEFORE_CAPTCHA) return
  if (token && (await checkCaptcha(c.env, token, clientIp(c))) === 'passed') return
  throw new BackendError(422, 'Several cards were declined. Please confirm you are not a robot, then pay again.', { captcha_token: ['is required'] }, undefined, 'captcha_required')
}
