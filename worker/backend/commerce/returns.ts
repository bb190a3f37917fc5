import type { Locale } from '#kernel/models.ts'
import { FREE_RETURNS_DAYS, type ReturnReason } from '#kernel/config.ts'
import { BackendError } from '../shared/errors.ts'
import type { OrderRow } from './orders.ts'

/**
 * Shopper returns (docs/console.md 'Returns'): what of a placed order can still go back, the request a member
 * makes from their order details. The console answers, receives and refunds (worker/admin/return-actions.ts); the
 * emails are in return-mails.ts.
 */

/** The shopper's request answered: waiting, approved (the goods may come back) or declined. */
export type ReturnState = 'requested' | 'approved' | 'declined'
/** Where a return stands (the return_stages view, migration 0320): answered, received, refunded (closed) or declined. */
export type ReturnStage = 'requested' | 'approved' | 'received' | 'refunded' | 'declined'
export type RefundTo = 'original' | 'store_credit' | 'gift_card'

export interface ReturnRow {
  id: number
  order_id: number
  state: ReturnState
  reason: ReturnReason
  comment: string | null
  locale: Locale
  refund_cents: number | null
  decision_note: string | null
  created_at: string
  decided_at: string | null
  stage: ReturnStage
  received_at: string | null
  refund_to: RefundTo | null
  goods_cents: number | null
  shipping_cents: number | null
  gst_cents: number | null
  gift_card_id: number | null
  refunded_at: string | null
  declined_at: string | null
  decline_note: string | null
}

export interface ReturnItemRow {
  return_id: number
  line_item_id: number
  quantity: number
  /** What came back of it (null before the goods are received), and whether it goes back on the shelf. */
  received: number | null
  restock: number | null
}

/** A line of the order as returns see it: bought, already asked back (waiting or approved) or refunded by the console, what one unit cost. */
export interface ReturnableLine {
  id: number
  variant_id: number
  quantity: number
  returned: number
  price_cents: number
  gift_card: boolean
}

const DAY_MS = 24 * 60 * 60_000

/** Errors in the shopper's language (the storefront shows them as they are). */
const say = (locale: Locale, en: string, de: string) => (locale === 'de' ? de : en)

/**
 * Units of a line no longer open to a return or a refund: asked back in a return not declined (once the return is
 * refunded, those that came back), refunded from the console as a whole line (line_refunds) or by quantity
 * (quantity_refunds). The trigger on quantity_refunds (migration 0320) counts the same.
 */
const SETTLED_UNITS = `(SELECT COALESCE(SUM(CASE WHEN p.refunded_at IS NOT NULL THEN COALESCE(rc.quantity, 0) ELSE ri.quantity END), 0)
     FROM return_items ri JOIN return_requests r ON r.id = ri.return_id
     LEFT JOIN return_progress p ON p.return_id = r.id
     LEFT JOIN return_receipts rc ON rc.return_id = ri.return_id AND rc.line_item_id = ri.line_item_id
     WHERE ri.line_item_id = li.id AND r.state != 'declined' AND p.declined_at IS NULL)
   + (SELECT COALESCE(SUM(quantity), 0) FROM line_refunds WHERE line_item_id = li.id)
   + (SELECT COALESCE(SUM(quantity), 0) FROM quantity_refunds WHERE line_item_id = li.id)`

export async function returnableLines(db: D1Database, orderId: number): Promise<ReturnableLine[]> {
  const { results } = await db
    .prepare(
      `SELECT li.id, li.variant_id, li.quantity, COALESCE(li.price_cents, 0) AS price_cents, li.gift_card_cents IS NOT NULL AS gift_card,
         ${SETTLED_UNITS} AS returned
       FROM line_items li WHERE li.order_id = ? ORDER BY li.id`,
    )
    .bind(orderId)
    .all<Omit<ReturnableLine, 'gift_card'> & { gift_card: number }>()
  return results.map((r) => ({ ...r, gift_card: Boolean(r.gift_card) }))
}

/** When the return window closes: FREE_RETURNS_DAYS after the order shipped (the store does not learn the delivery day). */
export function returnWindowEnd(shippedAt: string): Date {
  return new Date(new Date(shippedAt).getTime() + FREE_RETURNS_DAYS * DAY_MS)
}

export async function returnsOfOrder(db: D1Database, orderId: number): Promise<Array<ReturnRow & { items: ReturnItemRow[] }>> {
  const [returns, items] = await db.batch([
    db
      .prepare(
        `SELECT r.*, s.stage, p.received_at, p.refund_to, p.goods_cents, p.shipping_cents, p.gst_cents, p.gift_card_id, p.refunded_at, p.declined_at, p.decline_note
         FROM return_requests r JOIN return_stages s ON s.return_id = r.id LEFT JOIN return_progress p ON p.return_id = r.id WHERE r.order_id = ? ORDER BY r.id`,
      )
      .bind(orderId),
    db
      .prepare(
        `SELECT ri.*, rc.quantity AS received, rc.restock FROM return_items ri JOIN return_requests r ON r.id = ri.return_id
         LEFT JOIN return_receipts rc ON rc.return_id = ri.return_id AND rc.line_item_id = ri.line_item_id WHERE r.order_id = ? ORDER BY ri.line_item_id`,
      )
      .bind(orderId),
  ])
  const all = items!.results as unknown as ReturnItemRow[]
  return (returns!.results as unknown as ReturnRow[]).map((r) => ({ ...r, items: all.filter((i) => i.return_id === r.id) }))
}

/** What the order's details say about returns: each request, and until when (and whether) a new one can be made. */
export async function returnSummary(db: D1Database, order: OrderRow & { canceled_at?: string | null }) {
  const shipment = await db.prepare('SELECT shipped_at FROM shipments WHERE order_id = ?').bind(order.id).first<{ shipped_at: string | null }>()
  const returns = await returnsOfOrder(db, order.id)
  const until = shipment?.shipped_at && !order.canceled_at ? returnWindowEnd(shipment.shipped_at).toISOString() : null
  return { returns, returnableUntil: until }
}

export interface ReturnRequestInput {
  reason: ReturnReason
  comment: string | null
  items: Array<{ line_item_id: number; quantity: number }>
}

/**
 * Checks a shopper's request against the order (window, open request, lines, quantities) and answers the items to
 * record. Every refusal is a 4xx sentence in the shopper's language and changes nothing.
 */
export async function checkReturnRequest(db: D1Database, order: OrderRow & { canceled_at?: string | null }, input: ReturnRequestInput, locale: Locale, now = new Date()) {
  if (order.canceled_at) throw new BackendError(422, say(locale, 'This order was cancelled, so there is nothing to return.', 'Diese Bestellung wurde storniert; es gibt nichts zurückzusenden.'), undefined, undefined, 'return_order_cancelled')
  const shipment = await db.prepare('SELECT shipped_at FROM shipments WHERE order_id = ?').bind(order.id).first<{ shipped_at: string | null }>()
  if (!shipment?.shipped_at) {
    throw new BackendError(422, say(locale, 'This order has not shipped yet. To change it, please contact us instead.', 'Diese Bestellung ist noch nicht versandt. Für Änderungen kontaktieren Sie uns bitte.'), undefined, undefined, 'return_not_shipped')
  }
  if (now > returnWindowEnd(shipment.shipped_at)) {
    throw new BackendError(
      422,
      say(locale, `Returns are accepted within ${FREE_RETURNS_DAYS} days of shipping; the window for this order has closed.`, `Rücksendungen sind innerhalb von ${FREE_RETURNS_DAYS} Tagen nach Versand möglich; diese Frist ist für diese Bestellung abgelaufen.`),
      { base: ['return window closed'] },
    undefined, 'return_window_closed', { days: FREE_RETURNS_DAYS })
  }
  const open = await db.prepare("SELECT id FROM return_requests WHERE order_id = ? AND state = 'requested'").bind(order.id).first()
  if (open) throw new BackendError(409, say(locale, 'A return for this order is already waiting for our answer. We will email you soon.', 'Eine Rücksendung für diese Bestellung wartet bereits auf unsere Antwort. Wir melden uns per E-Mail.'), undefined, undefined, 'return_already_open')

  const lines = await returnableLines(db, order.id)
  const wanted = input.items.filter((i) => i.quantity > 0)
  if (wanted.length === 0) throw new BackendError(422, say(locale, 'Choose at least one item and how many to return.', 'Wählen Sie mindestens einen Artikel und die Anzahl aus.'), { items: ['none chosen'] }, undefined, 'return_none_chosen')
  const seen = new Set<number>()
  for (const item of wanted) {
    const line = lines.find((l) => l.id === item.line_item_id)
    if (!line || seen.has(item.line_item_id)) throw new BackendError(422, say(locale, 'One of the items is not part of this order.', 'Einer der Artikel gehört nicht zu dieser Bestellung.'), { items: ['unknown line'] }, undefined, 'return_unknown_item')
    seen.add(item.line_item_id)
    if (line.gift_card) throw new BackendError(422, say(locale, 'Gift cards cannot be returned.', 'Geschenkkarten können nicht zurückgegeben werden.'), { items: ['gift card'] }, undefined, 'return_gift_card')
    const left = line.quantity - line.returned
    if (item.quantity > left) {
      throw new BackendError(
        422,
        left === 0
          ? say(locale, 'All units of one of these items have already been returned.', 'Alle Stück eines dieser Artikel wurden bereits zurückgesendet.')
          : say(locale, `You can return at most ${left} of one of these items (you bought ${line.quantity}).`, `Von einem dieser Artikel können Sie höchstens ${left} zurücksenden (gekauft: ${line.quantity}).`),
        { items: ['more than bought'] },
      undefined, left === 0 ? 'return_all_returned' : 'return_too_many', { left, bought: line.quantity })
    }
  }
  return wanted
}

/** Statements recording the request; the one-open-request index refuses a second at the same time. */
export function returnRequestStatements(db: D1Database, orderId: number, input: ReturnRequestInput, locale: Locale): D1PreparedStatement[] {
  return [
    db.prepare('INSERT INTO return_requests (order_id, reason, comment, locale) VALUES (?, ?, ?, ?)').bind(orderId, input.reason, input.comment, locale),
    db
      .prepare(
        `INSERT INTO return_items (return_id, line_item_id, quantity)
         SELECT (SELECT id FROM return_requests WHERE order_id = ?1 AND state = 'requested'), json_extract(value, '$.line_item_id'), json_extract(value, '$.quantity') FROM json_each(?2)`,
      )
      .bind(orderId, JSON.stringify(input.items)),
  ]
}

// ——— the shop's answer (the console's return steps: worker/admin/return-actions.ts checks, audits and mails) ———

/** The request answered before the goods came: approved or declined, with the note the shopper is told. */
export const returnDecisionStatement = (db: D1Database, returnId: number, state: 'approved' | 'declined', note: string | null, decidedBy: string) =>
  db.prepare(`UPDATE return_requests SET state = ?, decision_note = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`).bind(state, note, decidedBy, returnId)

/**
 * The goods that came back, every line of the return (quantity 0: none of it), each to go back on the shelf or not.
 * First in its batch: a second receipt fails on the key (or a decline meanwhile on the trigger) before anything else.
 */
export function returnReceivedStatements(db: D1Database, returnId: number, receivedBy: string, lines: ReadonlyArray<{ line_item_id: number; quantity: number; restock: boolean }>): D1PreparedStatement[] {
  return [
    db.prepare("INSERT INTO return_progress (return_id, received_at, received_by) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?)").bind(returnId, receivedBy),
    db
      .prepare(`INSERT INTO return_receipts (return_id, line_item_id, quantity, restock) SELECT ?1, json_extract(value, '$.l'), json_extract(value, '$.q'), json_extract(value, '$.r') FROM json_each(?2)`)
      .bind(returnId, JSON.stringify(lines.map((l) => ({ l: l.line_item_id, q: l.quantity, r: l.restock ? 1 : 0 })))),
  ]
}

/** A return declined after it was approved (or its goods came back): the goods go back to the shopper. */
export const returnDeclinedLateStatement = (db: D1Database, returnId: number, declinedBy: string, note: string) =>
  db
    .prepare(
      `INSERT INTO return_progress (return_id, declined_at, declined_by, decline_note) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?2, ?3)
       ON CONFLICT (return_id) DO UPDATE SET declined_at = excluded.declined_at, declined_by = excluded.declined_by, decline_note = excluded.decline_note`,
    )
    .bind(returnId, declinedBy, note)
