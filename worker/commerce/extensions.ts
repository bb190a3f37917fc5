import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { Document, SpreeClient } from './spree-client.ts'
import { toCart } from './shopper-mappers.ts'

type ExtensionOperations = Pick<ShopperOperations, 'buyGiftCard' | 'setAffiliateCode' | 'subscribeNewsletter' | 'unsubscribeNewsletter' | 'sendContactMessage'>

/** The embedded backend's documented extensions (docs/commerce-api.md). */
export function extensionOperations(client: SpreeClient): ExtensionOperations {
  return {
    buyGiftCard: async (input) => {
      if (!client.isAuthenticated) throw new ApiError(401, 'Please login in to add gift card')
      const doc = await client.request<Document>('/gift_cards', {
        method: 'POST',
        auth: 'user',
        query: { currency: client.ctx.currency },
        body: { gift_card: { amount: input.amount, recipient_name: input.recipientName, recipient_email: input.recipientEmail, message: input.message ?? null } },
      })
      return toCart(doc)
    },
    setAffiliateCode: async (code) => {
      await client.request('/affiliate', { method: 'POST', body: { code } })
    },
    subscribeNewsletter: async (email) => {
      await client.request('/newsletter/subscribe', { method: 'POST', auth: 'none', body: { email } })
    },
    unsubscribeNewsletter: async (email) => {
      await client.request('/newsletter/unsubscribe', { method: 'POST', auth: 'none', body: { email } })
    },
    sendContactMessage: async (input) => {
      await client.request('/contact_messages', { method: 'POST', auth: 'none', body: input })
    },
  }
}
