import type { Env } from '#worker/env.ts'

/**
 * Cloudflare Turnstile (docs/security.md 'Captcha'). On only when both keys are set: the site key for the widget, the
 * secret for siteverify. Signup and the contact form need a solved captcha then, and so does a card payment after
 * repeated declines (worker/backend/payments/card-attempts.ts). With no keys nothing changes.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Turnstile's answers are at most 2048 characters; anything longer is not one. */
export const CAPTCHA_TOKEN_MAX = 2048
const VERIFY_TIMEOUT_MS = 5000

export type CaptchaEnv = Pick<Env, 'CAPTCHA_SITE_KEY' | 'CAPTCHA_SECRET_KEY' | 'CAPTCHA_VERIFY_URL'>

export const captchaEnabled = (env: CaptchaEnv) => Boolean(env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY)

/** Asks siteverify about one answer: passed, failed (invalid, expired, reused) or unavailable (no clear answer). */
export async function checkCaptcha(env: CaptchaEnv, token: string, ip?: string): Promise<'passed' | 'failed' | 'unavailable'> {
  if (!token || token.length > CAPTCHA_TOKEN_MAX) return 'failed'
  const body = new URLSearchParams({ secret: env.CAPTCHA_SECRET_KEY ?? '', response: token })
  if (ip) body.set('remoteip', ip)
  try {
    const res = await fetch(env.CAPTCHA_VERIFY_URL || TURNSTILE_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) })
    if (!res.ok) {
      console.warn('captcha: siteverify answered', res.status)
      return 'unavailable'
    }
    const answer = (await res.json()) as { success?: unknown; 'error-codes'?: unknown }
    if (answer.success === true) return 'passed'
    // a wrong secret is the store's fault, not the shopper's: say so in the log
    if (Array.isArray(answer['error-codes']) && answer['error-codes'].some((code) => String(code).includes('secret'))) console.warn('captcha: siteverify refused the secret', answer['error-codes'])
    return 'failed'
  } catch (error) {
    console.warn('captcha: siteverify did not answer', error instanceof Error ? error.message : error)
    return 'unavailable'
  }
}
