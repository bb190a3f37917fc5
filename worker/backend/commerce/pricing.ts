/**
 * Cart totals, decided only here and only from server data. Pure (no I/O) so property tests can drive it directly.
 * All amounts are integer cents in the order's currency and include GST.
 */

export interface PricingLine {
  /** What a guest pays per unit (sale price or RRP); for a gift card line, its chosen amount. */
  unitCents: number
  /** The Club Price per unit, or null. */
  memberCents: number | null
  quantity: number
  giftCard: boolean
}

export interface PricingPromotion {
  id: number
  kind: 'percent' | 'fixed' | 'free_shipping'
  /** percent: whole percent; fixed: cents */
  amount: number
}

export interface PricingInput {
  lines: PricingLine[]
  /** A logged-in customer is a club member and pays the Club Price. */
  member: boolean
  /** Promotions already found eligible (dates, uses, minimum total), applied percent → fixed → free shipping. */
  promotions: PricingPromotion[]
  /** The selected shipping method, or null before one is chosen; ignored when every line is a gift card. */
  shipping: { costCents: number; freeOverCents: number | null } | null
  /** Gift card balances to spend, in the order they were added. */
  giftCards: Array<{ id: number; balanceCents: number }>
  /** Store credit the shopper asked to use (already capped at what they hold). */
  storeCreditCents: number
  /**
   * Delivered outside Australia: the lines already carry their prices without GST (`withoutGst`) and the shipping
   * rate abroad carries none, so no GST is included.
   */
  gstFree?: boolean
}

export interface Totals {
  itemCount: number
  itemTotal: number
  /** Sum of line prices that are not gift cards (what promotions and GST apply to). */
  merchandiseTotal: number
  /** The merchandise total after item promotions (what free-shipping thresholds compare with). */
  merchandiseAfterPromotions: number
  /** Negative or zero. */
  promoTotal: number
  promotions: Array<{ id: number; amount: number }>
  shipTotal: number
  taxableTotal: number
  /** GST included in the price: 1/11 of the taxable total, rounded to the cent (0 for a delivery abroad). */
  includedTax: number
  total: number
  giftCards: Array<{ id: number; amount: number }>
  giftCardTotal: number
  storeCreditTotal: number
  /** What is still to pay by card after gift cards and store credit. */
  balance: number
  /** Guest: what membership would save on this cart; member: what they save. */
  clubSavings: number
}

/** The unit price the shopper pays. */
export function unitPrice(line: PricingLine, member: boolean): number {
  if (member && line.memberCents !== null && line.memberCents < line.unitCents) return line.memberCents
  return line.unitCents
}

/** GST is 10% and prices include it, so the tax in a price is 1/11 of it (half-up to the cent). */
export const includedGst = (cents: number) => Math.round(cents / 11)

/** A price with its GST component taken off (an export): per unit, so a line is always unit × quantity. */
export const exGst = (cents: number) => cents - includedGst(cents)

/** A line as delivered abroad: its prices without GST. Gift cards carry no GST (it is due when a card is spent). */
export function withoutGst(line: PricingLine): PricingLine {
  if (line.giftCard) return line
  return { ...line, unitCents: exGst(line.unitCents), memberCents: line.memberCents === null ? null : exGst(line.memberCents) }
}

export function computeTotals(input: PricingInput): Totals {
  let itemTotal = 0
  let merchandise = 0
  let clubSavings = 0
  let itemCount = 0
  for (const line of input.lines) {
    const paid = unitPrice(line, input.member) * line.quantity
    itemTotal += paid
    itemCount += line.quantity
    if (!line.giftCard) {
      merchandise += paid
      if (line.memberCents !== null && line.memberCents < line.unitCents) {
        clubSavings += (line.unitCents - line.memberCents) * line.quantity
      }
    }
  }

  const promotions: Totals['promotions'] = []
  let discountable = merchandise
  const order = { percent: 0, fixed: 1, free_shipping: 2 } as const
  const itemPromos = [...input.promotions].sort((a, b) => order[a.kind] - order[b.kind] || a.id - b.id)
  for (const promo of itemPromos) {
    if (promo.kind === 'free_shipping') continue
    const wanted = promo.kind === 'percent' ? Math.round((merchandise * promo.amount) / 100) : promo.amount
    const amount = Math.min(wanted, discountable)
    discountable -= amount
    promotions.push({ id: promo.id, amount: -amount })
  }
  const merchAfterPromos = discountable

  let shipTotal = 0
  // shipping is charged on what is shipped: an order of only gift cards (emailed) has none to pay
  if (input.shipping && input.lines.some((l) => !l.giftCard)) {
    const free = input.shipping.freeOverCents !== null && merchAfterPromos >= input.shipping.freeOverCents
    shipTotal = free ? 0 : input.shipping.costCents
  }
  let shipDiscount = 0
  for (const promo of itemPromos) {
    if (promo.kind !== 'free_shipping') continue
    const amount = shipTotal - shipDiscount
    shipDiscount += amount
    promotions.push({ id: promo.id, amount: -amount })
  }

  const promoTotal = promotions.reduce((sum, p) => sum + p.amount, 0)
  const taxableTotal = merchAfterPromos + shipTotal - shipDiscount
  const total = itemTotal + promoTotal + shipTotal

  let remaining = total
  const giftCards: Totals['giftCards'] = []
  for (const card of input.giftCards) {
    const amount = Math.max(0, Math.min(card.balanceCents, remaining))
    remaining -= amount
    giftCards.push({ id: card.id, amount })
  }
  const giftCardTotal = total - remaining
  const storeCreditTotal = Math.max(0, Math.min(input.storeCreditCents, remaining))
  remaining -= storeCreditTotal

  return {
    itemCount,
    itemTotal,
    merchandiseTotal: merchandise,
    merchandiseAfterPromotions: merchAfterPromos,
    promoTotal,
    promotions,
    shipTotal,
    taxableTotal,
    includedTax: input.gstFree ? 0 : includedGst(taxableTotal),
    total,
    giftCards,
    giftCardTotal,
    storeCreditTotal,
    balance: remaining,
    clubSavings,
  }
}
