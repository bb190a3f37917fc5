import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Icon } from '../../components/icons.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { wishlistAtom } from '../session/atoms.ts'
import { closePanelAtom, wishlistSidebarOpenAtom } from '../ui/atoms.ts'
import { notifyAtom } from '../notifications/atoms.ts'
import { errorMessage } from '../../api/storefront-api.ts'

/** The wishlist (spec §2): items with colour and size, remove, total items and price, and a way back to shopping. */
export function WishlistSidebar() {
  const { t } = useT()
  const api = useApi()
  const open = useAtomValue(wishlistSidebarOpenAtom)
  const close = useSetAtom(closePanelAtom)
  const [wishlist, setWishlist] = useAtom(wishlistAtom)
  const notify = useSetAtom(notifyAtom)
  const items = wishlist?.wishedProducts ?? []
  const remove = async (id: string) => {
    try {
      setWishlist(await api.removeFromWishlist(id))
    } catch (error) {
      notify({ message: errorMessage(error), type: 'error' })
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
        <LocalLink to="/" onClick={() => close('wishlist')} className="block w-full rounded bg-primary-600 py-3 text-center font-semibold uppercase text-white hover:bg-primary-700">
          {t('wishlist.startShopping')}
        </LocalLink>
      }
    >
      {items.length === 0 ? (
        <p className="py-10 text-center text-gray-600" data-testid="wishlist-empty">
          {t('wishlist.empty')}
        </p>
      ) : (
        <>
          <dl className="mb-2 flex justify-between text-sm" data-testid="wishlist-totals">
            <div>
              <dt className="inline">{t('wishlist.totalItems')}: </dt>
              <dd className="inline">{items.length}</dd>
            </div>
            {wishlist?.displayTotal ? (
              <div>
                <dt className="inline">{t('wishlist.totalPrice')}: </dt>
                <dd className="inline font-semibold">{wishlist.displayTotal}</dd>
              </div>
            ) : null}
          </dl>
          <ul className="divide-y divide-gray-200">
            {items.map((item) => (
              <li key={item.wishedProductId} className="flex gap-3 py-3">
                {item.image ? <img src={item.image.styles.mobile.url} width={80} height={80} alt={item.image.alt} className="h-20 w-20 rounded object-cover" /> : null}
                <div className="flex-1 text-sm">
                  <LocalLink to={`/products/${item.slug}`} className="font-semibold hover:underline">
                    {item.name}
                  </LocalLink>
                  <p className="text-gray-600">{[item.colour, item.size].filter(Boolean).join(' · ')}</p>
                  <p className="font-semibold">{item.price.special ?? item.price.regular}</p>
                </div>
                <button type="button" onClick={() => void remove(item.wishedProductId)} className="self-start rounded p-1 text-gray-500 hover:text-red-700" aria-label={`Remove ${item.name}`}>
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
