import type { Cart } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { OrderLines } from '../../components/summary-row.tsx'
import { CartTotals } from '../../components/cart-view.tsx'
import { CouponForm } from '../../components/cart-forms.tsx'

/**
 * What the shopper is about to pay for: lines, then the cart's own totals (promotions, the included GST, shipping,
 * total, gift card and what it keeps, balance due) and the promo-code field: the same numbers the cart showed. The
 * coupon posts to the one cart action (routes/cart-action.ts) and the step reads its cart again after it.
 */
export function OrderSummary({ cart, member }: { cart: Cart; member: boolean }) {
  const { t } = useT()
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:sticky lg:top-6" data-testid="order-summary" aria-label={t('checkout.summary')}>
      <h3 className="mb-3 text-lg font-bold">{t('checkout.summary')}</h3>
      <OrderLines items={cart.lineItems} className="mb-3" />
      <div className="mb-4">
        <CouponForm cart={cart} />
      </div>
      <CartTotals cart={cart} member={member} />
    </section>
  )
}
