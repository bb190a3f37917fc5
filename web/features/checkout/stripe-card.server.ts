import type { StripePublicConfig } from '../../app-context.ts'
import type { Locale } from '#kernel/models.ts'
import type { CardHandle } from './stripe-card.ts'

/**
 * The worker's side of '#stripe-card' (package.json imports, `workerd` condition). The card element only mounts in a
 * browser effect, so the worker never calls this; it exists so the worker bundle does not carry @stripe/stripe-js.
 */
export async function mountCard(_config: StripePublicConfig, _locale: Locale, _target: HTMLElement, _onChange: (message: string | null) => void): Promise<CardHandle> {
  throw new Error('The card element mounts in the browser only')
}
