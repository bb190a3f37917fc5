import * as z from 'zod/mini'

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
  /**
   * Signs the header cookie (the shopper's name, cart count and member flag on cached pages; worker/edge-cache/header-cookie.ts):
   * `wrangler secret put HEADER_STATE_SECRET`. To rotate, put the old value in HEADER_STATE_SECRET_PREVIOUS, which is
   * still believed (never used to sign) until the cookies it signed have expired (10 minutes).
   */
  HEADER_STATE_SECRET?: string
  HEADER_STATE_SECRET_PREVIOUS?: string
  /**
   * The store's public address (https://shop.example.com), for links in emails and absolute URLs; it wins over the store
   * URL of the console's Settings page. Production and staging need one of the two (docs/deploying.md).
   */
  STORE_URL?: string
  /**
   * Opt-ins around the start-up checks (docs/deploying.md 'Fail closed'), each `true` or unset, each shown on the console's
   * dashboard while in force: the test gateway outside development (a staging store without Stripe), a production or
   * staging store without a mail provider, a development configuration on a host that is not this machine.
   */
  ALLOW_TEST_GATEWAY?: string
  ALLOW_NO_MAIL?: string
  ALLOW_PUBLIC_DEV_HOST?: string
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
   * Mail (docs/deploying.md "Mail"): the queue the outbox is delivered through (its consumer is this worker), and the
   * Resend API key that switches delivery on; without the key the outbox is the development mailbox.
   */
  MAIL_QUEUE?: Queue<{ id: number }>
  /** Product images uploaded in the console, served at /media/… (worker/admin/media.ts). */
  MEDIA?: R2Bucket
  /** Chunks of a product CSV import, consumed by this worker (worker/admin/import-apply.ts). */
  IMPORT_QUEUE?: Queue<{ jobId: number; fromLine: number; toLine: number }>
  /** One Durable Object per deal variant, holding its stock (worker/backend/commerce/deal-stock.ts, decision 0081). */
  DEAL_STOCK?: DurableObjectNamespace<import('./backend/commerce/deal-stock.ts').DealStock>
  RESEND_API_KEY?: string
  /** `Store name <orders@example.com>`: the sender, a domain verified at Resend. */
  MAIL_FROM?: string
  /** The mail API's origin (default https://api.resend.com; tests point it at a local fake). */
  MAIL_API_BASE?: string
  /** Where contact-form messages go. */
  STORE_EMAIL?: string
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

/** Development and tests only: the header cookie's signing secret (worker/edge-cache/header-cookie.ts). */
export const DEVELOPMENT_HEADER_SECRET = 'development-header-state-secret-not-secret'

/** Development and tests only: the pepper a production store must never run with. */
export const DEVELOPMENT_PEPPER = 'development-pepper-not-secret'

/** `development` and `test` are the only non-production modes; anything else (missing, a typo, `staging`) is production. */
export const isProduction = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT !== 'development' && env.ENVIRONMENT !== 'test'

const OptInSchema = z.optional(z.enum(['', 'true', 'false'], { message: 'must be true, false or empty' }))

const EnvSchema = z.object({
  ENVIRONMENT: z.optional(z.enum(['development', 'production', 'staging', 'test'], {
    message: 'ENVIRONMENT must be development, production, staging or test',
  })),
  COMMERCE_URL: z.optional(z.union([z.literal(''), z.url({ message: 'COMMERCE_URL must be an absolute URL or empty' })])),
  PASSWORD_PEPPER: z.optional(z.string()),
  MAIL_API_BASE: z.optional(z.union([z.literal(''), z.url({ message: 'MAIL_API_BASE must be an absolute URL or empty' })])),
  STORE_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'STORE_URL must be an absolute http(s) URL or empty' })])),
  ALLOW_TEST_GATEWAY: OptInSchema,
  ALLOW_NO_MAIL: OptInSchema,
  ALLOW_PUBLIC_DEV_HOST: OptInSchema,
})

const HEADER_SECRET_REASON = 'HEADER_STATE_SECRET must be set (at least 32 characters, not the development value) in production: wrangler secret put HEADER_STATE_SECRET'
const PEPPER_REASON = 'PASSWORD_PEPPER must be set (at least 16 characters, not the development value) in production: wrangler secret put PASSWORD_PEPPER'

type OptIn = 'ALLOW_TEST_GATEWAY' | 'ALLOW_NO_MAIL' | 'ALLOW_PUBLIC_DEV_HOST'
const optedIn = (env: Partial<Record<OptIn, string>>, name: OptIn) => env[name] === 'true'

/** What each opt-in gives up, as the console's dashboard says it while the opt-in is in force. */
const OPT_IN_WARNINGS: Record<OptIn, string> = {
  ALLOW_TEST_GATEWAY: 'ALLOW_TEST_GATEWAY=true: the offline test gateway is open outside development; without Stripe keys it takes card payments that charge nobody.',
  ALLOW_NO_MAIL: 'ALLOW_NO_MAIL=true: the store may run without a mail provider; without RESEND_API_KEY no email (order confirmation, password reset) reaches anyone.',
  ALLOW_PUBLIC_DEV_HOST: 'ALLOW_PUBLIC_DEV_HOST=true: a development configuration (public pepper, readable mailbox) serves on any host.',
}

/** The opt-ins in force, as sentences for the console's dashboard. */
export const optInsInForce = (env: Partial<Record<OptIn, string>>): string[] =>
  (Object.keys(OPT_IN_WARNINGS) as OptIn[]).filter((name) => optedIn(env, name)).map((name) => OPT_IN_WARNINGS[name])

/** Stripe keys the card provider needs: both keys to take payments, the webhook secret to hear of refunds and disputes. */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const

/**
 * The offline test gateway (POST /test_gateway/tokens, raw test cards) pays for orders no provider saw, so it exists only
 * in development and tests, or where ALLOW_TEST_GATEWAY=true says a staging store really wants it.
 */
export const testGatewayAllowed = (env: Pick<Env, 'ENVIRONMENT' | OptIn>) => !isProduction(env) || optedIn(env, 'ALLOW_TEST_GATEWAY')

/** Names no public DNS resolves (RFC 6761): loopback, `localhost`, and the reserved `.test`, `.example`, `.invalid`. */
export const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|.+\.(localhost|test|example|invalid))$/

/**
 * A development configuration (public pepper, readable mailbox, test gateway) serves only on this machine: a deployed
 * Worker is reached at a public name, so `wrangler deploy --env dev` answers 503 instead of becoming a store.
 */
export function hostProblem(env: Env, url: string): string | null {
  if (isProduction(env) || optedIn(env, 'ALLOW_PUBLIC_DEV_HOST')) return null
  const host = new URL(url).hostname
  if (LOCAL_HOST.test(host)) return null
  return `Invalid configuration: ENVIRONMENT=${env.ENVIRONMENT} serves only on localhost, not on ${host}: deploy without --env dev (production), or set ALLOW_PUBLIC_DEV_HOST=true`
}

/** Whether `url` is a public https address (not http, not a name only this machine resolves). */
/** A public https address: what production needs for the store's links (also the dashboard's launch checklist). */
export const isPublicHttps = (url: URL | null) => Boolean(url && url.protocol === 'https:' && !LOCAL_HOST.test(url.hostname))

/**
 * Whether a production store still has to find its public address in its settings (the console's Settings page):
 * on the embedded backend without STORE_URL. The fail-closed middleware reads the setting only then.
 */
export const needsStoreUrlSetting = (env: Env) => isProduction(env) && !env.COMMERCE_URL && !env.STORE_URL

// Names that never reach a mailbox (RFC 2606/6761), and Resend's shared sender, which mails only its account's owner.
const UNDELIVERABLE_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|^resend\.dev$/i
const domainOf = (address: string | undefined) => /@([^\s<>@]+?)>?\s*$/.exec(address?.trim() ?? '')?.[1] ?? ''
const deliverable = (address: string | undefined) => {
  const domain = domainOf(address)
  return domain.includes('.') && !UNDELIVERABLE_DOMAIN.test(domain)
}

/**
 * With mail on, the sender and the shop's own inbox must be real addresses: the shipped ones end in `.example`, so a
 * store deployed without changing them would hand every email to the mail API only to have it refused (the sender's
 * domain is not verified) and send contact messages nowhere. Also the dashboard's launch checklist.
 */
export function mailAddressProblem(env: Pick<Env, 'RESEND_API_KEY' | 'MAIL_FROM' | 'STORE_EMAIL'>): string | null {
  if (!env.RESEND_API_KEY) return null
  const wrong = (['MAIL_FROM', 'STORE_EMAIL'] as const).filter((key) => !deliverable(env[key]))
  if (wrong.length === 0) return null
  return `${wrong.join(' and ')} must be the store's own (MAIL_FROM: a sender on a domain verified at Resend, STORE_EMAIL: the inbox for contact messages), not ${wrong.map((key) => env[key]?.trim() || 'empty').join(', ')}: set in wrangler.toml [vars]`
}

/** What a production or staging store on the embedded backend lacks to take real orders: a card and a mail provider, a public address. */
function missingForProduction(env: Env, storeUrlSetting: string): string[] {
  if (!isProduction(env) || env.COMMERCE_URL) return []
  const missing: string[] = []
  const stripe = STRIPE_KEYS.filter((key) => !env[key])
  if (stripe.length > 0 && !optedIn(env, 'ALLOW_TEST_GATEWAY')) missing.push(`no card provider: set ${stripe.join(', ')} (or ALLOW_TEST_GATEWAY=true)`)
  if (!env.RESEND_API_KEY && !optedIn(env, 'ALLOW_NO_MAIL')) missing.push('no mail provider: set RESEND_API_KEY (or ALLOW_NO_MAIL=true)')
  const addresses = mailAddressProblem(env)
  if (addresses) missing.push(addresses)
  // (one that is no URL at all the schema has named already)
  // STORE_URL wins; without it, the store URL of the console's Settings page (a public https one) will do
  const url = URL.parse(env.STORE_URL ?? '')
  const fromSetting = !env.STORE_URL && isPublicHttps(URL.parse(storeUrlSetting))
  if (!fromSetting && (!env.STORE_URL || (url && !isPublicHttps(url)))) missing.push("STORE_URL must be the store's public https address (links in emails), or set it as the store URL on the console's Settings page")
  return missing
}

const checked = new WeakSet<object>()

/**
 * What is wrong with the configuration, as one line, or null when it is fine. Checked once per env object (isolate).
 * Fails closed: a store that is not explicitly development or test is production and needs a real pepper, since the
 * development one is public and would make every stored password hash guessable offline; on the embedded backend it
 * also needs a card provider (else the test gateway would complete orders nobody paid for), a mail provider (else
 * shoppers are told 'we have emailed you' and nothing goes out) and its public address (else emails link elsewhere):
 * STORE_URL, or `storeUrlSetting`, the store URL saved on the console's Settings page.
 */
export function configProblem(env: Env, storeUrlSetting = ''): string | null {
  if (checked.has(env)) return null
  const result = EnvSchema.safeParse(env)
  const fields = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const pepper = env.PASSWORD_PEPPER ?? ''
  if (isProduction(env) && (pepper.length < 16 || pepper === DEVELOPMENT_PEPPER)) fields.push(PEPPER_REASON)
  const headerSecret = env.HEADER_STATE_SECRET ?? ''
  if (isProduction(env) && (headerSecret.length < 32 || headerSecret === DEVELOPMENT_HEADER_SECRET)) fields.push(HEADER_SECRET_REASON)
  fields.push(...missingForProduction(env, storeUrlSetting))
  if (fields.length > 0) return `Invalid configuration: ${fields.join('; ')}`
  checked.add(env)
  return null
}
