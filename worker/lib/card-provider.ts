import { testGatewayAllowed, type Env } from '#worker/env.ts'

/**
 * The one place that decides who takes cards, once per request: Stripe when both of its keys are set; otherwise the
 * test gateway where it is allowed (development, tests, a fresh clone offline, or a store that opted in with
 * ALLOW_TEST_GATEWAY); otherwise nobody, and a card payment is refused (a production store never fails open).
 * Here, not in the backend, because the security headers and the page render ask it too (which origins the CSP
 * opens, what the payment form loads). The backend maps the name to its implementation
 * (worker/backend/payments/provider.ts).
 */
export type CardProviderName = 'stripe' | 'test_gateway'

export type CardProviderEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_JS_URL' | 'STRIPE_API_BASE' | 'ENVIRONMENT' | 'ALLOW_TEST_GATEWAY'>

export function cardProviderName(env: CardProviderEnv): CardProviderName | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) return 'stripe'
  return testGatewayAllowed(env as Env) ? 'test_gateway' : null
}

/** What the browser's payment form needs of the provider: Stripe.js and the publishable key, or nothing. */
export function cardProviderClient(env: CardProviderEnv): { stripe?: { publishableKey: string; jsUrl?: string } } {
  if (cardProviderName(env) !== 'stripe') return {}
  return { stripe: { publishableKey: env.STRIPE_PUBLISHABLE_KEY!, ...(env.STRIPE_JS_URL ? { jsUrl: env.STRIPE_JS_URL } : {}) } }
}

/**
 * The origins the page's CSP opens for the provider. Stripe: Stripe.js (script), its card element and 3-D Secure
 * frames (frame), its API (connect), and the pages a form post may be redirected to (the hosted payment page, the
 * bank's page); `STRIPE_JS_URL`/`STRIPE_API_BASE` (tests: a local fake) replace Stripe's own origins. The test gateway
 * is the store itself: nothing to open.
 */
export function cardProviderSources(env: CardProviderEnv): { script: string[]; frame: string[]; connect: string[]; form: string[] } {
  if (cardProviderName(env) !== 'stripe') return { script: [], frame: [], connect: [], form: [] }
  const js = env.STRIPE_JS_URL ? new URL(env.STRIPE_JS_URL).origin : 'https://js.stripe.com'
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : null
  return {
    script: [js],
    frame: api ? [js] : [js, 'https://hooks.stripe.com'],
    connect: api ? [api] : ['https://api.stripe.com'],
    form: api ? [api] : ['https://checkout.stripe.com', 'https://hooks.stripe.com'],
  }
}
