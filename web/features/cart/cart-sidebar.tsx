import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useSetAtom, useStore } from 'jotai'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import type { LineItem } from '#kernel/models.ts'
import { useApi } from '../../api/use-api.ts'
import { CartTotals, checkoutEntry } from '../../components/cart-view.tsx'
import { CartLine, CouponForm } from '../../components/cart-forms.tsx'
import { useT } from '../../i18n/index.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { LocalLink } from '../../components/local-link.tsx'
import { cartAtom, isAuthenticatedAtom, personalHintAtom, wishlistAtom } from '../../state/session/atoms.ts'
import { cartSidebarOpenAtom, closePanelAtom, openPanelAtom } from '../../state/ui.ts'

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
 * Whether a line offers 'Save for later' (spec §2): a member with an enabled wishlist that does not hold the variant
 * yet. Until the wishlist has been read (it is not, with a page view), the page's hearts say what it holds.
 */
function useSaveOffered(): (item: LineItem) => boolean {
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const wishlist = useAtomValue(wishlistAtom)
  const hinted = useAtomValue(personalHintAtom).wished
  return (item) =>
    isAuthenticated && !wishlist?.isDisabled && !(wishlist ? wishlist.wishedProducts.some((wished) => wished.variantId === item._variantId) : hinted.includes(item._variantId))
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
  const offered = useSaveOffered()
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
            <CartLine key={item.id} item={item} revalidate={revalidate} save={offered(item)} />
          ))}
        </ul>
      )}
    </Drawer>
  )
}
