import * as z from 'zod'

/** The bindings and variables the Worker runs with (wrangler.toml, secrets, `.dev.vars`). */
export interface Env {
  DB: D1Database
  CACHE: KVNamespace
  ASSETS: Fetcher
  /** `production` (the shipped default), `staging`, `development` (`.dev.vars` or `--env dev`) or `test`. */
  ENVIRONMENT?: string
  /** Origin of a real Spree 4.x; empty means the embedded backend on D1. */
  COMMERCE_URL?: string
  /** Deadlines for calls to COMMERCE_URL in ms (defaults 3000 for reads, 10000 for writes; tests use short ones). */
  COMMERCE_READ_TIMEOUT_MS?: string
  COMMERCE_WRITE_TIMEOUT_MS?: string
  /** Edge page cache (docs/caching.md): seconds a cached page is served as it is, then served while refreshed. */
  PAGE_CACHE_FRESH_SECONDS?: string
  PAGE_CACHE_STALE_SECONDS?: string
  /** Secret pepper mixed into password hashes (set with `wrangler secret put PASSWORD_PEPPER`). */
  PASSWORD_PEPPER?: string
  /** Third-party scripts: each loads only when its variable is set (spec §1). */
  GTM_ID?: string
  CHAT_WIDGET_URL?: string
  /** The signup form's email check (a NeverBounce-style widget): its script, public key and the API origin it calls. */
  EMAIL_VERIFICATION_URL?: string
  EMAIL_VERIFICATION_KEY?: string
  EMAIL_VERIFICATION_API_ORIGIN?: string
  PAYMENT_SCRIPT_URL?: string
  /** Cloudflare Turnstile (docs/security.md 'Captcha'): on when CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY are both set. */
  CAPTCHA_SCRIPT_URL?: string
  CAPTCHA_SITE_KEY?: string
  /**
   * Mail (docs/operations.md "Mail"): the queue the outbox is delivered through (its consumer is this worker), and the
   * Resend API key that switches delivery on; without the key the outbox is the development mailbox.
   */
  MAIL_QUEUE?: Queue<{ id: number }>
  /** Product images uploaded in the console, served at /media/… (worker/admin/media.ts). */
  MEDIA?: R2Bucket
  /** Chunks of a product CSV import, consumed by this worker (worker/admin/import-apply.ts). */
  IMPORT_QUEUE?: Queue<{ jobId: number; fromLine: number; toLine: number }>
  RESEND_API_KEY?: string
  /** `Store name <orders@example.com>`: the sender, a domain verified at Resend. */
  MAIL_FROM?: string
  /** The mail API's origin (default https://api.resend.com; tests point it at a local fake). */
  MAIL_API_BASE?: string
  /** Where contact-form messages go. */
  STORE_EMAIL?: string
  /** The Australian Business Number printed on tax invoices (order confirmations). */
  /**
   * Stripe, the card provider (issue 13; docs/operations.md): on when both keys are set, else the test gateway.
   * Secrets: `wrangler secret put STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`; the publishable key is a var.
   */
  STRIPE_SECRET_KEY?: string
  STRIPE_PUBLISHABLE_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  /** Tests and local fakes only: another origin than https://api.stripe.com (and its Stripe.js, STRIPE_JS_URL). */
  STRIPE_API_BASE?: string
  STRIPE_JS_URL?: string
  /** The captcha's secret (Turnstile protocol): signup, contact, and card payments after repeated declines. */
  CAPTCHA_SECRET_KEY?: string
  CAPTCHA_VERIFY_URL?: string
  /** A fonts service's stylesheet (e.g. https://fonts.googleapis.com/css2?family=…); off by default (self-hosted face). */
  FONTS_CSS_URL?: string
  /** Where that service serves its font files when not from the stylesheet's own origin (e.g. https://fonts.gstatic.com). */
  FONTS_FILES_ORIGIN?: string
  /** Workers rate-limiting bindings (wrangler.toml `[[ratelimits]]`, issue 4): token, signup, forgot password, coupon. */
  TOKEN_RATE_LIMITER?: RateLimit
  SIGNUP_RATE_LIMITER?: RateLimit
  PASSWORD_RESET_RATE_LIMITER?: RateLimit
  COUPON_RATE_LIMITER?: RateLimit
  CART_RATE_LIMITER?: RateLimit
  LOGIN_ADDRESS_RATE_LIMITER?: RateLimit
}

/** Development and tests only: the pepper a production store must never run with. */
export const DEVELOPMENT_PEPPER = 'development-pepper-not-secret'

/** `development` and `test` are the only non-production modes; anything else (missing, a typo, `staging`) is production. */
export const isProduction = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT !== 'development' && env.ENVIRONMENT !== 'test'

const EnvSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'production', 'staging', 'test'], {
    message: 'ENVIRONMENT must be development, production, staging or test',
  }).optional(),
  COMMERCE_URL: z.union([z.literal(''), z.url({ message: 'COMMERCE_URL must be an absolute URL or empty' })]).optional(),
  PASSWORD_PEPPER: z.string().optional(),
  MAIL_API_BASE: z.union([z.literal(''), z.url({ message: 'MAIL_API_BASE must be an absolute URL or empty' })]).optional(),
})

const PEPPER_REASON = 'PASSWORD_PEPPER must be set (at least 16 characters, not the development value) in production: wrangler secret put PASSWORD_PEPPER'

const checked = new WeakSet<object>()

/**
 * What is wrong with the configuration, as one line, or null when it is fine. Checked once per env object (isolate).
 * Fails closed: a store that is not explicitly development or test is production and needs a real pepper, since the
 * development one is public and would make every stored password hash guessable offline.
 */
export function configProblem(env: Env): string | null {
  if (checked.has(env)) return null
  const result = EnvSchema.safeParse(env)
  const fields = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const pepper = env.PASSWORD_PEPPER ?? ''
  if (isProduction(env) && (pepper.length < 16 || pepper === DEVELOPMENT_PEPPER)) fields.push(PEPPER_REASON)
  if (fields.length > 0) return `Invalid configuration: ${fields.join('; ')}`
  checked.add(env)
  return null
}
