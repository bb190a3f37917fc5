import * as z from 'zod'

/** The bindings and variables the Worker runs with (wrangler.toml, secrets, `.dev.vars`). */
export interface Env {
  DB: D1Database
  CACHE: KVNamespace
  ASSETS: Fetcher
  /** `development` locally and in tests; `production` on a deployed store. */
  ENVIRONMENT: string
  /** Origin of a real Spree 4.x; empty means the embedded backend on D1. */
  COMMERCE_URL?: string
  /** Secret pepper mixed into password hashes (set with `wrangler secret put PASSWORD_PEPPER`). */
  PASSWORD_PEPPER?: string
  /** Third-party scripts: each loads only when its variable is set (spec §1). */
  GTM_ID?: string
  CHAT_WIDGET_URL?: string
  EMAIL_VERIFICATION_URL?: string
  PAYMENT_SCRIPT_URL?: string
  CAPTCHA_SCRIPT_URL?: string
  /** Workers rate-limiting bindings (wrangler.toml `[[ratelimits]]`, issue 4): token, signup, forgot password, coupon. */
  TOKEN_RATE_LIMITER?: RateLimit
  SIGNUP_RATE_LIMITER?: RateLimit
  PASSWORD_RESET_RATE_LIMITER?: RateLimit
  COUPON_RATE_LIMITER?: RateLimit
}

const EnvSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'production', 'test'], {
    message: 'ENVIRONMENT must be development, production or test',
  }),
  COMMERCE_URL: z.union([z.literal(''), z.url({ message: 'COMMERCE_URL must be an absolute URL or empty' })]).optional(),
  PASSWORD_PEPPER: z.string().optional(),
}).refine((env) => env.ENVIRONMENT !== 'production' || (env.PASSWORD_PEPPER ?? '').length >= 16, {
  // Development and tests fall back to a public pepper (worker/backend/services/passwords.ts); production must not.
  path: ['PASSWORD_PEPPER'],
  message: 'PASSWORD_PEPPER must be set (at least 16 characters) in production: wrangler secret put PASSWORD_PEPPER',
})

const checked = new WeakSet<object>()

/**
 * Checks the variables once per isolate and throws one readable error listing every bad field,
 * so a misconfigured deploy fails loudly on its first request instead of half-working.
 */
export function assertEnv(env: Env): Env {
  if (checked.has(env)) return env
  const result = EnvSchema.safeParse(env)
  if (!result.success) {
    const fields = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration: ${fields.join('; ')}`)
  }
  checked.add(env)
  return env
}

export const isProduction = (env: Env) => env.ENVIRONMENT === 'production'
