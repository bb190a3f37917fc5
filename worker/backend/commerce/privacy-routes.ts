import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { verifyPassword } from '../services/passwords.ts'
import { recordSessionPasswordFailure, sessionPasswordGate } from '../services/login-throttle.ts'
import { requireUser } from './auth.ts'
import { loadUser } from './accounts.ts'
import { readParams } from './http.ts'

/**
 * Extensions (docs/commerce-api.md, docs/account.md): a member's own data as one JSON document, and deleting the
 * account. Deleting keeps completed orders (tax records must be kept for five years) with everything that names the
 * person removed, and removes the rest: sessions and reset links, saved addresses and cards, wishlists, store credit,
 * open carts, the newsletter subscription and contact messages.
 */
export const privacyRoutes = new Hono<{ Bindings: Env }>()

const cents = (value: number | null) => (value === null ? null : (value / 100).toFixed(2))

privacyRoutes.get('/account/export', async (c) => {
  const userId = await requireUser(c)
  const user = await loadUser(c.env.DB, userId)
  const db = c.env.DB
  const [addresses, orders, lines, wished, credits, newsletter] = await db.batch([
    db.prepare('SELECT id, firstname, lastname, company, address1, address2, city, state_name, zipcode, country_iso, phone, is_default FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY id').bind(userId),
    db
      .prepare(
        `SELECT o.id, o.number, o.state, o.currency, o.email, o.completed_at, o.item_total_cents, o.promo_total_cents, o.ship_total_cents, o.tax_total_cents,
                o.total_cents, o.gift_card_total_cents, o.store_credit_total_cents, o.club_savings_cents,
                s.firstname AS ship_firstname, s.lastname AS ship_lastname, s.address1 AS ship_address1, s.address2 AS ship_address2, s.city AS ship_city,
                s.state_name AS ship_state, s.zipcode AS ship_zipcode, s.country_iso AS ship_country, s.phone AS ship_phone,
                b.firstname AS bill_firstname, b.lastname AS bill_lastname, b.address1 AS bill_address1, b.address2 AS bill_address2, b.city AS bill_city,
                b.state_name AS bill_state, b.zipcode AS bill_zipcode, b.country_iso AS bill_country, b.phone AS bill_phone
         FROM orders o LEFT JOIN addresses s ON s.id = o.ship_address_id LEFT JOIN addresses b ON b.id = o.bill_address_id
         WHERE o.user_id = ? AND o.state = 'complete' ORDER BY o.id DESC`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT li.order_id, v.sku, p.name, li.quantity, li.price_cents, li.gift_card_cents, li.recipient_name, li.recipient_email, li.gift_message
         FROM line_items li JOIN orders o ON o.id = li.order_id JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
         WHERE o.user_id = ? AND o.state = 'complete' ORDER BY li.id`,
      )
      .bind(userId),
    db
      .prepare('SELECT v.sku, p.name, wi.quantity FROM wished_items wi JOIN wishlists w ON w.id = wi.wishlist_id JOIN variants v ON v.id = wi.variant_id JOIN products p ON p.id = v.product_id WHERE w.user_id = ? ORDER BY wi.id')
      .bind(userId),
    db.prepare('SELECT currency, balance_cents FROM store_credits WHERE user_id = ? ORDER BY currency').bind(userId),
    db.prepare('SELECT subscribed, updated_at FROM newsletter_subscribers WHERE email = ?').bind(user.email),
  ])
  type Row = Record<string, string | number | null>
  const rows = (result: D1Result | undefined) => (result?.results ?? []) as Row[]
  const address = (row: Row, prefix = '') => ({
    firstName: row[`${prefix}firstname`],
    lastName: row[`${prefix}lastname`],
    ...(prefix ? {} : { company: row.company }),
    addressLine1: row[`${prefix}address1`],
    apartment: row[`${prefix}address2`],
    city: row[`${prefix}city`],
    state: row[`${prefix}state_name`] ?? row[`${prefix}state`],
    zipCode: row[`${prefix}zipcode`],
    country: row[`${prefix}country_iso`] ?? row[`${prefix}country`],
    phoneNumber: row[`${prefix}phone`],
  })
  const subscription = rows(newsletter)[0]
  const document = {
    exportedAt: new Date().toISOString(),
    profile: { email: user.email, firstName: user.first_name, lastName: user.last_name, language: user.selected_locale ?? 'en', memberSince: (user as unknown as { created_at?: string }).created_at ?? null },
    addresses: rows(addresses).map((row) => ({ ...address(row), isDefault: row.is_default === 1 })),
    orders: rows(orders).map((order) => ({
      number: order.number,
      completedAt: order.completed_at,
      currency: order.currency,
      email: order.email,
      itemTotal: cents(order.item_total_cents as number | null),
      promotions: cents(order.promo_total_cents as number | null),
      shipping: cents(order.ship_total_cents as number | null),
      gstIncluded: cents(order.tax_total_cents as number | null),
      total: cents(order.total_cents as number | null),
      paidByGiftCard: cents(order.gift_card_total_cents as number | null),
      paidByStoreCredit: cents(order.store_credit_total_cents as number | null),
      clubPriceSavings: cents(order.club_savings_cents as number | null),
      shippingAddress: order.ship_firstname === null ? null : address(order, 'ship_'),
      billingAddress: order.bill_firstname === null ? null : address(order, 'bill_'),
      lines: rows(lines)
        .filter((line) => line.order_id === order.id)
        .map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          price: cents((line.gift_card_cents ?? line.price_cents) as number | null),
          ...(line.gift_card_cents !== null ? { giftCard: { recipientName: line.recipient_name, recipientEmail: line.recipient_email, message: line.gift_message } } : {}),
        })),
    })),
    wishlist: rows(wished).map((item) => ({ sku: item.sku, name: item.name, quantity: item.quantity })),
    storeCredit: Object.fromEntries(rows(credits).map((row) => [row.currency, cents(row.balance_cents as number)])),
    newsletter: { subscribed: subscription?.subscribed === 1, changedAt: subscription?.updated_at ?? null },
  }
  c.header('Cache-Control', 'private, no-store')
  return c.json(document)
})

const DeleteSchema = z.object({ password: z.string({ message: "can't be blank" }).check(z.maxLength(128)) })

privacyRoutes.post('/account/delete', async (c) => {
  const userId = await requireUser(c)
  const { password } = await readParams(c, DeleteSchema)
  const user = await loadUser(c.env.DB, userId)
  if (!password) throw new BackendError(422, 'Enter your password to delete your account.', { password: ["can't be blank"] }, undefined, 'password_required')
  // a stolen session must not become a way to guess the password
  await sessionPasswordGate(c, user)
  if (!(await verifyPassword(c.env, password, user.password_hash))) {
    await recordSessionPasswordFailure(c.env.DB, user.id)
    throw new BackendError(422, 'The password is not correct.', { password: ['is not correct'] }, undefined, 'password_incorrect')
  }
  // the console's records name their operator (audit log, imports): another operator removes an operator account
  const { role } = (await c.env.DB.prepare('SELECT role FROM users WHERE id = ?').bind(userId).first<{ role: string }>()) ?? { role: 'customer' }
  if (role === 'admin') throw new BackendError(409, 'An operator account cannot be deleted here. Please ask another operator to remove it.', undefined, undefined, 'account_is_operator')

  const db = c.env.DB
  const kept = "SELECT id FROM orders WHERE user_id = ?1 AND state = 'complete'"
  const orderAddresses = `SELECT ship_address_id FROM orders WHERE user_id = ?1 AND ship_address_id IS NOT NULL
                          UNION SELECT bill_address_id FROM orders WHERE user_id = ?1 AND bill_address_id IS NOT NULL`
  // One batch (atomic): either the whole account is gone and its orders anonymised, or nothing changed.
  await db.batch([
    // kept orders' addresses keep only what the tax records need (state and country decide the GST); the rest goes
    db
      .prepare(
        `UPDATE addresses SET user_id = NULL, firstname = 'Deleted', lastname = 'customer', company = NULL, address1 = '-', address2 = NULL, city = '-',
           zipcode = '-', phone = '-', email = NULL, tax_id = NULL, label = NULL, is_default = 0,
           deleted_at = COALESCE(deleted_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         WHERE id IN (${orderAddresses})`,
      )
      .bind(userId),
    db.prepare(`UPDATE line_items SET recipient_name = NULL, recipient_email = NULL, gift_message = NULL WHERE order_id IN (${kept})`).bind(userId),
    // a return's reason is a choice from a list; the shopper's own words go
    db.prepare(`UPDATE return_requests SET comment = NULL WHERE order_id IN (${kept})`).bind(userId),
    db.prepare(`UPDATE orders SET email = NULL, user_id = NULL, customer_deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id IN (${kept})`).bind(userId),
    // open carts and unfinished checkouts are not records of a sale: they go (their lines and payments with them)
    db.prepare('UPDATE orders SET ship_address_id = NULL, bill_address_id = NULL WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM orders WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM addresses WHERE user_id = ?').bind(userId),
    db.prepare('UPDATE affiliate_visits SET user_id = NULL WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM newsletter_subscribers WHERE email = ?').bind(user.email),
    db.prepare('DELETE FROM contact_messages WHERE email = ?').bind(user.email),
    // back-in-stock requests of the account or its address (its price-drop switch goes with the user row below)
    db.prepare('DELETE FROM stock_alerts WHERE user_id = ?1 OR email = ?2').bind(userId, user.email),
    // the user row last: its cascade removes sessions (oauth_tokens), reset links, store credit, wishlists and their
    // items, saved cards, the payment provider's customer link and console sessions
    db.prepare('DELETE FROM users WHERE id = ?').bind(userId),
  ])
  return c.body(null, 204)
})
