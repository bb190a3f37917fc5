import type { Env } from '#worker/env.ts'

/**
 * Stripe is the card provider when both keys are set; otherwise the test gateway is (a fresh clone, offline). Here, not
 * in the backend's Stripe client, because the security headers (the CSP's Stripe origins) and SSR ask it too.
 */
export const stripeEnabled = (env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
