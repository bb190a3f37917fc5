import { useT } from '../../i18n/index.tsx'
import { cx } from './cx.ts'

export interface PriceBlockProps {
  /** The RRP (display string). */
  price: string
  /** Only when on sale. */
  salePrice?: string | null
  /** Only when the product has a Club Price. */
  clubPrice?: string | null
  /** The sizes differ in price and these are the cheapest size's: 'from …' ('ab …'). */
  from?: boolean
  /** "You save …" for members (display string), when known. */
  saving?: string | null
  /** Members-only saving rendered hidden for guests, with a marker the worker's header rewriter un-hides it by. */
  savingHidden?: boolean
  savingMarker?: string
  size?: 'sm' | 'lg'
  testId?: string
  className?: string
}

/**
 * The price labels of spec §1: SALE price and struck-through RRP, the Club Price, and "You save". The first line is
 * what a guest pays now. Struck-through text means nothing to a screen reader, so the old price is also said in words
 * ("was …, recommended retail price").
 */
export function PriceBlock({ price, salePrice, clubPrice, from, saving, savingHidden, savingMarker, size = 'sm', testId, className }: PriceBlockProps) {
  const { t } = useT()
  const big = size === 'lg'
  const amount = (text: string) => (from ? t('price.from', { amount: text }) : text)
  return (
    <div className={cx(big ? 'space-y-1.5 text-lg' : 'space-y-0.5 text-sm', className)} data-testid={testId}>
      <p className="price-line">
        {salePrice ? (
          <>
            <span className={cx('font-bold text-sale-700', big && 'text-2xl')} data-testid="price-now">
              {t('price.sale')} {amount(salePrice)}
            </span>
            <span className="text-neutral-600">
              <span aria-hidden="true" className="line-through">
                {t('price.rrp')}: {price}
              </span>
              <span className="sr-only">{t('price.wasRrp', { amount: price })}</span>
            </span>
          </>
        ) : (
          <span className={cx('font-semibold text-neutral-900', big && 'text-2xl')} data-testid="price-now">
            {amount(price)}
          </span>
        )}
      </p>
      {clubPrice ? (
        <p className="font-semibold text-club-700">
          {t('price.club')}: {amount(clubPrice)}
        </p>
      ) : null}
      {saving ? <p className="text-sm font-semibold text-club-700" hidden={savingHidden || undefined} data-personal={savingMarker}>{t('price.youSave', { amount: saving })}</p> : null}
    </div>
  )
}
