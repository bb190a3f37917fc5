import { useEffect, useState } from 'react'
import { useSetAtom, useStore } from 'jotai'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { Icon } from '../../components/icons.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { isAuthenticatedAtom, wishlistAtom } from '../../state/session/atoms.ts'
import { closePanelAtom, openPanelAtom, wishlistSidebarOpenAtom } from '../../state/ui.ts'
import { notifyAtom } from '../../state/notifications.ts'

/**
 * A page view reads no wishlist: the hearts came with the page (personal-state.ts). A member's items are read when the
 * drawer opens without them (decision 0070); an answer older than a heart's click made meanwhile is dropped.
 */
function useWishlistOnOpen(open: boolean): boolean {
  const api = useApi()
  const store = useStore()
  const [reading, setReading] = useState(false)
  useEffect(() => {
    if (!open || store.get(wishlistAtom)) return
    setReading(true)
    api
      .getWishlist()
      .then((wishlist) => void (store.get(wishlistAtom) || store.set(wishlistAtom, wishlist)))
      // offline or the backend is down: the drawer says it is empty, and asks again when opened again
      .catch(() => {})
      .finally(() => setReading(false))
  }, [open, api, store])
  return reading
}

/** The wishlist (spec §2): items with colour and size, remove, total items and price, and a way back to shopping. */
export function WishlistSidebar() {
  const { t } = useT()
  const api = useApi()
  const open = useAtomValue(wishlistSidebarOpenAtom)
  const close = useSetAtom(closePanelAtom)
  const [wishlist, setWishlist] = useAtom(wishlistAtom)
  const notify = useSetAtom(notifyAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const authenticated = useAtomValue(isAuthenticatedAtom)
  const reading = useWishlistOnOpen(open && authenticated)
  const items = wishlist?.wishedProducts ?? []
  const remove = async (id: string) => {
    try {
      setWishlist(await api.removeFromWishlist(id))
    } catch (error) {
      notify({ message: localizeApiError(error, t), type: 'error' })
    }
  }
  return (
    <Drawer
      open={open}
      onClose={() => close('wishlist')}
      title={t('wishlist.title')}
      closeLabel={t('wishlist.close')}
      testId="wishlist-sidebar"
      footer={
        <LocalLink to="/" onClick={() => close('wishlist')} className={buttonClass('primary', 'lg', true)}>
          {t('wishlist.startShopping')}
        </LocalLink>
      }
    >
      {items.length === 0 && reading ? (
        <p className="py-12 text-center text-neutral-600" role="status">
          {t('progress.loading')}
        </p>
      ) : items.length === 0 ? (
        // what to do next, not only that it is empty: a guest cannot save (wishlists belong to accounts), a member uses the heart
        <div className="flex flex-col items-center gap-3 px-2 py-12 text-center" data-testid="wishlist-empty">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-neutral-100 text-neutral-600">
            <Icon name="heart" className="h-7 w-7" />
          </span>
          <p className="text-lg font-semibold text-neutral-900">{t('wishlist.empty')}</p>
          <p className="max-w-xs text-neutral-600">{authenticated ? t('wishlist.emptyHint') : t('product.wishlistLogin')}</p>
          {authenticated ? null : (
            <Button
              variant="secondary"
              className="mt-2"
              data-testid="wishlist-login"
              onClick={() => {
                close('wishlist')
                openPanel('login')
              }}
            >
              {t('auth.login')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <dl className="mb-2 flex justify-between rounded-md bg-neutral-100 px-3 py-2 text-sm text-neutral-700" data-testid="wishlist-totals">
            <div>
              <dt className="inline">{t('wishlist.totalItems')}: </dt>
              <dd className="inline">{items.length}</dd>
            </div>
            {wishlist?.displayTotal ? (
              <div>
                <dt className="inline">{t('wishlist.totalPrice')}: </dt>
                <dd className="inline font-semibold text-neutral-900">{wishlist.displayTotal}</dd>
              </div>
            ) : null}
          </dl>
          <ul className="divide-y divide-neutral-200">
            {items.map((item) => (
              <li key={item.wishedProductId} className="flex gap-4 py-4">
                {item.image ? <img src={item.image.styles.mobile.url} width={80} height={80} alt={item.image.alt} className="h-24 w-20 rounded-md bg-neutral-100 object-cover" /> : null}
                <div className="flex-1 text-sm">
                  <LocalLink to={`/products/${item.slug}`} className="font-semibold text-neutral-900 hover:underline">
                    {item.name}
                  </LocalLink>
                  <p className="text-neutral-600">{[item.colour, item.size].filter(Boolean).join(' · ')}</p>
                  <p className="mt-1 font-semibold text-neutral-900">{item.price.special ?? item.price.regular}</p>
                </div>
                <button type="button" onClick={() => void remove(item.wishedProductId)} className="inline-flex h-11 w-11 shrink-0 items-center justify-center self-start rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-danger-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" aria-label={t('product.removeFromWishlist', { name: item.name })} data-testid="wishlist-remove">
                  <Icon name="trash" className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Drawer>
  )
}
