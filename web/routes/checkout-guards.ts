import type { Cart } from '#kernel/models.ts'

export type CheckoutStep = 'shipping' | 'billing' | 'payment'

/**
 * The checkout guards of spec §5, as a pure function so the server (before any HTML) and the client router (on
 * navigation) decide the same way. Returns the path to send the shopper to, or null to stay.
 */
export function checkoutRedirect(step: CheckoutStep, cart: Cart | null): string | null {
  const hasItems = (cart?.lineItems.length ?? 0) > 0
  if (step === 'shipping') return hasItems ? null : '/'
  if (!hasItems || !cart?.address.shipping) return '/checkout/shipping'
  if (step === 'payment' && !cart.address.billing) return '/checkout/billing'
  return null
}
