import { useState, type FormEvent } from 'react'
import { useSetAtom } from 'jotai'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { useApi } from '../../api/use-api.ts'
import { errorMessage } from '../../api/storefront-api.ts'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../../components/icons.tsx'
import { cx } from '../../components/ui/cx.ts'
import { useLocalPath } from '../../components/local-link.tsx'
import { isAuthenticatedAtom, wishlistAtom } from '../session/atoms.ts'
import { openPanelAtom } from '../ui/atoms.ts'
import { notifyAtom } from '../notifications/atoms.ts'

/**
 * The heart on product pages and cards. A real form posting to the product page (whose action saves it, or sends a
 * guest to log in), so it works without JavaScript; with JavaScript it saves or removes in place, and a guest gets
 * the login modal, since wishlists belong to accounts.
 */
export function WishlistButton({ productLink, variantId, name, className = '' }: { productLink: string; variantId: string | null | undefined; name: string; className?: string }) {
  const { t } = useT()
  const api = useApi()
  const local = useLocalPath()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const [wishlist, setWishlist] = useAtom(wishlistAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const notify = useSetAtom(notifyAtom)
  const [busy, setBusy] = useState(false)
  const wished = wishlist?.wishedProducts.find((item) => item.variantId === variantId)
  if (!variantId || wishlist?.isDisabled) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isAuthenticated) {
      notify({ message: t('product.wishlistLogin'), type: 'info' })
      openPanel('login')
      return
    }
    setBusy(true)
    try {
      setWishlist(wished ? await api.removeFromWishlist(wished.wishedProductId) : await api.addToWishlist(variantId))
      notify({ message: t(wished ? 'product.wishlistRemoved' : 'product.wishlistAdded'), type: 'success' })
    } catch (error) {
      notify({ message: errorMessage(error), type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const label = wished ? t('product.removeFromWishlist', { name }) : t('product.addToWishlist', { name })
  return (
    <form method="post" action={local(productLink)} onSubmit={submit} className={className}>
      <input type="hidden" name="intent" value="wishlist" />
      <input type="hidden" name="variantId" value={variantId} />
      <button
        type="submit"
        disabled={busy}
        aria-pressed={Boolean(wished)}
        aria-label={label}
        title={label}
        className="heart-btn"
        data-testid="wishlist-heart"
      >
        <Icon name="heart" className={cx('h-5 w-5', wished && 'fill-current text-sale-700')} />
      </button>
    </form>
  )
}
