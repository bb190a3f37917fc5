import type { ReactNode } from 'react'
import type { Cart, LineItem } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'
import { SummaryRow } from './summary-row.tsx'
import { LocalLink } from './local-link.tsx'
import { useT } from '../i18n/index.tsx'

/**
 * What the cart sidebar, the cart page and the checkout summary show alike, from the cart the backend priced:
 * never a number computed here, so the cart cannot say one thing and checkout charge another.
 */

/**
 * A line's picture, name, colour and size, unit price (and Club Price), and its total; `controls` go underneath.
 * `hidden`: its removal is on its way (the line leaves at once; a refused removal brings it back).
 */
export function CartLineView({ item, children, hidden }: { item: LineItem; children?: ReactNode; hidden?: boolean }) {
  const { t } = useT()
  const attributes = [item.options.colour, item.options.size].filter(Boolean).join(' · ')
  const clubShown = item.displayClubPrice && item.displayClubPrice !== item.displayPrice
  return (
    <li className={hidden ? 'hidden' : 'flex gap-4 py-4'} data-testid="cart-line" hidden={hidden}>
      {item.image ? <img src={item.image.styles.mobile.url} width={80} height={96} alt={item.image.alt} className="h-24 w-20 shrink-0 rounded-md bg-neutral-100 object-cover" /> : <div className="h-24 w-20 shrink-0 rounded-md bg-neutral-100" />}
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex justify-between gap-3">
          <LocalLink to={`/products/${item.slug}`} className="font-semibold text-neutral-900 hover:underline">
            {item.name}
          </LocalLink>
          <span className="font-semibold text-neutral-900" data-testid="line-total">
            {item.displayTotal}
          </span>
        </div>
        {attributes ? <p className="text-neutral-600">{attributes}</p> : null}
        {item.displayPrice ? <p className="text-neutral-700">{t('shop.unitPrice', { price: item.displayPrice })}</p> : null}
        {clubShown ? <p className="font-semibold text-club-800">{t('shop.clubPrice', { price: item.displayClubPrice! })}</p> : null}
        {children}
      </div>
    </li>
  )
}

/**
 * The totals of spec §2: total items, subtotal, promotions (name, amount), the included GST, shipping ('calculated
 * at checkout' until a rate is chosen; 'none' when only e-gift cards are bought), total, gift card and store credit, and the balance still due.
 */
export function CartTotals({ cart, member }: { cart: Cart; member: boolean }) {
  const { t } = useT()
  return (
    <dl className="space-y-1.5 text-sm text-neutral-700" data-testid="cart-totals">
      <SummaryRow label={t('cart.totalItems')} value={String(cart.itemCount)} />
      <SummaryRow label={t('cart.subtotal')} value={cart.totals.subtotal} testId="cart-subtotal" />
      {cart.orderPromotions.map((promotion) => (
        <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} testId="cart-promotion" />
      ))}
      <SummaryRow label={cart.gstFree ? t('shop.gstFree') : t('cart.tax')} value={cart.totals.tax} testId="cart-tax" />
      <SummaryRow label={t('cart.shipping')} value={cart.lineItems.length > 0 && !needsDelivery(cart.lineItems) ? t('shop.noShipping') : cart.shippingMethod ? cart.totals.shipping : t('shop.shippingAtCheckout')} testId="cart-shipping" />
      <SummaryRow label={t('cart.total')} value={cart.totals.total} testId="order-total" total />
      {cart.giftCard ? (
        <>
          <SummaryRow label={t('shop.giftCard', { code: cart.giftCard.code })} value={`−${cart.giftCard.amount}`} testId="gift-card-pays" />
          <SummaryRow label={t('shop.giftCardLeft')} value={cart.giftCard.remaining} testId="gift-card-left" />
        </>
      ) : null}
      {cart.storeCredit ? <SummaryRow label={t('shop.storeCredit')} value={`−${cart.storeCredit}`} /> : null}
      <div className="flex justify-between font-semibold text-neutral-900" data-testid="balance-due">
        <dt>{cart.giftCard || cart.storeCredit ? t('shop.balanceDue') : t('cart.balance')}</dt>
        <dd>{cart.totals.balance}</dd>
      </div>
      {member && cart.club_price_savings ? <SummaryRow label={t('shop.clubSavings')} value={cart.club_price_savings} testId="club-savings" /> : null}
    </dl>
  )
}

/** Where 'go to checkout' leads: members straight to shipping, everyone else first to the login-or-guest choice. */
export const checkoutEntry = (member: boolean) => (member ? '/checkout/shipping' : '/Checkout/CheckoutType')
