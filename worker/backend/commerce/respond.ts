import type { Locale } from '#kernel/models.ts'
import { loadCartState } from './cart-state.ts'
import type { BackendContext } from './http.ts'
import type { OrderRow } from './orders.ts'
import { cartDocument } from './serializers.ts'

/** The locale texts are answered in (`?locale=de`, as Spree's `locale` parameter); English otherwise. */
export const requestLocale = (c: BackendContext): Locale => (c.req.query('locale') === 'de' ? 'de' : 'en')

/**
 * Answers with the order as it now is in the database (always re-read, so the response shows what was stored): one
 * round trip, and none more for a change whose `writes` go first in the same batch (atomically: a refused write
 * changes nothing and answers nothing; `checkWrites` may refuse the request from what they changed).
 */
export async function cartResponse(
  c: BackendContext,
  order: OrderRow | number,
  { status = 200, meta, writes, checkWrites }: { status?: 200 | 201; meta?: Record<string, unknown>; writes?: D1PreparedStatement[]; checkWrites?: (results: D1Result[]) => void } = {},
) {
  const state = await loadCartState(c.env.DB, typeof order === 'number' ? order : order.id, requestLocale(c), { writes, checkWrites })
  const document = cartDocument(state)
  return c.json(meta ? { ...document, meta: { ...(document as { meta?: object }).meta, ...meta } } : document, status)
}
