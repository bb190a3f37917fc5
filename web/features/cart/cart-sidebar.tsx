import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import type { Cart, LineItem } from '../../api/models.ts'
import { TOAST_TIMEOUT_MS } from '../../config.ts'
import { useApi } from '../../api/use-api.ts'
import { SummaryRow } from '../../components/summary-row.tsx'
import { useT } from '../../i18n/index.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
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
    <button type="button" onClick={() => void save()} className="text-xs font-semibold text-primary-700 underline" data-testid="save-for-later">
      {t('cart.saveForLater')}
    </button>
  )
}

function Line({ item }: { item: LineItem }) {
  const { t } = useT()
  const api = useApi()
  const act = useCartAction()
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      {item.image ? <img src={item.image.styles.mobile.url} width={80} height={80} alt={item.image.alt} className="h-20 w-20 rounded object-cover" /> : <div className="h-20 w-20 rounded bg-gray-100" />}
      <div className="flex-1 text-sm">
        <LocalLink to={`/products/${item.slug}`} className="font-semibold hover:underline">
          {item.name}
        </LocalLink>
        <p className="text-gray-600">{[item.options.colour, item.options.size].filter(Boolean).join(' · ')}</p>
        <p className="font-semibold">{item.displayTotal}</p>
        <div className="mt-1 flex items-center gap-2">
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
            className="w-16 rounded border border-gray-300 px-2 py-1"
          />
          <button type="button" onClick={() => void act(() => api.removeFromCart(item.id), t('cart.removed'))} className="rounded p-1 text-gray-500 hover:text-red-700" aria-label={`Remove ${item.name}`}>
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
    <dl className="space-y-1 text-sm">
      <SummaryRow label={t('cart.totalItems')} value={String(cart.itemCount)} />
      <SummaryRow label={t('cart.subtotal')} value={cart.totals.subtotal} />
      {cart.orderPromotions.map((promotion) => (
        <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} />
      ))}
      <SummaryRow label={t('cart.tax')} value={cart.totals.tax} />
      <SummaryRow label={t('cart.shipping')} value={cart.totals.shipping} />
      <div className="flex justify-between text-base font-semibold">
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
          <button type="button" onClick={() => close('cart')} className="w-full rounded bg-primary-600 py-3 font-semibold uppercase text-white hover:bg-primary-700">
            {t('cart.goBackShopping')}
          </button>
        ) : (
          <>
            <Totals cart={cart} />
            {!isAuthenticated && cart.club_price_savings ? (
              <button type="button" onClick={() => openPanel('login')} className="mt-3 w-full text-sm font-semibold text-primary-700 underline">
                {t('cart.clubSave', { amount: cart.club_price_savings })}
              </button>
            ) : null}
            <LocalLink to="/checkout/shipping" onClick={() => close('cart')} className="mt-4 block w-full rounded bg-primary-600 py-3 text-center font-semibold uppercase text-white hover:bg-primary-700">
              {t('cart.goToCheckout')}
            </LocalLink>
          </>
        )
      }
    >
      {empty ? (
        <p className="py-10 text-center text-gray-600" data-testid="cart-empty">
          {t('cart.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {cart.lineItems.map((item) => (
            <Line key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Drawer>
  )
}
