import { env } from 'cloudflare:workers'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { clientAddress, fromClient } from './client.ts'

/** Calls the embedded backend directly (no CSRF or session middleware in between), as the commerce client does. */

export interface CallOptions {
  method?: string
  body?: unknown
  /** A raw body string (malformed-input tests). */
  raw?: string
  /** A form-encoded body (`order[email]` keys), as Rails clients may send. */
  form?: Record<string, string>
  bearer?: string | null
  orderToken?: string | null
  /** The client address the rate limits count; unique per test by default. */
  ip?: string
  /** Bindings to add or replace (mail delivery switched on, a fake queue). */
  env?: Partial<Env>
}

/** A fresh client address, so rate limits of one test do not leak into another. */
export const freshIp = clientAddress

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext

export async function call<T = any>(path: string, options: CallOptions = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json', ...fromClient(options.ip ?? clientAddress()) }
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json'
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded'
  const hasBody = options.body !== undefined || options.raw !== undefined || options.form !== undefined
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  if (options.orderToken) headers['x-spree-order-token'] = options.orderToken
  const url = path.startsWith('/spree_oauth') ? `https://store.test${path}` : `https://store.test/api/v2/storefront${path}`
  const response = await backend.fetch(
    new Request(url, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: options.form ? new URLSearchParams(options.form).toString() : (options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))),
    }),
    { ...(env as unknown as Env), ...options.env },
    ctx,
  )
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

export const uniqueEmail = (prefix = 'shopper') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** Registers a customer through the API and logs them in; returns the bearer. */
export async function registerAndLogin(opts: { email?: string; password?: string; firstName?: string } = {}) {
  const email = opts.email ?? uniqueEmail()
  const password = opts.password ?? 'secret123'
  const reg = await call('/account', { body: { user: { email, first_name: opts.firstName ?? 'Ada', last_name: 'Lovelace', password, password_confirmation: password } } })
  if (reg.status !== 200) throw new Error(`registration failed: ${JSON.stringify(reg.body)}`)
  const token = await call('/spree_oauth/token', { body: { grant_type: 'password', username: email, password } })
  if (token.status !== 200) throw new Error(`login failed: ${JSON.stringify(token.body)}`)
  return { email, password, userId: Number(reg.body.data.id), bearer: token.body.access_token as string, refresh: token.body.refresh_token as string }
}

/** A guest cart; returns its token. */
export async function guestCart(currency: 'AUD' | 'USD' = 'AUD') {
  const res = await call(`/cart?currency=${currency}`, { method: 'POST' })
  if (res.status !== 201) throw new Error(`cart failed: ${JSON.stringify(res.body)}`)
  return res.body.data.attributes.token as string
}

export const AU_ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  address1: '1 Collins Street',
  city: 'Melbourne',
  zipcode: '3000',
  phone: '0412 345 678',
  state_name: 'VIC',
  country_iso: 'AU',
}

export const TEST_CARD = { number: '4111111111111111', month: 12, year: new Date().getUTCFullYear() + 2, verification_value: '123', name: 'Ada Lovelace' }

/** A guest cart with one variant, email, both addresses and a shipping rate: ready for payment. Returns its token. */
export async function paymentReadyCart(variantId: number, quantity = 1) {
  const token = await guestCart()
  await call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity } })
  const order = { email: `guest-${token.slice(0, 6)}@example.com`, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  const res = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order } })
  if (res.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(res.body)}`)
  return token
}
