import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { Document, SpreeClient } from './spree-client.ts'
import { toCart } from './shopper-mappers.ts'
import { requireCaptcha } from './require-captcha.ts'

type ExtensionOperations = Pick<
  ShopperOperations,
  'buyGiftCard' | 'setAffiliateCode' | 'subscribeNewsletter' | 'unsubscribeNewsletter' | 'confirmNewsletter' | 'sendContactMessage' | 'checkGiftCardBalance' | 'exportAccountData' | 'deleteAccount' | 'askStockAlert' | 'confirmStockAlert' | 'unsubscribeStockAlerts' | 'setPriceDropEmails'
>

/**
 * A Spree without this store's extensions answers their paths with its generic 404 ('The resource you were looking for
 * could not be found.'); the shopper is told instead which service this shop does not offer (docs/operations.md).
 */
async function optional<T>(call: Promise<T>, missing: string): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !error.errors) throw new ApiError(404, missing)
    throw error
  }
}

/** The embedded backend's documented extensions (docs/commerce-api.md). */
export function extensionOperations(client: SpreeClient): ExtensionOperations {
  return {
    buyGiftCard: async (input) => {
      if (!client.isAuthenticated) throw new ApiError(401, 'Please login in to add gift card')
      const doc = await optional(
        client.request<Document>('/gift_cards', {
          method: 'POST',
          auth: 'user',
          query: { currency: client.ctx.currency },
          body: { gift_card: { amount: input.amount, recipient_name: input.recipientName, recipient_email: input.recipientEmail, message: input.message ?? null, deliver_on: input.deliverOn ?? null } },
        }),
        'Gift cards cannot be bought in this shop.',
      )
      return toCart(doc)
    },
    setAffiliateCode: async (code) => {
      await client.request('/affiliate', { method: 'POST', body: { code } })
    },
    subscribeNewsletter: async (email) => {
      await optional(client.request('/newsletter/subscribe', { method: 'POST', auth: 'none', body: { email } }), 'This shop has no newsletter.')
    },
    unsubscribeNewsletter: async (email, token) => {
      // a newsletter's signed link, or the signed-in customer's own subscription (their bearer says whose)
      if (!token && !client.isAuthenticated) throw new ApiError(401, 'You need to log in for this.')
      await optional(client.request('/newsletter/unsubscribe', { method: 'POST', auth: token ? 'none' : 'user', body: token ? { email, token } : { email } }), 'This shop has no newsletter.')
    },
    confirmNewsletter: async (token) => {
      await optional(client.request('/newsletter/confirm', { method: 'POST', auth: 'none', body: { token } }), 'This shop has no newsletter.')
    },
    sendContactMessage: async ({ captchaToken, ...input }) => {
      await requireCaptcha(client.ctx.env, captchaToken, client.ctx.clientIp)
      await optional(client.request('/contact_messages', { method: 'POST', auth: 'none', body: input }), 'Messages cannot be sent from this page; please write to us by email.')
    },
    exportAccountData: async () => {
      if (!client.isAuthenticated) throw new ApiError(401, 'You need to log in for this.')
      return optional(client.request<Record<string, unknown>>('/account/export', { auth: 'user' }), 'This shop cannot export your data from here; please write to us and we will send it.')
    },
    deleteAccount: async (password) => {
      if (!client.isAuthenticated) throw new ApiError(401, 'You need to log in for this.')
      await optional(client.request('/account/delete', { method: 'POST', auth: 'user', body: { password } }), 'This shop cannot delete accounts from here; please write to us and we will do it.')
      // the backend has revoked every token of the account; forget ours and the cart's
      client.ctx.session.setAuth(null)
      client.ctx.session.setCartToken(null)
    },
    askStockAlert: async (variantId, email) => {
      const doc = await optional(
        client.request<{ data: { confirmed: boolean } }>('/stock_alerts', { method: 'POST', auth: client.isAuthenticated ? 'user' : 'none', body: { variant_id: variantId, email: email ?? '' } }),
        'This shop sends no back-in-stock alerts.',
      )
      return { confirmed: doc.data.confirmed }
    },
    confirmStockAlert: async (token) => {
      const doc = await optional(client.request<{ data: { back: boolean } }>('/stock_alerts/confirm', { method: 'POST', auth: 'none', body: { token } }), 'This shop sends no back-in-stock alerts.')
      return { back: doc.data.back }
    },
    unsubscribeStockAlerts: async (email, token) => {
      await optional(client.request('/stock_alerts/unsubscribe', { method: 'POST', auth: 'none', body: { email, token } }), 'This shop sends no back-in-stock alerts.')
    },
    setPriceDropEmails: async (on) => {
      await optional(client.request('/stock_alerts/price_drops', { method: 'POST', auth: 'user', body: { on } }), 'This shop sends no price-drop emails.')
    },
    checkGiftCardBalance: async (code) => {
      const doc = await client.request<{ data: { display_balance: string } }>('/gift_cards/balance', { method: 'POST', auth: 'none', body: { code } })
      return { balance: doc.data.display_balance }
    },
  }
}
