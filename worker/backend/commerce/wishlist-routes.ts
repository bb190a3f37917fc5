import { Hono } from 'hono'
import * as z from 'zod'
import type { Env } from '#worker/env.ts'
import type { Currency } from '#web/api/models.ts'
import { formatMoney } from '#web/i18n/format.ts'
import { BackendError, notFound } from '../shared/errors.ts'
import { randomToken } from '../services/crypto.ts'
import { requireUser } from './auth.ts'
import { pathId, readParams } from './http.ts'
import { requestCurrency } from './orders.ts'
import { requestLocale } from './respond.ts'
import { IdSchema, QuantitySchema } from './schemas.ts'
import type { BackendContext } from './http.ts'
import { loadVariants } from './variants.ts'

/** Wishlists (bearer only): the default one, show with items, add, remove, delete. */
export const wishlistRoutes = new Hono<{ Bindings: Env }>()

interface WishlistRow {
  id: number
  user_id: number
  token: string
  name: string
  is_default: number
  is_private: number
}

const AddItemSchema = z.object({ variant_id: IdSchema, quantity: QuantitySchema.default(1) })

async function defaultWishlist(db: D1Database, userId: number): Promise<WishlistRow> {
  await db
    .prepare("INSERT INTO wishlists (user_id, token, name, is_default) SELECT ?1, ?2, 'Wishlist', 1 WHERE NOT EXISTS (SELECT 1 FROM wishlists WHERE user_id = ?1 AND is_default = 1)")
    .bind(userId, randomToken(16))
    .run()
  return (await db.prepare('SELECT * FROM wishlists WHERE user_id = ? AND is_default = 1').bind(userId).first<WishlistRow>())!
}

async function ownWishlist(c: BackendContext): Promise<WishlistRow> {
  const userId = await requireUser(c)
  const token = c.req.param('token') ?? ''
  const row = await c.env.DB.prepare('SELECT * FROM wishlists WHERE token = ? AND user_id = ?').bind(token, userId).first<WishlistRow>()
  if (!row) throw notFound('This wishlist could not be found.')
  return row
}

async function wishlistDocument(c: BackendContext, wishlist: WishlistRow) {
  const db = c.env.DB
  const currency: Currency = (await requestCurrency(c)) ?? 'AUD'
  const locale = requestLocale(c)
  const { results } = await db.prepare('SELECT * FROM wished_items WHERE wishlist_id = ? ORDER BY id').bind(wishlist.id).all<{ id: number; variant_id: number; quantity: number }>()
  const variants = await loadVariants(db, results.map((r) => r.variant_id), currency, locale)
  const member = true // wishlists belong to customers, and customers are club members
  const items = results.map((item) => {
    const v = variants.get(item.variant_id)
    const regular = v?.amountCents ?? 0
    const special = member && v?.memberCents !== null && v?.memberCents !== undefined && v.memberCents < regular ? v.memberCents : null
    const money = (cents: number) => formatMoney(cents / 100, currency, locale)
    return {
      id: String(item.id),
      type: 'wished_item',
      attributes: {
        quantity: item.quantity,
        price: (regular / 100).toFixed(2),
        display_price: money(regular),
        club_price: special === null ? null : (special / 100).toFixed(2),
        display_club_price: special === null ? null : money(special),
        total: ((special ?? regular) * item.quantity / 100).toFixed(2),
        display_total: money((special ?? regular) * item.quantity),
        name: v?.name ?? 'Unavailable product',
        slug: v?.slug ?? '',
        sku: v?.sku ?? '',
        image: v?.image ?? null,
        options: v?.options.map((o) => ({ type: o.type, value: o.value })) ?? [],
      },
      relationships: { variant: { data: { type: 'variant', id: String(item.variant_id) } } },
    }
  })
  const totalCents = items.reduce((sum, item) => sum + Math.round(Number(item.attributes.total) * 100), 0)
  return {
    data: {
      id: wishlist.token,
      type: 'wishlist',
      attributes: {
        token: wishlist.token,
        name: wishlist.name,
        is_private: wishlist.is_private === 1,
        is_default: wishlist.is_default === 1,
        // Extension: what the whole wishlist costs this customer now (the sidebar's 'Total price').
        total: (totalCents / 100).toFixed(2),
        display_total: formatMoney(totalCents / 100, currency, locale),
      },
      relationships: { wished_items: { data: items.map((i) => ({ type: 'wished_item', id: i.id })) } },
    },
    included: items,
  }
}

wishlistRoutes.get('/wishlists/default', async (c) => {
  const userId = await requireUser(c)
  return c.json(await wishlistDocument(c, await defaultWishlist(c.env.DB, userId)))
})

wishlistRoutes.get('/wishlists', async (c) => {
  const userId = await requireUser(c)
  await defaultWishlist(c.env.DB, userId)
  const { results } = await c.env.DB.prepare('SELECT * FROM wishlists WHERE user_id = ? ORDER BY id').bind(userId).all<WishlistRow>()
  const docs = await Promise.all(results.map((w) => wishlistDocument(c, w)))
  return c.json({ data: docs.map((d) => d.data), included: docs.flatMap((d) => d.included) })
})

wishlistRoutes.get('/wishlists/:token', async (c) => c.json(await wishlistDocument(c, await ownWishlist(c))))

wishlistRoutes.delete('/wishlists/:token', async (c) => {
  const wishlist = await ownWishlist(c)
  await c.env.DB.prepare('DELETE FROM wishlists WHERE id = ?').bind(wishlist.id).run()
  return c.body(null, 204)
})

wishlistRoutes.post('/wishlists/:token/add_item', async (c) => {
  const wishlist = await ownWishlist(c)
  const body = await readParams(c, AddItemSchema)
  const variant = (await loadVariants(c.env.DB, [body.variant_id], 'AUD', 'en')).get(body.variant_id)
  if (!variant || !variant.available) throw new BackendError(404, 'This product is not available.', { variant_id: ['does not exist'] })
  await c.env.DB.prepare('INSERT INTO wished_items (wishlist_id, variant_id, quantity) VALUES (?, ?, ?) ON CONFLICT (wishlist_id, variant_id) DO UPDATE SET quantity = excluded.quantity')
    .bind(wishlist.id, body.variant_id, body.quantity)
    .run()
  return c.json(await wishlistDocument(c, wishlist))
})

wishlistRoutes.delete('/wishlists/:token/remove_item/:item', async (c) => {
  const wishlist = await ownWishlist(c)
  const itemId = pathId(c.req.param('item'))
  const { meta } = await c.env.DB.prepare('DELETE FROM wished_items WHERE id = ? AND wishlist_id = ?').bind(itemId, wishlist.id).run()
  if (meta.changes === 0) throw notFound('This item is not in the wishlist.')
  return c.json(await wishlistDocument(c, wishlist))
})
