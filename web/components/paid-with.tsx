import type { Order, OrderPayment } from '#kernel/models.ts'
import { SummaryRow } from './summary-row.tsx'
import { formatMoney } from '#kernel/format.ts'
import { payKindName } from '#kernel/pay-later.ts'
import { useT, type Translate } from '../i18n/index.tsx'

function paymentLabel(t: Translate, payment: OrderPayment): string {
  if (payment.method === 'gift_card') return t('shop.giftCard', { code: payment.giftCardCode ?? '' }).trim()
  if (payment.method === 'store_credit') return t('shop.storeCredit')
  if (payment.kind) return t(payment.kind.type === 'wallet' ? 'shop.paidByWallet' : 'shop.paidLater', { name: payKindName(payment.kind.name) })
  if (payment.method === 'card') return payment.lastDigits ? t('shop.paidByCardEnding', { last4: payment.lastDigits }) : t('shop.paidByCard')
  return t('shop.paidOther')
}

/**
 * How a placed order was paid (tax invoice, order details): each gift card by its masked code, the store credit and
 * the card, with the amounts the backend stored when it charged them (never worked out again here), so they add up to
 * the order's total. An order no card paid says so. Nothing when the backend names no payment.
 */
export function PaidWith({ order, heading: Heading = 'h4', className = '' }: { order: Order; heading?: 'h3' | 'h4'; className?: string }) {
  const { t, locale } = useT()
  const payments = order.payments ?? []
  if (payments.length === 0) return null
  const giftCards = payments.filter((p) => p.method === 'gift_card').length
  const storeCredit = payments.filter((p) => p.method === 'store_credit').length
  const noCard = giftCards + storeCredit === payments.length
  return (
    <div className={`space-y-1.5 text-sm text-neutral-700 ${className}`} data-testid="paid-with">
      <Heading className="font-semibold text-neutral-900">
        {t('shop.paidWith')}
      </Heading>
      <dl className="space-y-1.5">
        {payments.map((payment, i) => (
          <SummaryRow key={i} label={paymentLabel(t, payment)} value={formatMoney(payment.amount, order.currency, locale)} testId="paid-by" />
        ))}
      </dl>
      {noCard ? <p data-testid="paid-in-full">{t('shop.paidInFull', { giftCards, storeCredit })}</p> : null}
    </div>
  )
}
