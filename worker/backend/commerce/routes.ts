import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { accountRoutes } from './account-routes.ts'
import { addressRoutes } from './address-routes.ts'
import { cartRoutes } from './cart-routes.ts'
import { checkoutRoutes } from './checkout-routes.ts'
import { creditCardRoutes } from './credit-card-routes.ts'
import { extensionRoutes } from './extension-routes.ts'
import { newsletterRoutes } from './newsletter-routes.ts'
import { stockAlertRoutes } from './stock-alert-routes.ts'
import { orderRoutes } from './order-routes.ts'
import { passwordRoutes } from './password-routes.ts'
import { paymentRoutes } from './payment-routes.ts'
import { wishlistRoutes } from './wishlist-routes.ts'
import { privacyRoutes } from './privacy-routes.ts'
import { stripeSessionRoutes } from '../payments/stripe-session-routes.ts'

/** Write side of the Storefront API: account, cart, checkout, wishlists, extensions (issue 4; docs/commerce-api.md). */
export const commerceRoutes = new Hono<{ Bindings: Env }>()

commerceRoutes.route('/', accountRoutes)
commerceRoutes.route('/', privacyRoutes)
commerceRoutes.route('/', addressRoutes)
commerceRoutes.route('/', creditCardRoutes)
commerceRoutes.route('/', orderRoutes)
commerceRoutes.route('/', passwordRoutes)
commerceRoutes.route('/', cartRoutes)
commerceRoutes.route('/', checkoutRoutes)
commerceRoutes.route('/', paymentRoutes)
commerceRoutes.route('/', wishlistRoutes)
commerceRoutes.route('/', extensionRoutes)
commerceRoutes.route('/', newsletterRoutes)
commerceRoutes.route('/', stockAlertRoutes)
commerceRoutes.route('/', stripeSessionRoutes)
