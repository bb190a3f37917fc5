import { env } from 'cloudflare:workers'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from '#tests/fakes/stripe-api.ts'

/** The vars that switch Stripe on against the local fake (tests/fakes/stripe-api.ts), reached through `fetch`. */
export const STRIPE: Partial<Env> = {
  STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://stripe.fake',
}
export const stripeEnv = { ...env, ...STRIPE } as unknown as Env

/** A signed webhook delivered to the backend as Stripe delivers it; its status and JSON body. */
export async function deliverWebhook(body: string, signature: string) {
  const res = await backend.fetch(
    new Request('https://store.test/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body }),
    stripeEnv,
    { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
  )
  return { status: res.status, body: (await res.json()) as any }
}
