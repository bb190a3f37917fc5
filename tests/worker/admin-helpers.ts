import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { hashPassword } from '#worker/backend/services/passwords.ts'
import type { Env } from '#worker/env.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'
import { AU_ADDRESS, TEST_CARD, call, guestCart, uniqueEmail } from '#tests/factories/api.ts'
import { ORIGIN } from './helpers.ts'

export const ADMIN_PASSWORD = 'correct horse battery'

/** An admin account, as `npm run admin:create` makes one. */
export async function createAdmin(email = uniqueEmail('ops')) {
  const hash = await hashPassword(env as unknown as Env, ADMIN_PASSWORD)
  const row = await env.DB.prepare("INSERT INTO users (email, first_name, last_name, password_hash, role) VALUES (?, 'Olive', 'Operator', ?, 'admin') RETURNING id")
    .bind(email, hash)
    .first<{ id: number }>()
  return { id: row!.id, email }
}

/** A browser without JavaScript: keeps cookies, sends forms from our own origin, follows nothing by itself. */
export function consoleBrowser(ip = clientAddress()) {
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name!)
      else jar.set(name!, value)
    }
    return res
  }
  const headers = (extra: Record<string, string> = {}) => ({ origin: ORIGIN, accept: 'text/html', ...fromClient(ip), ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...extra })
  const browser = {
    jar,
    async get(path: string) {
      const res = keep(await SELF.fetch(ORIGIN + path, { redirect: 'manual', headers: headers() }))
      return { status: res.status, headers: res.headers, location: res.headers.get('location'), body: await res.text() }
    },
    /** A form post; URLSearchParams for a name sent more than once (a group of checkboxes). */
    async post(path: string, fields: Record<string, string> | URLSearchParams, extra: Record<string, string> = {}) {
      const res = keep(
        await SELF.fetch(ORIGIN + path, { method: 'POST', redirect: 'manual', headers: headers({ 'content-type': 'application/x-www-form-urlencoded', ...extra }), body: new URLSearchParams(fields).toString() }),
      )
      return { status: res.status, headers: res.headers, location: res.headers.get('location'), body: await res.text() }
    },
    /** A multipart form (file uploads), as a browser sends one. */
    async upload(path: string, form: FormData) {
      const res = keep(await SELF.fetch(ORIGIN + path, { method: 'POST', redirect: 'manual', headers: headers(), body: form }))
      return { status: res.status, headers: res.headers, location: res.headers.get('location'), body: await res.text() }
    },
    async logIn(email: string, password = ADMIN_PASSWORD) {
      return browser.post('/admin/login', { email, password })
    },
  }
  return browser
}

/** A console browser already logged in as a fresh admin. */
export async function operator() {
  const admin = await createAdmin()
  const b = consoleBrowser()
  const res = await b.logIn(admin.email)
  if (res.status !== 303) throw new Error(`admin login failed: ${res.status} ${res.body.slice(0, 300)}`)
  return { ...admin, b }
}

/** The newest audit entries of an action. */
export async function auditOf(action: string) {
  const { results } = await env.DB.prepare('SELECT * FROM audit_log WHERE action = ? ORDER BY id DESC').bind(action).all<{ id: number; admin_email: string; subject_type: string; subject_id: string; before_json: string | null; after_json: string | null }>()
  return results.map((r) => ({ ...r, before: r.before_json ? JSON.parse(r.before_json) : null, after: r.after_json ? JSON.parse(r.after_json) : null }))
}

/**
 * A placed order of `quantity` units of the variant: a member's (bearer) or a guest's, paid by an optional gift card,
 * optional store credit (the member's) and a card for the rest; `more` adds other lines, `coupon` applies a code,
 * `billAddress` bills another address than the one shipped to, `shipAddress` ships elsewhere (abroad: pick its rate), `shippingRate` picks the shipping method ('3' is the
 * seed's Click & Collect; '1', Standard, unless given). Returns the order number.
 */
export async function placeOrder(variantId: number, opts: { quantity?: number; member?: { bearer: string; userId: number }; giftCardCode?: string; storeCreditCents?: number; more?: Array<{ variantId: number; quantity: number }>; coupon?: string; billAddress?: typeof AU_ADDRESS; shipAddress?: typeof AU_ADDRESS; shippingRate?: string; pickupPlace?: number } = {}) {
  const bearer = opts.member?.bearer
  const token = bearer ? undefined : await guestCart()
  if (bearer) await call('/cart', { method: 'POST', bearer })
  const auth = { bearer, orderToken: token }
  const added = await call('/cart/add_item', { ...auth, body: { variant_id: variantId, quantity: opts.quantity ?? 1 } })
  if (added.status !== 200) throw new Error(JSON.stringify(added.body))
  for (const line of opts.more ?? []) {
    const more = await call('/cart/add_item', { ...auth, body: { variant_id: line.variantId, quantity: line.quantity } })
    if (more.status !== 200) throw new Error(JSON.stringify(more.body))
  }
  if (opts.coupon) {
    const applied = await call('/cart/apply_coupon_code', { method: 'PATCH', ...auth, body: { coupon_code: opts.coupon } })
    if (applied.status !== 200) throw new Error(JSON.stringify(applied.body))
  }
  const email = bearer ? undefined : `guest-${crypto.randomUUID().slice(0, 6)}@example.com`
  await call('/checkout', { method: 'PATCH', ...auth, body: { order: { ...(email ? { email } : {}), ship_address_attributes: opts.shipAddress ?? AU_ADDRESS, bill_address_attributes: opts.billAddress ?? AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: opts.shippingRate ?? '1' }] } } })
  // a pickup is collected from a place while the shop has places (migration 0400): the first, or the one given
  const place = opts.pickupPlace ?? (await env.DB.prepare('SELECT id FROM collect_locations WHERE retired_at IS NULL ORDER BY id LIMIT 1').first<{ id: number }>())?.id
  if (opts.shippingRate === '3' && place) {
    const chosen = await call('/checkout/select_shipping_method', { method: 'PATCH', ...auth, body: { shipping_method_id: '3', pickup_location_id: String(place) } })
    if (chosen.status !== 200) throw new Error(JSON.stringify(chosen.body))
  }
  if (opts.giftCardCode) {
    const applied = await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '2', source_attributes: { gift_card_code: opts.giftCardCode } } })
    if (applied.status !== 200) throw new Error(JSON.stringify(applied.body))
  }
  if (opts.storeCreditCents && opts.member) {
    await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', ?) ON CONFLICT DO UPDATE SET balance_cents = excluded.balance_cents").bind(opts.member.userId, opts.storeCreditCents).run()
    const applied = await call('/checkout/add_store_credit', { method: 'POST', ...auth })
    if (applied.status !== 200) throw new Error(JSON.stringify(applied.body))
  }
  const balance = (await call('/cart', auth)).body.data.attributes.balance
  if (balance !== '0.00') await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
  const done = await call('/checkout/complete', { method: 'PATCH', ...auth })
  if (done.status !== 200) throw new Error(`complete failed: ${JSON.stringify(done.body)}`)
  return done.body.data.attributes.number as string
}

/** The store's address, where shoppers send returns (a test store has no store row: approving a return needs one). */
export async function storeAddress(address = '12 Flinders Lane, Melbourne VIC 3000, Australia') {
  await env.DB.prepare("INSERT INTO store (id, name, url, address) VALUES (1, 'Test store', '', ?) ON CONFLICT (id) DO UPDATE SET address = excluded.address").bind(address).run()
}
