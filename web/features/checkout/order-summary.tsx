import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { useSetAtom } from 'jotai'
import type { Cart } from '#kernel/models.ts'
import { useApi } from '../../api/use-api.ts'
import { errorMessage } from '../../api/storefront-api.ts'
import { useT } from '../../i18n/index.tsx'
import { OrderLines } from '../../components/summary-row.tsx'
import { TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { notifyAtom } from '../../state/notifications.ts'
import { CartTotals } from '../../components/cart-view.tsx'
import { CouponForm } from '../../components/coupon-form.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'

/**
 * What the shopper is about to pay for: lines, then the cart's own totals (promotions, the included GST, shipping,
 * total, gift card and what it keeps, balance due) and the promo-code field: the same numbers the cart showed.
 */
export function OrderSummary({ cart, member }: { cart: Cart; member: boolean }) {
  const { t } = useT()
  const api = useApi()
  const revalidator = useRevalidator()
  const notify = useSetAtom(notifyAtom)
  const [busy, setBusy] = useState(false)
  // with JavaScript the coupon calls the API and the step reloads its cart; without it, the form posts (cart page action)
  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true)
    try {
      await call()
      await revalidator.revalidate()
      notify({ message: success, type: 'success', timeout: TOAST_TIMEOUT_MS })
      return true
    } catch (error) {
      notify({ message: localizeApiError(error, t), type: 'error', timeout: TOAST_TIMEOUT_MS })
      return false
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:sticky lg:top-6" data-testid="order-summary" aria-label={t('checkout.summary')}>
      <h3 className="mb-3 text-lg font-bold">{t('checkout.summary')}</h3>
      <OrderLines items={cart.lineItems} className="mb-3" />
      <div className="mb-4">
        <CouponForm
          cart={cart}
          busy={busy}
          onApply={(code) => run(() => api.applyCoupon(code), t('shop.couponApplied'))}
          onRemove={async (code) => void (await run(() => api.removeCoupon(code), t('shop.couponRemoved')))}
        />
      </div>
      <CartTotals cart={cart} member={member} />
    </section>
  )
}
