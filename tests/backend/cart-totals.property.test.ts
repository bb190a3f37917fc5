import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeTotals, type PricingInput } from '#worker/backend/commerce/pricing.ts'
import { call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, createPromotion } from '#tests/factories/catalogue.ts'

const cents = (max: number) => fc.integer({ min: 0, max })

const lineArb = fc
  .record({ unitCents: cents(100_000), member: fc.option(cents(100_000)), quantity: fc.integer({ min: 1, max: 20 }), giftCard: fc.boolean() })
  .map((l) => ({ unitCents: l.unitCents, memberCents: l.giftCard ? null : l.member, quantity: l.quantity, giftCard: l.giftCard }))

const promoArb = fc.oneof(
  fc.record({ id: fc.nat(1000), kind: fc.constant('percent' as const), amount: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ id: fc.nat(1000), kind: fc.constant('fixed' as const), amount: cents(50_000) }),
  fc.record({ id: fc.nat(1000), kind: fc.constant('free_shipping' as const), amount: fc.constant(0) }),
)

const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc.array(lineArb, { maxLength: 8 }),
  member: fc.boolean(),
  promotions: fc.array(promoArb, { maxLength: 3 }),
  shipping: fc.option(fc.record({ costCents: cents(5000), freeOverCents: fc.option(cents(200_000)) })),
  giftCards: fc.array(fc.record({ id: fc.nat(1000), balanceCents: cents(100_000) }), { maxLength: 3 }),
  storeCreditCents: cents(100_000),
})

describe('cart totals (pure)', () => {
  it('always add up, never go negative, and include GST as 1/11 of the taxable total', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeTotals(input)
        expect(t.total).toBe(t.itemTotal + t.promoTotal + t.shipTotal)
        expect(t.promoTotal).toBeLessThanOrEqual(0)
        expect(t.merchandiseAfterPromotions).toBeGreaterThanOrEqual(0)
        expect(t.merchandiseAfterPromotions).toBeLessThanOrEqual(t.merchandiseTotal)
        expect(-t.promoTotal).toBeLessThanOrEqual(t.merchandiseTotal + t.shipTotal)
        expect(t.total).toBeGreaterThanOrEqual(t.itemTotal - t.merchandiseTotal) // gift cards are never discounted
        expect(t.includedTax).toBe(Math.round(t.taxableTotal / 11))
        expect(t.taxableTotal).toBeLessThanOrEqual(t.total)
        expect(t.taxableTotal).toBeGreaterThanOrEqual(0)
        expect(t.balance).toBe(t.total - t.giftCardTotal - t.storeCreditTotal)
        expect(t.balance).toBeGreaterThanOrEqual(0)
        for (const [i, g] of t.giftCards.entries()) expect(g.amount).toBeLessThanOrEqual(input.giftCards[i]!.balanceCents)
        expect(t.storeCreditTotal).toBeLessThanOrEqual(input.storeCreditCents)
        expect(t.itemCount).toBe(input.lines.reduce((s, l) => s + l.quantity, 0))
        const savings = input.lines.filter((l) => !l.giftCard).reduce((s, l) => s + Math.max(0, l.unitCents - (l.memberCents ?? l.unitCents)) * l.quantity, 0)
        expect(t.clubSavings).toBe(savings)
      }),
      { numRuns: 500 },
    )
  })

  it('never charges a member more than a guest for the same cart', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const guest = computeTotals({ ...input, member: false, promotions: [], giftCards: [], storeCreditCents: 0 })
        const member = computeTotals({ ...input, member: true, promotions: [], giftCards: [], storeCreditCents: 0 })
        expect(member.itemTotal).toBeLessThanOrEqual(guest.itemTotal)
        expect(guest.itemTotal - member.itemTotal).toBe(guest.clubSavings)
      }),
      { numRuns: 300 },
    )
  })
})

/** An independent oracle of what the API must answer, written from the rules rather than from pricing.ts. */
function expected(lines: Array<{ amount: number; member: number | null; qty: number }>, isMember: boolean, promo: { kind: 'percent' | 'fixed'; amount: number } | null) {
  const paid = lines.map((l) => (isMember && l.member !== null && l.member < l.amount ? l.member : l.amount) * l.qty)
  const items = paid.reduce((a, b) => a + b, 0)
  const discount = promo === null ? 0 : Math.min(items, promo.kind === 'percent' ? Math.round((items * promo.amount) / 100) : promo.amount)
  const total = items - discount
  const savings = lines.reduce((s, l) => s + (l.member !== null && l.member < l.amount ? (l.amount - l.member) * l.qty : 0), 0)
  return { item_total: items, promo_total: -discount, total, tax: Math.round(total / 11), savings }
}

const money = (c: number) => (c / 100).toFixed(2)

describe('cart totals through the API', () => {
  it('match the rules for random carts, coupons, currencies and shoppers', async () => {
    const member = await registerAndLogin()
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 50_000 }), member: fc.option(fc.integer({ min: 0, max: 50_000 })), qty: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.oneof(fc.record({ kind: fc.constant('percent' as const), amount: fc.integer({ min: 1, max: 100 }) }), fc.record({ kind: fc.constant('fixed' as const), amount: fc.integer({ min: 1, max: 30_000 }) }))),
        fc.constantFrom('AUD' as const, 'USD' as const),
        fc.boolean(),
        async (lines, promo, currency, asMember) => {
          let auth: { bearer?: string; orderToken?: string }
          if (asMember) {
            await call('/cart', { method: 'DELETE', bearer: member.bearer })
            await call(`/cart?currency=${currency}`, { method: 'POST', bearer: member.bearer })
            auth = { bearer: member.bearer }
          } else {
            auth = { orderToken: await guestCart(currency) }
          }
          for (const l of lines) {
            const p = { amount: l.amount, member: l.member }
            const product = await createProduct({ stock: 10, prices: { AUD: p, USD: p } })
            const res = await call('/cart/add_item', { ...auth, body: { variant_id: product.variantId, quantity: l.qty } })
            expect(res.status).toBe(200)
          }
          if (promo) {
            const created = await createPromotion(promo)
            expect((await call('/cart/apply_coupon_code', { method: 'PATCH', ...auth, body: { coupon_code: created.code } })).status).toBe(200)
          }
          const cart = (await call('/cart', auth)).body.data.attributes
          const e = expected(lines, asMember, promo)
          expect(cart.currency).toBe(currency)
          expect(cart.item_total).toBe(money(e.item_total))
          expect(cart.promo_total).toBe(money(e.promo_total))
          expect(cart.total).toBe(money(e.total))
          expect(cart.included_tax_total).toBe(money(e.tax))
          expect(cart.club_price_savings).toBe(money(e.savings))
          expect(cart.balance).toBe(money(e.total))
        },
      ),
      { numRuns: 25 },
    )
  })
})
