import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { requireUser } from './auth.ts'
import type { AddressRow } from './cart-state.ts'
import { pathId, readParams } from './http.ts'
import { AddressPayloadSchema, booleanish, PageParamsSchema, type AddressPayload } from './schemas.ts'
import { pagination } from '../catalogue/jsonapi.ts'
import { addressResource } from './serializers.ts'

/** `/account/addresses`: a customer's saved addresses, one of them the default (extension field `is_default`). */
export const addressRoutes = new Hono<{ Bindings: Env }>()

const AddressBodySchema = z.object({ address: z.intersection(AddressPayloadSchema, z.object({ is_default: z.optional(z.pipe(z.transform(booleanish), z.boolean({ message: 'must be true or false' }))) })) })

const COLUMNS = ['firstname', 'lastname', 'company', 'address1', 'address2', 'city', 'zipcode', 'phone', 'state_name', 'country_iso', 'email', 'tax_id', 'label'] as const

/** Inserts an address row (a saved one with `userId`, a checkout copy without). */
export function insertAddress(db: D1Database, a: AddressPayload, userId: number | null, isDefault = false) {
  return db
    .prepare(`INSERT INTO addresses (user_id, ${COLUMNS.join(', ')}, is_default) VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?) RETURNING *`)
    .bind(userId, ...COLUMNS.map((k) => a[k] ?? null), isDefault ? 1 : 0)
}

/** Takes the default mark off the customer's addresses: the first statement of a batch that marks another one. */
export const clearDefault = (db: D1Database, userId: number) =>
  db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1').bind(userId)

async function listAddresses(db: D1Database, userId: number) {
  const { results } = await db.prepare('SELECT * FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY id').bind(userId).all<AddressRow>()
  return results
}

addressRoutes.get('/account/addresses', async (c) => {
  const userId = await requireUser(c)
  const { page, per_page } = await readParams(c, PageParamsSchema)
  const all = await listAddresses(c.env.DB, userId)
  const shown = all.slice((page - 1) * per_page, page * per_page)
  return c.json({ data: shown.map(addressResource), ...pagination(new URL(c.req.url), page, per_page, all.length, shown.length) })
})

addressRoutes.post('/account/addresses', async (c) => {
  const userId = await requireUser(c)
  const { address } = await readParams(c, AddressBodySchema)
  const first = (await listAddresses(c.env.DB, userId)).length === 0
  const makeDefault = address.is_default ?? first
  const statements = makeDefault ? [clearDefault(c.env.DB, userId)] : []
  const results = await c.env.DB.batch([...statements, insertAddress(c.env.DB, address, userId, makeDefault)])
  const row = results.at(-1)!.results[0] as AddressRow
  return c.json({ data: addressResource(row) })
})

addressRoutes.patch('/account/addresses/:id', async (c) => {
  const userId = await requireUser(c)
  const id = pathId(c.req.param('id'))
  const { address } = await readParams(c, AddressBodySchema)
  const existing = await c.env.DB.prepare('SELECT * FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL').bind(id, userId).first<AddressRow>()
  if (!existing) throw notFound('This address could not be found.')
  const makeDefault = address.is_default ?? existing.is_default === 1
  await c.env.DB.batch([
    ...(makeDefault ? [clearDefault(c.env.DB, userId)] : []),
    c.env.DB.prepare(`UPDATE addresses SET ${COLUMNS.map((k) => `${k} = ?`).join(', ')}, is_default = ? WHERE id = ?`).bind(
      ...COLUMNS.map((k) => address[k] ?? null),
      makeDefault ? 1 : 0,
      id,
    ),
  ])
  const row = await c.env.DB.prepare('SELECT * FROM addresses WHERE id = ?').bind(id).first<AddressRow>()
  return c.json({ data: addressResource(row!) })
})

addressRoutes.delete('/account/addresses/:id', async (c) => {
  const userId = await requireUser(c)
  const id = pathId(c.req.param('id'))
  // soft delete: orders keep pointing at the address they were shipped to
  const { meta } = await c.env.DB.prepare(
    "UPDATE addresses SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), is_default = 0 WHERE id = ? AND user_id = ? AND deleted_at IS NULL",
  )
    .bind(id, userId)
    .run()
  if (meta.changes === 0) throw notFound('This address could not be found.')
  return c.body(null, 204)
})
