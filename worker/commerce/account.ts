import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { LoggedIn, User } from '#kernel/models.ts'
import type { AuthToken } from '#worker/middleware/session.ts'
import type { Document, ListDocument, SpreeClient } from './spree-client.ts'
import { toAddress, toAddressPayload, toUser } from './shopper-mappers.ts'
import { requireCaptcha } from './require-captcha.ts'

type AccountOperations = Pick<
  ShopperOperations,
  | 'getCurrentUser'
  | 'logIn'
  | 'logOut'
  | 'registerUser'
  | 'updateCurrentUser'
  | 'changePassword'
  | 'forgotPassword'
  | 'resetPassword'
  | 'getAddresses'
  | 'addAddress'
  | 'updateAddress'
  | 'deleteAddress'
  | 'getSavedCards'
>

export async function fetchUser(client: SpreeClient): Promise<User | null> {
  if (!client.isAuthenticated) return null
  try {
    return toUser(await client.request<Document>('/account', { auth: 'user' }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/**
 * Password grant; then the guest cart (if any) is merged into the customer's cart so no line is lost, and the guest
 * cart token is dropped (a customer's cart is found by the bearer). The answer says how many units the saved cart
 * added (`savedItemsAdded`, from the merge's `meta.saved_items_added`; a remote Spree does not say, so nothing is
 * told). A bad login throws `ApiError` with the message `invalid_grant`, which the login form turns into its own
 * sentence (spec §8).
 */
async function logIn(client: SpreeClient, username: string, password: string, captchaToken?: string): Promise<LoggedIn> {
  const session = client.ctx.session
  let token: AuthToken
  try {
    const body = { grant_type: 'password', username, password, ...(captchaToken ? { captcha_token: captchaToken } : {}) }
    token = await client.request<AuthToken>('/spree_oauth/token', { method: 'POST', auth: 'none', body })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw new ApiError(400, 'invalid_grant', error.errors)
    // many wrong passwords for this account from elsewhere: the form shows the captcha (backend login-throttle.ts)
    if (error instanceof ApiError && error.status === 422 && error.errors?.captcha_token) throw new ApiError(422, 'captcha_after_wrong_passwords', { captcha: error.errors.captcha_token }, undefined, error.code)
    throw error
  }
  session.setAuth(token)
  const guestToken = session.cartToken
  let savedItemsAdded = 0
  if (guestToken) {
    try {
      const merged = await client.request<Document>('/cart/associate', { method: 'PATCH', auth: 'user', query: { guest_order_token: guestToken } })
      const added = (merged.meta as { saved_items_added?: unknown } | undefined)?.saved_items_added
      if (typeof added === 'number' && Number.isInteger(added) && added > 0) savedItemsAdded = added
    } catch (error) {
      // a guest token that names no open cart (already placed, deleted) has nothing to merge
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    session.setCartToken(null)
  }
  const user = await fetchUser(client)
  if (!user) throw new ApiError(401, 'invalid_grant')
  return savedItemsAdded > 0 ? { ...user, savedItemsAdded } : user
}

export function accountOperations(client: SpreeClient): AccountOperations {
  const session = client.ctx.session
  return {
    getCurrentUser: () => fetchUser(client),
    logIn: (username, password, captchaToken) => logIn(client, username, password, captchaToken),
    logOut: async () => {
      const token = session.auth
      session.setAuth(null)
      session.setCartToken(null)
      if (token) {
        await client.request('/spree_oauth/revoke', { method: 'POST', auth: 'none', body: { token: token.refresh_token ?? token.access_token } }).catch(() => undefined)
      }
    },
    registerUser: async (input) => {
      await requireCaptcha(client.ctx.env, input.captchaToken, client.ctx.clientIp)
      await client.request('/account', {
        method: 'POST',
        auth: 'none',
        body: { user: { email: input.email, first_name: input.firstName, last_name: input.lastName, password: input.password, password_confirmation: input.password, selected_locale: client.ctx.locale } },
      })
      // registration is followed by automatic login (spec §4)
      return logIn(client, input.email, input.password)
    },
    updateCurrentUser: async (input) =>
      toUser(await client.request<Document>('/account', { method: 'PATCH', auth: 'user', body: { user: { first_name: input.firstName, last_name: input.lastName, email: input.email, current_password: input.currentPassword || undefined } } })),
    changePassword: async (currentPassword, newPassword) => {
      await client.request('/account', {
        method: 'PATCH',
        auth: 'user',
        body: { user: { current_password: currentPassword, password: newPassword, password_confirmation: newPassword } },
      })
      return { isPasswordChanged: true }
    },
    forgotPassword: async (email) => {
      await client.request('/passwords', { method: 'POST', auth: 'none', body: { user: { email } } })
    },
    resetPassword: async (token, password) => {
      await client.request(`/passwords/${encodeURIComponent(token)}`, { method: 'PATCH', auth: 'none', body: { user: { password, password_confirmation: password } } })
    },
    getAddresses: async () => {
      if (!client.isAuthenticated) return []
      return (await client.request<ListDocument>('/account/addresses', { auth: 'user' })).data.map(toAddress)
    },
    addAddress: async (address) =>
      toAddress((await client.request<Document>('/account/addresses', { method: 'POST', auth: 'user', body: { address: toAddressPayload(address) } })).data),
    updateAddress: async (address) =>
      toAddress(
        (await client.request<Document>(`/account/addresses/${encodeURIComponent(address._id)}`, { method: 'PATCH', auth: 'user', body: { address: toAddressPayload(address) } })).data,
      ),
    deleteAddress: async (id) => {
      await client.request(`/account/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'user' })
    },
    getSavedCards: async () => {
      if (!client.isAuthenticated) return []
      const list = await client.request<ListDocument>('/account/credit_cards', { auth: 'user' })
      return list.data.map(({ id, attributes }) => ({
        id,
        brand: String(attributes?.cc_type ?? ''),
        lastDigits: String(attributes?.last_digits ?? ''),
        month: Number(attributes?.month),
        year: Number(attributes?.year),
        isDefault: attributes?.default === true,
      }))
    },
  }
}
