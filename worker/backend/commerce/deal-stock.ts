import { DurableObject } from 'cloudflare:workers'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'

/** How long a cart holds a deal's units without a completion (the alarm releases them after). */
export const DEAL_HOLD_MS = 10 * 60_000

/** The answer to a reservation: `left` is what is still free for other carts (0 when this one lost). */
export interface DealAnswer {
  ok: boolean
  left: number
}

/**
 * The stock of one deal variant (issue 45 point 2, decision 0081): one SQLite-backed object per variant, which every
 * cart change and completion of the variant goes through one at a time, so the crowd queues here and not on D1's write
 * lock. `on_hand` is the units not yet sold; a hold is a cart's units (`qty`) until `until`, or, while `taking`, the
 * units of a completion in flight (already out of `on_hand`). D1's stock_on_hand stays the record: the completion
 * batch writes it, its CHECK still refuses an oversell, and `reconcile` sets `on_hand` from it. Units, never prices.
 */
export class DealStock extends DurableObject<Env> {
  private sql: SqlStorage

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = ctx.storage.sql
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS holds (cart INTEGER PRIMARY KEY, qty INTEGER NOT NULL, until INTEGER NOT NULL, taking INTEGER NOT NULL DEFAULT 0)`)
  }

  private meta(k: string): number | null {
    return (this.sql.exec<{ v: number }>('SELECT v FROM meta WHERE k = ?', k).toArray()[0]?.v ?? null)
  }

  private setMeta(k: string, v: number) {
    this.sql.exec('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', k, v)
  }

  /** Units free for `cart`: on hand less every other cart's hold (a completion in flight is already out of on_hand). */
  private free(cart: number, stock: number): number {
    const onHand = this.meta('on_hand') ?? (this.setMeta('on_hand', stock), stock)
    const held = this.sql.exec<{ n: number }>('SELECT COALESCE(SUM(qty), 0) AS n FROM holds WHERE cart != ? AND taking = 0 AND until > ?', cart, Date.now()).one().n
    return onHand - held
  }

  private hold(cart: number, qty: number, taking: 0 | 1) {
    const until = Date.now() + DEAL_HOLD_MS
    this.sql.exec('INSERT INTO holds (cart, qty, until, taking) VALUES (?, ?, ?, ?) ON CONFLICT (cart) DO UPDATE SET qty = excluded.qty, until = excluded.until, taking = excluded.taking', cart, qty, until, taking)
    this.bump()
    return this.ctx.storage.getAlarm().then((at) => (at === null || at > until ? this.ctx.storage.setAlarm(until) : undefined))
  }

  /** Every take and settle moves the epoch, so a reconcile that read D1 before one of them starts again. */
  private bump() {
    this.setMeta('epoch', (this.meta('epoch') ?? 0) + 1)
  }

  /**
   * Holds `qty` units for `cart` (the whole line, not an increment; 0 releases). `stock` is D1's count, used only
   * the first time the object is asked (after that the object is the count, and reconcile re-reads D1).
   */
  async reserve(cart: number, qty: number, stock: number): Promise<DealAnswer> {
    const free = this.free(cart, stock)
    if (qty > free) return { ok: false, left: Math.max(free, 0) }
    if (qty <= 0) this.release(cart)
    else await this.hold(cart, qty, 0)
    return { ok: true, left: free - qty }
  }

  /** The cart's hold ends now (a line removed, the cart emptied or gone); a completion in flight is left to settle. */
  release(cart: number) {
    this.sql.exec('DELETE FROM holds WHERE cart = ? AND taking = 0', cart)
  }

  /**
   * A completion starts: the cart's `qty` units leave on_hand (from its hold, or from what is free if its hold timed
   * out). The same cart taking again (a parallel completion of one order) takes nothing more.
   */
  async take(cart: number, qty: number, stock: number): Promise<DealAnswer> {
    const taking = this.sql.exec<{ qty: number }>('SELECT qty FROM holds WHERE cart = ? AND taking = 1', cart).toArray()[0]
    if (taking && taking.qty >= qty) return { ok: true, left: this.free(cart, stock) }
    const free = this.free(cart, stock) + (taking?.qty ?? 0)
    if (qty > free) return { ok: false, left: Math.max(free, 0) }
    this.setMeta('on_hand', this.meta('on_hand')! - qty + (taking?.qty ?? 0))
    await this.hold(cart, qty, 1)
    return { ok: true, left: free - qty }
  }

  /** A completion ended: placed, its units are sold (D1 has them written); not placed, they are free again at once. */
  settle(cart: number, placed: boolean) {
    const taking = this.sql.exec<{ qty: number }>('SELECT qty FROM holds WHERE cart = ? AND taking = 1', cart).toArray()[0]
    if (!taking) return
    if (!placed) this.setMeta('on_hand', this.meta('on_hand')! + taking.qty)
    this.sql.exec('DELETE FROM holds WHERE cart = ?', cart)
    this.bump()
  }

  /** What a reconcile must ask D1 about: the completions in flight, and the epoch it is valid for. */
  inFlight(): { epoch: number; carts: number[] } {
    const carts = this.sql.exec<{ cart: number }>('SELECT cart FROM holds WHERE taking = 1').toArray().map((r) => r.cart)
    return { epoch: this.meta('epoch') ?? 0, carts }
  }

  /**
   * Makes the object agree with D1 (after a restart, a lost settle, a console count): on_hand becomes D1's stock less
   * the completions still in flight; those D1 shows placed are done. False if a take or settle came in between.
   */
  reconcile(epoch: number, stock: number, placed: number[]): boolean {
    if ((this.meta('epoch') ?? 0) !== epoch) return false
    const done = new Set(placed)
    let inFlight = 0
    for (const h of this.sql.exec<{ cart: number; qty: number; until: number }>('SELECT cart, qty, until FROM holds WHERE taking = 1').toArray()) {
      // placed, or a completion that never came back (its worker died before D1): either way not in flight any more
      if (done.has(h.cart) || h.until < Date.now()) this.sql.exec('DELETE FROM holds WHERE cart = ?', h.cart)
      else inFlight += h.qty
    }
    this.setMeta('on_hand', stock - inFlight)
    this.bump()
    return true
  }

  /** Units the object counts: on hand, held by carts, in completions. */
  counts(): { onHand: number | null; held: number; taking: number } {
    const sum = (taking: number) => this.sql.exec<{ n: number }>('SELECT COALESCE(SUM(qty), 0) AS n FROM holds WHERE taking = ?', taking).one().n
    return { onHand: this.meta('on_hand'), held: sum(0), taking: sum(1) }
  }

  /** Holds past their time are released; the next alarm is set for the next one to end. */
  override async alarm() {
    this.sql.exec('DELETE FROM holds WHERE taking = 0 AND until <= ?', Date.now())
    const next = this.sql.exec<{ at: number | null }>('SELECT MIN(until) AS at FROM holds WHERE taking = 0').one().at
    if (next !== null) await this.ctx.storage.setAlarm(next)
  }
}

const stub = (env: Env, variantId: number) => env.DEAL_STOCK!.get(env.DEAL_STOCK!.idFromName(String(variantId)))

/** The refusal a shopper who lost gets at once: every unit is held or sold (en here; the storefront says it in de). */
export const dealSoldOut = () => new BackendError(422, 'This deal is sold out.', { quantity: ['is sold out'] }, undefined, 'deal_sold_out')

/** Holds `qty` units of a deal variant for the cart (the line's whole quantity); refuses with 'sold out'. */
export async function reserveDeal(env: Env, variantId: number, cart: number, qty: number, stock: number) {
  const answer = await stub(env, variantId).reserve(cart, qty, stock)
  if (!answer.ok) throw dealSoldOut()
}

/** Ends the cart's holds of these deal variants at once (removal, an emptied or deleted cart). */
export async function releaseDeals(env: Env, variantIds: number[], cart: number) {
  await Promise.all(variantIds.map((id) => stub(env, id).release(cart)))
}

/**
 * Runs a completion of `lines` (deal variants and quantities) behind their objects: takes the units first (refusing
 * with 'sold out' if they are gone), then runs `place`; the units are sold if it returns, free again at once if it
 * throws (a failed payment, a refused batch).
 */
export async function withDeals<T>(env: Env, cart: number, lines: Array<{ variantId: number; qty: number; stock: number }>, place: () => Promise<T>): Promise<T> {
  if (lines.length === 0) return place()
  const taken: number[] = []
  let placed = false
  try {
    for (const l of lines) {
      if (!(await stub(env, l.variantId).take(cart, l.qty, l.stock)).ok) throw dealSoldOut()
      taken.push(l.variantId)
    }
    const result = await place()
    placed = true
    return result
  } finally {
    await Promise.all(taken.map((id) => stub(env, id).settle(cart, placed)))
  }
}

/**
 * Makes a deal variant's object agree with D1: asks it which completions are in flight, reads D1's count and which of
 * those orders are placed in one batch, and hands both over; starts again (up to 5 times) if a take or settle came in
 * between. Returns whether it agreed.
 */
export async function reconcileDeal(env: Env, variantId: number): Promise<boolean> {
  const object = stub(env, variantId)
  for (let i = 0; i < 5; i++) {
    const { epoch, carts } = await object.inFlight()
    const [stock, placed] = await env.DB.batch([
      env.DB.prepare('SELECT stock_on_hand AS n FROM variants WHERE id = ?').bind(variantId),
      env.DB.prepare("SELECT id FROM orders WHERE state = 'complete' AND id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(carts)),
    ])
    const n = (stock!.results[0] as { n: number } | undefined)?.n ?? 0
    if (await object.reconcile(epoch, n, (placed!.results as Array<{ id: number }>).map((r) => r.id))) return true
  }
  return false
}

/** Every deal variant's object made to agree with D1 (the cron sweep; decision 0081). */
export async function reconcileDeals(env: Env) {
  if (!env.DEAL_STOCK) return
  const { results } = await env.DB.prepare('SELECT id FROM variants WHERE deal = 1').all<{ id: number }>()
  await Promise.all(results.map((r) => reconcileDeal(env, r.id)))
}
