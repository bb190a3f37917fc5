import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { Document, ListDocument, SpreeClient } from './spree-client.ts'
import { toAddressPayload, toCart, toOrder, toShippingRates } from './shopper-mappers.ts'
import { fetchCart } from './cart.ts'
import type { Order } from '#kernel/models.ts'

type CheckoutOperations = Pick<
  ShopperOperations,
  'saveCheckoutShippingAddress' | 'saveCheckoutBillingAddress' | 'getShipments' | 'applyGiftCard' | 'removeGiftCard' | 'saveShippingMethod' | 'makeOrder' | 'placedOrder' | 'openHostedPayment' | 'getOrder' | 'getOrders' | 'requestReturn'
>

/** The payment form's field names for the API's card fields, so the form can show each message under its input. */
const CARD_FIELDS: Record<string, string> = {
  'source_attributes.number': 'cardNumber',
  'source_attributes.month': 'expiry',
  'source_attributes.year': 'expiry',
  'source_attributes.verification_value': 'cvc',
  'source_attributes.gift_card_code': 'giftCardCode',
}

function renameFields(error: unknown): never {
  if (error instanceof ApiError && error.errors) {
    const errors: Record<string, string[]> = {}
    for (const [key, messages] of Object.entries(error.errors)) (errors[CARD_FIELDS[key] ?? key] ??= []).push(...messages)
    throw new ApiError(error.status, error.message, errors, error.retryAfter, error.code, error.params)
  }
  throw error
}

/** "MM/YY" or "MM/YYYY" → month and year (NaN when unreadable, which the API refuses with a field message). */
export function parseExpiry(expiry: string | undefined) {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry ?? '')
  return match ? { month: Number(match[1]), year: Number(match[2]) } : { month: 'invalid', year: 'invalid' }
}

type Payment = Parameters<CheckoutOperations['makeOrder']>[0]

/** Spree's payment method types by what they take: any card gateway (the test gateway, Stripe), and gift cards. */
const METHOD_TYPES = { card: /::Gateway::|CreditCard/, giftCard: /GiftCard$/, wallet: /Wallet$/, pay_later: /PayLater$/ } as const

/** The checkout's payment method ids by what they take, as the backend lists them (one GET /checkout/payment_methods). */
async function paymentMethodIds(client: SpreeClient): Promise<Partial<Record<keyof typeof METHOD_TYPES, string>>> {
  const list = await client.request<ListDocument>('/checkout/payment_methods')
  const typeOf = (m: ListDocument['data'][number]) => String((m.attributes as { type?: unknown }).type ?? '')
  const ids: Partial<Record<keyof typeof METHOD_TYPES, string>> = {}
  for (const kind of Object.keys(METHOD_TYPES) as Array<keyof typeof METHOD_TYPES>) ids[kind] = list.data.find((m) => METHOD_TYPES[kind].test(typeOf(m)))?.id
  return ids
}

/**
 * The id of the payment method that takes this kind of payment: a Spree numbers its methods its own way, so ids are
 * found, never assumed. None (a store whose card provider is not configured) is the provider being unavailable:
 * nothing is charged.
 */
function methodId(ids: Partial<Record<keyof typeof METHOD_TYPES, string>>, kind: keyof typeof METHOD_TYPES): string {
  const id = ids[kind]
  if (!id) throw new ApiError(503, 'The payment provider cannot be reached right now, so nothing was charged.', { payment: ['provider unavailable'] }, undefined, 'provider_unavailable')
  return id
}

/**
 * The card to pay with, as the contract sends it: a saved card (`source_id`), the provider's payment method id
 * (`gateway_payment_profile_id`, from Stripe's element), or raw card details for the offline test gateway.
 */
function cardPaymentBody(payment: Payment, methodId: string) {
  if (payment.savedCardId) return { payment_method_id: methodId, source_id: payment.savedCardId }
  if (payment.paymentMethodId) {
    return { payment_method_id: methodId, source_attributes: { gateway_payment_profile_id: payment.paymentMethodId }, ...(payment.saveCard === undefined ? {} : { save_card: payment.saveCard }) }
  }
  const { month, year } = parseExpiry(payment.expiry)
  return { payment_method_id: methodId, source_attributes: { number: payment.cardNumber ?? '', month, year, verification_value: payment.cvc ?? '' } }
}

/** How long after it was placed a resent 'Pay now' still lands on the order's thank-you page (docs/checkout.md). */
export const PLACED_ORDER_WINDOW_MS = 60 * 60 * 1000

/**
 * The order this shopper's checkout last became, if it was placed within the window: a member's newest order (their
 * order history, read only), a guest's by the cart token the browser kept after paying (completing an order that is
 * already complete answers it; docs/decisions/0016). The token is the shopper's HttpOnly cookie, so nobody else's
 * order can be found this way. Null when there is none.
 */
async function lastPlacedOrder(client: SpreeClient): Promise<Order | null> {
  let order: Order | null = null
  try {
    if (client.isAuthenticated) {
      const list = await client.request<ListDocument>('/account/orders', { auth: 'user', query: { page: 1, per_page: 1 } })
      order = list.data[0] ? toOrder({ data: list.data[0], included: list.included }) : null
    } else if (client.ctx.session.cartToken) {
      order = toOrder(await client.request<Document>('/checkout/complete', { method: 'PATCH' }))
    }
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null
    throw error
  }
  const placedAt = order?.completedAt ? Date.parse(order.completedAt) : NaN
  return order && order.state === 'complete' && Date.now() - placedAt < PLACED_ORDER_WINDOW_MS ? order : null
}

export function checkoutOperations(client: SpreeClient): CheckoutOperations {
  const patchCheckout = async (order: Record<string, unknown>) => toCart(await client.request<Document>('/checkout', { method: 'PATCH', body: { order } }))
  return {
    saveCheckoutShippingAddress: (address, email) => patchCheckout({ ...(email ? { email } : {}), ship_address_attributes: toAddressPayload(address) }),
    saveCheckoutBillingAddress: (address) => patchCheckout({ bill_address_attributes: toAddressPayload(address) }),
    getShipments: async () => {
      try {
        return toShippingRates(await client.request<ListDocument>('/checkout/shipping_rates'))
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return []
        throw error
      }
    },
    applyGiftCard: async (code) => {
      try {
        const giftCardMethod = methodId(await paymentMethodIds(client), 'giftCard')
        await client.request('/checkout/create_payment', { method: 'POST', body: { payment_method_id: giftCardMethod, source_attributes: { gift_card_code: code } } })
      } catch (error) {
        renameFields(error)
      }
      return toCart(await client.request<Document>('/cart'))
    },
    removeGiftCard: async () => toCart(await client.request<Document>('/checkout/remove_gift_card', { method: 'DELETE' })),
    saveShippingMethod: async (shippingRateId, pickupPlaceId) =>
      toCart(await client.request<Document>('/checkout/select_shipping_method', { method: 'PATCH', body: { shipping_method_id: shippingRateId, ...(pickupPlaceId ? { pickup_location_id: pickupPlaceId } : {}) } })),
    makeOrder: async (payment) => {
      try {
        try {
          // the listed methods, read once for this order's payments
          let ids: Awaited<ReturnType<typeof paymentMethodIds>> | undefined
          const idOf = async (kind: keyof typeof METHOD_TYPES) => methodId((ids ??= await paymentMethodIds(client)), kind)
          if (payment.giftCardCode) {
            await client.request('/checkout/create_payment', { method: 'POST', body: { payment_method_id: await idOf('giftCard'), source_attributes: { gift_card_code: payment.giftCardCode } } })
          }
          if (payment.method === 'store_credit') await client.request('/checkout/add_store_credit', { method: 'POST' })
          if (payment.method === 'wallet' || payment.method === 'pay_later') {
            // a wallet or pay-later of the card provider (decision 0079); the provider's own payment method when it made one
            const source = payment.paymentMethodId ? { source_attributes: { gateway_payment_profile_id: payment.paymentMethodId } } : {}
            await client.request('/checkout/create_payment', { method: 'POST', body: { payment_method_id: await idOf(payment.method), ...source } })
          }
          if (payment.method === 'card') {
            const captcha = payment.captchaToken ? { captcha_token: payment.captchaToken } : {}
            await client.request('/checkout/create_payment', { method: 'POST', body: { ...cardPaymentBody(payment, await idOf('card')), ...captcha } })
          }
        } catch (error) {
          // The same completion sent again (a double click, a retry after its answer was lost): the order was placed,
          // so there is no cart to pay for any more. Answer that order, never a second one.
          if (!(error instanceof ApiError && error.status === 404)) throw error
          const placed = await lastPlacedOrder(client)
          if (placed) return placed
          throw error
        }
        const body = {
          ...(payment.expectedBalance === undefined ? {} : { expected_balance: payment.expectedBalance.toFixed(2) }),
          ...(payment.returnUrl ? { return_url: payment.returnUrl } : {}),
          ...(payment.hostedSessionId ? { stripe_session_id: payment.hostedSessionId } : {}),
        }
        const order = toOrder(await client.request<Document>('/checkout/complete', { method: 'PATCH', body: Object.keys(body).length ? body : undefined }))
        // A guest keeps the token of the placed order so the thank-you page can show it; it names no cart any more,
        // so the cart reads as empty and the next add starts a new one.
        return order
      } catch (error) {
        renameFields(error)
      }
    },
    placedOrder: async () => ((await fetchCart(client)) ? null : lastPlacedOrder(client)),
    openHostedPayment: async ({ successUrl, cancelUrl, expectedBalance, saveCard }) => {
      const body = {
        success_url: successUrl,
        cancel_url: cancelUrl,
        ...(expectedBalance === undefined ? {} : { expected_balance: expectedBalance.toFixed(2) }),
        ...(saveCard ? { save_card: true } : {}),
      }
      const session = await client.request<Document>('/checkout/stripe_session', { method: 'POST', body })
      return { url: String(session.data.attributes?.url ?? '') }
    },
    getOrder: async (orderNumber) => {
      const path = client.isAuthenticated ? `/account/orders/${encodeURIComponent(orderNumber)}` : `/order_status/${encodeURIComponent(orderNumber)}`
      if (!client.isAuthenticated && !client.ctx.session.cartToken) return null
      try {
        return toOrder(await client.request<Document>(path))
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null
        throw error
      }
    },
    requestReturn: async (orderNumber, input) => {
      const body = { return_request: { reason: input.reason, comment: input.comment, items: input.items.map((i) => ({ line_item_id: i.lineItemId, quantity: i.quantity })) } }
      return toOrder(await client.request<Document>(`/account/orders/${encodeURIComponent(orderNumber)}/returns`, { method: 'POST', auth: 'user', body }))
    },
    getOrders: async (page, pageSize) => {
      if (!client.isAuthenticated) return { orders: [], totalPages: 0, totalCount: 0 }
      const list = await client.request<ListDocument>('/account/orders', { auth: 'user', query: { page, per_page: pageSize } })
      return {
        orders: list.data.map((data) => toOrder({ data, included: list.included })),
        totalPages: Number(list.meta?.total_pages ?? 0),
        totalCount: Number(list.meta?.total_count ?? 0),
      }
    },
  }
}
