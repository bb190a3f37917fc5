import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useSetAtom, useStore } from 'jotai'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import type { LineItem } from '#kernel/models.ts'
import { TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { useApi } from '../../api/use-api.ts'
import { CartTotals, checkoutEntry } from '../../components/cart-view.tsx'
import { CartLine, CouponForm } from '../../components/cart-forms.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'
import { useT } from '../../i18n/index.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { LocalLink } from '../../components/local-link.tsx'
import { cartAtom, isAuthenticatedAtom, personalHintAtom, wishlistAtom } from '../../state/session/atoms.ts'
import { cartSidebarOpenAtom, closePanelAtom, openPanelAtom } from '../../state/ui.ts'
import { notifyAtom } from '../../state/notifications.ts'

/**
 * A page view reads no cart: the header's count came with the page (personal-state.ts). The lines and money are read
 * from the database when the drawer opens without them (an add, the cart page fill them; decision 0070), and an
 * answer older than a change made meanwhile (an add) is dropped. No cart (placed, or none yet): the count is 0.
 * Answers whether the read is on its way.
 */
function useCartOnOpen(open: boolean): boolean {
  const api = useApi()
  const store = useStore()
  const [reading, setReading] = useState(false)
  useEffect(() => {
    if (!open || store.get(cartAtom)) return
    setReading(true)
    api
      .getCart()
      .then((cart) => {
        if (store.get(cartAtom)) return
        store.set(cartAtom, cart)
        if (!cart) store.set(personalHintAtom, { ...store.get(personalHintAtom), cartCount: 0 })
      })
      // offline or the backend is down: the drawer shows what it has, and asks again when opened again
      .catch(() => {})
      .finally(() => setReading(false))
  }, [open, api, store])
  return reading
}

/**
 * 'Save for later' (spec §2): a member with an enabled wishlist moves a line there. The variant is added to the
 * wishlist first and the line removed only once that worked, so a failure never loses the item. Until the wishlist has
 * been read (it is not, with a page view), the page's hearts say what it holds.
 */
function SaveForLater({ item }: { item: LineItem }) {
  const { t } = useT()
  const api = useApi()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const [wishlist, setWishlist] = useAtom(wishlistAtom)
  const hinted = useAtomValue(personalHintAtom).wished
  const setCart = useSetAtom(cartAtom)
  const notify = useSetAtom(notifyAtom)
  if (!isAuthenticated || wishlist?.isDisabled) return null
  if (wishlist ? wishlist.wishedProducts.some((wished) => wished.variantId === item._variantId) : hinted.includes(item._variantId)) return null
  const save = async () => {
    try {
      setWishlist(await api.addToWishlist(item._variantId))
      setCart(await api.removeFromCart(item.id))
      notify({ message: t('cart.savedForLater'), type: 'success', timeout: TOAST_TIMEOUT_MS })
    } catch (error) {
      notify({ message: localizeApiError(error, t), type: 'error', timeout: TOAST_TIMEOUT_MS })
    }
  }
  return (
    <button type="button" onClick={() => void save()} className="min-h-9 rounded-sm px-1 text-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" data-testid="save-for-later">
      {t('cart.saveForLater')}
    </button>
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
  const reading = useCartOnOpen(open)
  // opened on the cart page, whose lines come from its loader: a change here reads the page again too
  const revalidate = /\/Cart$/.test(useLocation().pathname)
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
            <CouponForm cart={cart} revalidate={revalidate} />
            <div className="mt-4">
              <CartTotals cart={cart} member={isAuthenticated} />
            </div>
            {!isAuthenticated && cart.club_price_savings ? (
              <button type="button" onClick={() => openPanel('login')} className="mt-3 w-full rounded-md bg-club-50 px-3 py-2 text-sm font-semibold text-club-800 hover:bg-club-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-club-700">
                {t('cart.clubSave', { amount: cart.club_price_savings })}
              </button>
            ) : null}
            <LocalLink to={checkoutEntry(isAuthenticated)} onClick={() => close('cart')} data-testid="go-to-checkout" className={cx(buttonClass('primary', 'lg', true), 'mt-4')}>
              {t('cart.goToCheckout')}
            </LocalLink>
          </>
        )
      }
    >
      {empty && reading ? (
        <p className="py-12 text-center text-neutral-600" role="status">
          {t('progress.loading')}
        </p>
      ) : empty ? (
        <p className="py-12 text-center text-neutral-600" data-testid="cart-empty">
          {t('cart.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {cart.lineItems.map((item) => (
            <CartLine key={item.id} item={item} revalidate={revalidate}>
              <SaveForLater item={item} />
            </CartLine>
          ))}
        </ul>
      )}
    </Drawer>
  )
}
