import type { Cart } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'

export type CheckoutStep = 'shipping' | 'billing' | 'payment'

/**
 * The checkout guards of spec §5 (a cart with nothing to ship skips the shipping step), as a pure function so the server (before any HTML) and the client router (on
 * navigation) decide the same way. Returns the path to send the shopper to, or null to stay.
 */
export function checkoutRedirect(step: CheckoutStep, cart: Cart | null): string | null {
  const hasItems = (cart?.lineItems.length ?? 0) > 0
  // a cart of only e-gift cards has no shipping step: it starts at billing, which needs no shipping address
  const ships = needsDelivery(cart?.lineItems ?? [])
  if (step === 'shipping') return !hasItems ? '/' : ships ? null : '/checkout/billing'
  if (!hasItems || (ships && !cart?.address.shipping)) return '/checkout/shipping'
  if (step === 'payment' && !cart!.address.billing) return '/checkout/billing'
  return null
}
