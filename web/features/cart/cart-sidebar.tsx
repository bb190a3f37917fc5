import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import type { Cart, LineItem } from '../../api/models.ts'
import { TOAST_TIMEOUT_MS } from '../../config.ts'
import { useApi } from '../../api/use-api.ts'
import { SummaryRow } from '../../components/summary-row.tsx'
import { useT } from '../../i18n/index.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { Icon } from '../../components/icons.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { cartAtom, isAuthenticatedAtom, wishlistAtom } from '../session/atoms.ts'
import { cartSidebarOpenAtom, closePanelAtom, openPanelAtom } from '../ui/atoms.ts'
import { notifyAtom } from '../notifications/atoms.ts'
import { errorMessage } from '../../api/storefront-api.ts'

function useCartAction() {
  const setCart = useSetAtom(cartAtom)
  const notify = useSetAtom(notifyAtom)
  return async (run: () => Promise<Cart>, success: string) => {
    try {
      setCart(await run())
      notify({ message: success, type: 'success', timeout: TOAST_TIMEOUT_MS })
    } catch (error) {
      notify({ message: errorMessage(error), type: 'error', timeout: TOAST_TIMEOUT_MS })
    }
  }
}

/**
 * 'Save for later' (spec §2): a member with an enabled wishlist moves a line there. The variant is added to the
 * wishlist first and the line removed only once that worked, so a failure never loses the item.
 */
function SaveForLater({ item }: { item: LineItem }) {
  const { t } = useT()
  const api = useApi()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const [wishlist, setWishlist] = useAtom(wishlistAtom)
  const setCart = useSetAtom(cartAtom)
  const notify = useSetAtom(notifyAtom)
  if (!isAuthenticated || !wishlist || wishlist.isDisabled) return null
  if (wishlist.wishedProducts.some((wished) => wished.variantId === item._variantId)) return null
  const save = async () => {
    try {
      setWishlist(await api.addToWishlist(item._variantId))
      setCart(await api.removeFromCart(item.id))
      notify({ message: t('cart.savedForLater'), type: 'success', timeout: TOAST_TIMEOUT_MS })
    } catch (error) {
      notify({ message: errorMessage(error), type: 'error', timeout: TOAST_TIMEOUT_MS })
    }
  }
  return (
    <button type="button" onClick={() => void save()} className="min-h-9 rounded-sm px-1 text-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" data-testid="save-for-later">
      {t('cart.saveForLater')}
    </button>
  )
}

function Line({ item }: { item: LineItem }) {
  const { t } = useT()
  const api = useApi()
  const act = useCartAction()
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      {item.image ? <img src={item.image.styles.mobile.url} width={80} height={80} alt={item.image.alt} className="h-24 w-20 rounded-md bg-neutral-100 object-cover" /> : <div className="h-24 w-20 rounded-md bg-neutral-100" />}
      <div className="flex-1 text-sm">
        <LocalLink to={`/products/${item.slug}`} className="font-semibold text-neutral-900 hover:underline">
          {item.name}
        </LocalLink>
        <p className="text-neutral-600">{[item.options.colour, item.options.size].filter(Boolean).join(' · ')}</p>
        <p className="mt-1 font-semibold text-neutral-900">{item.displayTotal}</p>
        <div className="mt-2 flex items-center gap-2">
          <label className="sr-only" htmlFor={`qty-${item.id}`}>
            Qty
          </label>
          <input
            id={`qty-${item.id}`}
            type="number"
            min={1}
            defaultValue={item.qty}
            onBlur={(e) => {
              const quantity = Math.max(1, Math.floor(Number(e.target.value) || 1))
              if (quantity !== item.qty) void act(() => api.updateItemQuantity(item.id, quantity), t('cart.updated'))
            }}
            className="h-9 w-16 rounded border border-neutral-400 px-2 text-base focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30"
          />
          <button type="button" onClick={() => void act(() => api.removeFromCart(item.id), t('cart.removed'))} className="inline-flex h-9 w-9 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-danger-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" aria-label={`Remove ${item.name}`}>
            <Icon name="trash" className="h-5 w-5" />
          </button>
          <SaveForLater item={item} />
        </div>
      </div>
    </li>
  )
}

function Totals({ cart }: { cart: Cart }) {
  const { t } = useT()
  return (
    <dl className="space-y-1.5 text-sm text-neutral-700">
      <SummaryRow label={t('cart.totalItems')} value={String(cart.itemCount)} />
      <SummaryRow label={t('cart.subtotal')} value={cart.totals.subtotal} />
      {cart.orderPromotions.map((promotion) => (
        <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} />
      ))}
      <SummaryRow label={t('cart.tax')} value={cart.totals.tax} />
      <SummaryRow label={t('cart.shipping')} value={cart.totals.shipping} />
      <div className="flex justify-between border-t border-neutral-200 pt-2 text-lg font-bold text-neutral-900">
        <dt>{t('cart.total')}</dt>
        <dd>{cart.totals.total}</dd>
      </div>
      <SummaryRow label={t('cart.balance')} value={cart.totals.balance} />
    </dl>
  )
}

/** 'My cart' (spec §2): lines, totals with the included GST, the club prompt for guests, and the way to checkout. */
export function CartSidebar() {
  const { t } = useT()
  const [open] = useAtom(cartSidebarOpenAtom)
  const close = useSetAtom(closePanelAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const cart = useAtomValue(cartAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const empty = !cart || cart.lineItems.length === 0
  return (
    <Drawer
      open={open}
      onClose={() => close('cart')}
      title={t('cart.title')}
      closeLabel={t('cart.close')}
      testId="cart-sidebar"
      footer={
        empty ? (
          <Button block size="lg" onClick={() => close('cart')}>
            {t('cart.goBackShopping')}
          </Button>
        ) : (
          <>
            <Totals cart={cart} />
            {!isAuthenticated && cart.club_price_savings ? (
              <button type="button" onClick={() => openPanel('login')} className="mt-3 w-full rounded-md bg-club-50 px-3 py-2 text-sm font-semibold text-club-800 hover:bg-club-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-club-700">
                {t('cart.clubSave', { amount: cart.club_price_savings })}
              </button>
            ) : null}
            <LocalLink to="/checkout/shipping" onClick={() => close('cart')} className={cx(buttonClass('primary', 'lg', true), 'mt-4')}>
              {t('cart.goToCheckout')}
            </LocalLink>
          </>
        )
      }
    >
      {empty ? (
        <p className="py-12 text-center text-neutral-600" data-testid="cart-empty">
          {t('cart.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {cart.lineItems.map((item) => (
            <Line key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Drawer>
  )
}
