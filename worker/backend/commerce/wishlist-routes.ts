import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError, notFound } from '../shared/errors.ts'
import { pagination } from '../catalogue/jsonapi.ts'
import { randomToken } from '../../lib/crypto.ts'
import { requireUser } from './auth.ts'
import { pathId, readParams, requestParams } from './http.ts'
import { booleanish, IdSchema, PageParamsSchema, QuantitySchema, RequiredText } from './schemas.ts'
import type { BackendContext } from './http.ts'
import { loadVariants } from './variants.ts'
import { wishedItemResources, type WishedItemRow } from './wished-items.ts'

/** Wishlists (bearer only): list, create, rename, delete; items added, re-counted and removed one or many at a time. */
export const wishlistRoutes = new Hono<{ Bindings: Env }>()

interface WishlistRow {
  id: number
  user_id: number
  token: string
  name: string
  is_default: number
  is_private: number
}

const ItemSchema = z.object({ variant_id: IdSchema, quantity: z._default(QuantitySchema, 1) })
const Flag = z.pipe(z.transform(booleanish), z.boolean({ message: 'must be true or false' }))
const WishlistFields = z.object({ name: z.optional(RequiredText(100)), is_private: z.optional(Flag), is_default: z.optional(Flag) })
/**
 * The contract sends `name` at the top level to create and under `wishlist` to update; Spree reads both. Which one is
 * chosen by the body, not tried in turn, so a bad field is named (`is_private`, `wishlist.is_default`).
 */
const WishlistSchema = z.pipe(z.intersection(z
  .object({ wishlist: z.optional(WishlistFields) }), WishlistFields), z.transform(({ wishlist, ...flat }) => wishlist ?? flat))
const AddItemsSchema = z.object({ wished_items: z.array(ItemSchema, { message: 'must be a list of items' }).check(z.minLength(1, 'must not be empty'), z.maxLength(50, 'can have at most 50 items')) })
const RemoveItemsSchema = z.object({ wished_items_ids: z.array(IdSchema, { message: 'must be a list of ids' }).check(z.minLength(1, 'must not be empty'), z.maxLength(50, 'can have at most 50 ids')) })

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

async function itemsOf(db: D1Database, wishlistIds: number[]) {
  if (wishlistIds.length === 0) return []
  const { results } = await db.prepare(`SELECT * FROM wished_items WHERE wishlist_id IN (${wishlistIds.map(() => '?').join(',')}) ORDER BY id`).bind(...wishlistIds).all<WishedItemRow>()
  return results
}

/** Wishlists with their items (always included: the storefront shows them together), as one JSON:API document. */
async function wishlistResources(c: BackendContext, wishlists: WishlistRow[]) {
  const items = await itemsOf(c.env.DB, wishlists.map((w) => w.id))
  const { money, resources } = await wishedItemResources(c, items)
  const asked = ((await requestParams(c)) as { is_variant_included?: unknown }).is_variant_included
  const data = wishlists.map((wishlist) => {
    const own = resources.filter((r) => r.wishlistId === wishlist.id)
    const totalCents = own.reduce((sum, r) => sum + r.totalCents, 0)
    return {
      id: wishlist.token,
      type: 'wishlist',
      attributes: {
        token: wishlist.token,
        name: wishlist.name,
        is_private: wishlist.is_private === 1,
        is_default: wishlist.is_default === 1,
        variant_included: typeof asked === 'string' && own.some((r) => r.resource.relationships.variant.data.id === asked),
        // Extension: what the whole wishlist costs this customer now (the sidebar's 'Total price').
        total: (totalCents / 100).toFixed(2),
        display_total: money(totalCents),
      },
      relationships: { wished_items: { data: own.map((r) => ({ type: 'wished_item', id: r.resource.id })) } },
    }
  })
  return { data, included: resources.map((r) => r.resource) }
}

async function wishlistDocument(c: BackendContext, wishlist: WishlistRow) {
  const { data, included } = await wishlistResources(c, [wishlist])
  return { data: data[0]!, included }
}

/** One wished item, as the item calls answer (`WishedItem`). */
async function wishedItemDocument(c: BackendContext, item: WishedItemRow) {
  const { resources } = await wishedItemResources(c, [item])
  return { data: resources[0]!.resource }
}

wishlistRoutes.get('/wishlists/default', async (c) => {
  const userId = await requireUser(c)
  return c.json(await wishlistDocument(c, await defaultWishlist(c.env.DB, userId)))
})

wishlistRoutes.get('/wishlists', async (c) => {
  const userId = await requireUser(c)
  const { page, per_page } = await readParams(c, PageParamsSchema)
  await defaultWishlist(c.env.DB, userId)
  const [rows, count] = await c.env.DB.batch([
    c.env.DB.prepare('SELECT * FROM wishlists WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?').bind(userId, per_page, (page - 1) * per_page),
    c.env.DB.prepare('SELECT COUNT(*) AS n FROM wishlists WHERE user_id = ?').bind(userId),
  ])
  const wishlists = rows!.results as unknown as WishlistRow[]
  const doc = await wishlistResources(c, wishlists)
  return c.json({ ...doc, ...pagination(new URL(c.req.url), page, per_page, (count!.results[0] as { n: number }).n, wishlists.length) })
})

wishlistRoutes.post('/wishlists', async (c) => {
  const userId = await requireUser(c)
  const input = await readParams(c, WishlistSchema)
  if (!input.name) throw new BackendError(422, 'Give the wishlist a name.', { name: ['This field is required.'] }, undefined, 'invalid_details')
  const token = randomToken(16)
  const db = c.env.DB
  await db.batch([
    ...(input.is_default ? [db.prepare('UPDATE wishlists SET is_default = 0 WHERE user_id = ?').bind(userId)] : []),
    db.prepare('INSERT INTO wishlists (user_id, token, name, is_default, is_private) VALUES (?, ?, ?, ?, ?)').bind(userId, token, input.name, input.is_default ? 1 : 0, input.is_private === false ? 0 : 1),
  ])
  return c.json(await wishlistDocument(c, (await db.prepare('SELECT * FROM wishlists WHERE token = ?').bind(token).first<WishlistRow>())!))
})

// A wishlist that is not private is shown to anyone with its token (the contract's 'Retrieve a Wishlist'); only its
// owner changes it.
wishlistRoutes.get('/wishlists/:token', async (c) => {
  const shared = await c.env.DB.prepare('SELECT * FROM wishlists WHERE token = ? AND is_private = 0').bind(c.req.param('token')).first<WishlistRow>()
  return c.json(await wishlistDocument(c, shared ?? (await ownWishlist(c))))
})

wishlistRoutes.patch('/wishlists/:token', async (c) => {
  const wishlist = await ownWishlist(c)
  const input = await readParams(c, WishlistSchema)
  const db = c.env.DB
  await db.batch([
    ...(input.is_default ? [db.prepare('UPDATE wishlists SET is_default = 0 WHERE user_id = ?').bind(wishlist.user_id)] : []),
    db
      .prepare('UPDATE wishlists SET name = ?, is_private = ?, is_default = ? WHERE id = ?')
      .bind(input.name ?? wishlist.name, input.is_private === undefined ? wishlist.is_private : Number(input.is_private), input.is_default === undefined ? wishlist.is_default : Number(input.is_default), wishlist.id),
  ])
  return c.json(await wishlistDocument(c, (await db.prepare('SELECT * FROM wishlists WHERE id = ?').bind(wishlist.id).first<WishlistRow>())!))
})

wishlistRoutes.delete('/wishlists/:token', async (c) => {
  const wishlist = await ownWishlist(c)
  await c.env.DB.prepare('DELETE FROM wishlists WHERE id = ?').bind(wishlist.id).run()
  return c.body(null, 204)
})

/** Every variant must exist and be on sale; checked before anything is written. */
async function assertVariants(db: D1Database, ids: number[]) {
  const variants = await loadVariants(db, ids, 'AUD', 'en')
  const missing = ids.find((id) => !variants.get(id)?.available)
  if (missing !== undefined) throw new BackendError(404, 'This product is not available.', { variant_id: ['does not exist'] }, undefined, 'product_unavailable')
}

const upsertItem = (db: D1Database, wishlistId: number, item: z.output<typeof ItemSchema>) =>
  db
    .prepare('INSERT INTO wished_items (wishlist_id, variant_id, quantity) VALUES (?, ?, ?) ON CONFLICT (wishlist_id, variant_id) DO UPDATE SET quantity = excluded.quantity RETURNING *')
    .bind(wishlistId, item.variant_id, item.quantity)

wishlistRoutes.post('/wishlists/:token/add_item', async (c) => {
  const wishlist = await ownWishlist(c)
  const item = await readParams(c, ItemSchema)
  await assertVariants(c.env.DB, [item.variant_id])
  const row = await upsertItem(c.env.DB, wishlist.id, item).first<WishedItemRow>()
  return c.json(await wishedItemDocument(c, row!))
})

wishlistRoutes.post('/wishlists/:token/add_items', async (c) => {
  const wishlist = await ownWishlist(c)
  const { wished_items } = await readParams(c, AddItemsSchema)
  await assertVariants(c.env.DB, wished_items.map((i) => i.variant_id))
  await c.env.DB.batch(wished_items.map((item) => upsertItem(c.env.DB, wishlist.id, item)))
  return c.json(await wishlistDocument(c, wishlist))
})

wishlistRoutes.patch('/wishlists/:token/set_item_quantity/:item', async (c) => {
  const wishlist = await ownWishlist(c)
  const itemId = pathId(c.req.param('item'))
  const { quantity } = await readParams(c, z.object({ quantity: QuantitySchema }))
  const row = await c.env.DB.prepare('UPDATE wished_items SET quantity = ? WHERE id = ? AND wishlist_id = ? RETURNING *').bind(quantity, itemId, wishlist.id).first<WishedItemRow>()
  if (!row) throw notFound('This item is not in the wishlist.')
  return c.json(await wishedItemDocument(c, row))
})

wishlistRoutes.delete('/wishlists/:token/remove_item/:item', async (c) => {
  const wishlist = await ownWishlist(c)
  const itemId = pathId(c.req.param('item'))
  const row = await c.env.DB.prepare('DELETE FROM wished_items WHERE id = ? AND wishlist_id = ? RETURNING *').bind(itemId, wishlist.id).first<WishedItemRow>()
  if (!row) throw notFound('This item is not in the wishlist.')
  return c.json(await wishedItemDocument(c, row))
})

wishlistRoutes.delete('/wishlists/:token/remove_items', async (c) => {
  const wishlist = await ownWishlist(c)
  const { wished_items_ids } = await readParams(c, RemoveItemsSchema)
  const found = await itemsOf(c.env.DB, [wishlist.id])
  if (!wished_items_ids.every((id) => found.some((item) => item.id === id))) {
    throw new BackendError(404, 'Some of these items are not in the wishlist.', { wished_items_ids: ['are not all in the wishlist'] }, undefined, 'wishlist_item_gone')
  }
  await c.env.DB.prepare(`DELETE FROM wished_items WHERE wishlist_id = ? AND id IN (${wished_items_ids.map(() => '?').join(',')})`).bind(wishlist.id, ...wished_items_ids).run()
  return c.json(await wishlistDocument(c, wishlist))
})
