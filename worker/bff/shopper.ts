import { Hono } from '#worker/lib/hono.ts'
import type { AppEnv } from '#worker/app-env.ts'
import { serverApi } from '#worker/commerce/for-request.ts'
import { COOKIE, setPreferenceCookie } from '#worker/middleware/cookies.ts'
import { valid } from './validation.ts'
import * as S from './shopper-schemas.ts'
import { stockAlertOperations } from '#web/api/stock-alert-api.ts'

/** Session, cart, checkout, account and wishlist for the hydrated client. Personal: never cached. */
export const shopperBff = new Hono<AppEnv>()

// Only this file's paths: a bare use() would also wrap the catalogue routes mounted beside it.
const PERSONAL_PATHS = ['/session', '/session/*', '/cart', '/cart/*', '/checkout/*', '/orders', '/orders/*', '/auth/*', '/account', '/account/*', '/passwords', '/wishlist', '/wishlist/*', '/gift-cards', '/gift-cards/*']
for (const path of PERSONAL_PATHS) {
  shopperBff.use(path, async (c, next) => {
    await next()
    c.header('Cache-Control', 'private, no-store')
  })
}

shopperBff.get('/session', async (c) => c.json(await serverApi(c).getSession()))
shopperBff.get('/session/auth', async (c) => c.json({ isAuthenticated: await serverApi(c).isAuthenticated() }))

// Cart
shopperBff.get('/cart', async (c) => c.json(await serverApi(c).getCart()))
shopperBff.post('/cart', async (c) => c.json(await serverApi(c).getOrCreateCart()))
shopperBff.post('/cart/items', valid('json', S.AddItemSchema), async (c) => {
  const { variantId, quantity } = c.req.valid('json')
  return c.json(await serverApi(c).addToCart(variantId, quantity))
})
shopperBff.patch('/cart/items/:id', valid('param', S.IdParamSchema), valid('json', S.QuantitySchema), async (c) =>
  c.json(await serverApi(c).updateItemQuantity(c.req.valid('param').id, c.req.valid('json').quantity)),
)
shopperBff.delete('/cart/items/:id', valid('param', S.IdParamSchema), async (c) => c.json(await serverApi(c).removeFromCart(c.req.valid('param').id)))
shopperBff.post('/cart/empty', async (c) => c.json(await serverApi(c).clearCart()))
shopperBff.post('/cart/coupon', valid('json', S.CouponSchema), async (c) => c.json(await serverApi(c).applyCoupon(c.req.valid('json').code)))
shopperBff.delete('/cart/coupon/:code', async (c) => c.json(await serverApi(c).removeCoupon(c.req.param('code').slice(0, 64))))
shopperBff.post('/cart/currency', valid('json', S.CurrencyChangeSchema), async (c) => {
  const { current, next } = c.req.valid('json')
  const cart = await serverApi(c).changeCurrency(current, next)
  setPreferenceCookie(c, COOKIE.currency, next)
  return c.json(cart)
})

// Checkout and orders
shopperBff.post('/checkout/shipping-address', valid('json', S.ShippingAddressSchema), async (c) => {
  const { address, email } = c.req.valid('json')
  return c.json(await serverApi(c).saveCheckoutShippingAddress(address, email))
})
shopperBff.post('/checkout/billing-address', valid('json', S.BillingAddressSchema), async (c) => c.json(await serverApi(c).saveCheckoutBillingAddress(c.req.valid('json').address)))
shopperBff.get('/checkout/shipping-rates', async (c) => c.json(await serverApi(c).getShipments()))
shopperBff.post('/checkout/shipping-method', valid('json', S.ShippingMethodSchema), async (c) => c.json(await serverApi(c).saveShippingMethod(c.req.valid('json').shippingRateId, c.req.valid('json').pickupPlaceId)))
shopperBff.post('/checkout/gift-card', valid('json', S.GiftCardCodeSchema), async (c) => c.json(await serverApi(c).applyGiftCard(c.req.valid('json').code)))
shopperBff.delete('/checkout/gift-card', async (c) => c.json(await serverApi(c).removeGiftCard()))
shopperBff.post('/checkout/complete', valid('json', S.PaymentSchema), async (c) => c.json(await serverApi(c).makeOrder(c.req.valid('json'))))
shopperBff.get('/checkout/placed-order', async (c) => c.json({ order: await serverApi(c).placedOrder() }))
shopperBff.post('/checkout/hosted-payment', valid('json', S.HostedPaymentSchema), async (c) => c.json(await serverApi(c).openHostedPayment(c.req.valid('json'))))
shopperBff.get('/account/cards', async (c) => c.json(await serverApi(c).getSavedCards()))
shopperBff.get('/orders', valid('query', S.OrdersQuerySchema), async (c) => {
  const { page, pageSize } = c.req.valid('query')
  return c.json(await serverApi(c).getOrders(page, pageSize))
})
shopperBff.get('/orders/:number', async (c) => {
  const order = await serverApi(c).getOrder(c.req.param('number').slice(0, 32))
  return order ? c.json(order) : c.json({ error: 'Order details not found' }, 404)
})

shopperBff.post('/orders/:number/returns', valid('json', S.ReturnRequestSchema), async (c) => c.json(await serverApi(c).requestReturn(c.req.param('number').slice(0, 32), c.req.valid('json'))))

// Auth and account
shopperBff.post('/auth/login', valid('json', S.LoginSchema), async (c) => {
  const { username, password, captchaToken } = c.req.valid('json')
  return c.json(await serverApi(c).logIn(username, password, captchaToken))
})
shopperBff.post('/auth/logout', async (c) => {
  await serverApi(c).logOut()
  return c.body(null, 204)
})
shopperBff.get('/account', async (c) => c.json(await serverApi(c).getCurrentUser()))
shopperBff.post('/account', valid('json', S.RegisterSchema), async (c) => c.json(await serverApi(c).registerUser(c.req.valid('json'))))
shopperBff.patch('/account', valid('json', S.ProfileSchema), async (c) => c.json(await serverApi(c).updateCurrentUser(c.req.valid('json'))))
shopperBff.post('/account/password', valid('json', S.PasswordChangeSchema), async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json')
  return c.json(await serverApi(c).changePassword(currentPassword, newPassword))
})
shopperBff.post('/passwords', valid('json', S.ForgotSchema), async (c) => {
  await serverApi(c).forgotPassword(c.req.valid('json').email)
  return c.body(null, 204)
})
shopperBff.patch('/passwords', valid('json', S.ResetSchema), async (c) => {
  const { token, password } = c.req.valid('json')
  await serverApi(c).resetPassword(token, password)
  return c.body(null, 204)
})
shopperBff.get('/account/export', async (c) => {
  const data = await serverApi(c).exportAccountData()
  // a file to keep: a plain link downloads it, with or without JavaScript
  c.header('Content-Disposition', `attachment; filename="account-data-${new Date().toISOString().slice(0, 10)}.json"`)
  return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' })
})
shopperBff.post('/account/delete', valid('json', S.AccountDeleteSchema), async (c) => {
  await serverApi(c).deleteAccount(c.req.valid('json').password)
  return c.body(null, 204)
})
shopperBff.get('/account/addresses', async (c) => c.json(await serverApi(c).getAddresses()))
shopperBff.post('/account/addresses', valid('json', S.SavedAddressSchema), async (c) => c.json(await serverApi(c).addAddress(c.req.valid('json'))))
shopperBff.patch('/account/addresses/:id', valid('param', S.IdParamSchema), valid('json', S.SavedAddressSchema), async (c) =>
  c.json(await serverApi(c).updateAddress({ ...c.req.valid('json'), _id: c.req.valid('param').id })),
)
shopperBff.delete('/account/addresses/:id', valid('param', S.IdParamSchema), async (c) => {
  await serverApi(c).deleteAddress(c.req.valid('param').id)
  return c.body(null, 204)
})

// Wishlist
shopperBff.get('/wishlist', async (c) => c.json(await serverApi(c).getWishlist()))
shopperBff.post('/wishlist/items', valid('json', S.WishlistAddSchema), async (c) => c.json(await serverApi(c).addToWishlist(c.req.valid('json').variantId)))
shopperBff.delete('/wishlist/items/:id', valid('param', S.IdParamSchema), async (c) => c.json(await serverApi(c).removeFromWishlist(c.req.valid('param').id)))
shopperBff.delete('/wishlist', async (c) => {
  await serverApi(c).deleteWishlist()
  return c.body(null, 204)
})

// Extensions
shopperBff.post('/gift-cards', valid('json', S.GiftCardSchema), async (c) => c.json(await serverApi(c).buyGiftCard(c.req.valid('json'))))
shopperBff.post('/gift-cards/balance', valid('json', S.GiftCardCodeSchema), async (c) => c.json(await serverApi(c).checkGiftCardBalance(c.req.valid('json').code)))
shopperBff.post('/affiliate', valid('json', S.AffiliateSchema), async (c) => {
  await serverApi(c).setAffiliateCode(c.req.valid('json').code)
  return c.body(null, 204)
})
shopperBff.post('/newsletter', valid('json', S.EmailSchema), async (c) => {
  await serverApi(c).subscribeNewsletter(c.req.valid('json').email)
  return c.body(null, 204)
})
shopperBff.post('/newsletter/confirm', valid('json', S.NewsletterTokenSchema), async (c) => {
  await serverApi(c).confirmNewsletter(c.req.valid('json').token)
  return c.body(null, 204)
})
shopperBff.post('/newsletter/unsubscribe', valid('json', S.UnsubscribeSchema), async (c) => {
  const { email, token } = c.req.valid('json')
  await serverApi(c).unsubscribeNewsletter(email, token)
  return c.body(null, 204)
})
shopperBff.post('/stock-alerts', valid('json', S.StockAlertSchema), async (c) => {
  const { variantId, email } = c.req.valid('json')
  return c.json(await stockAlertOperations(serverApi(c)).askStockAlert(variantId, email))
})
shopperBff.post('/stock-alerts/confirm', valid('json', S.StockAlertTokenSchema), async (c) => c.json(await stockAlertOperations(serverApi(c)).confirmStockAlert(c.req.valid('json').token)))
shopperBff.post('/stock-alerts/unsubscribe', valid('json', S.StockAlertUnsubscribeSchema), async (c) => {
  const { email, token } = c.req.valid('json')
  await stockAlertOperations(serverApi(c)).unsubscribeStockAlerts(email, token)
  return c.body(null, 204)
})
shopperBff.post('/contact', valid('json', S.ContactSchema), async (c) => {
  await serverApi(c).sendContactMessage(c.req.valid('json'))
  return c.body(null, 204)
})
