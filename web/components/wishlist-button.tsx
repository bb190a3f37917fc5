import type { MouseEvent } from 'react'
import { atom, useStore } from 'jotai'
import { useAtomSelection } from '../state/use-atom.ts'
import { useApi } from '../api/use-api.ts'
import { useT } from '../i18n/index.tsx'
import { setIntent, wishIntentAtom } from '../state/wish-intent.ts'
import { Icon } from './icons.tsx'
import { cx } from './ui/cx.ts'
import { localePath } from '#kernel/config.ts'
import { isAuthenticatedAtom, personalHintAtom, wishlistAtom } from '../state/session/atoms.ts'
import { PERSONAL, WISHED_ICON } from '../state/session/personal-state.ts'
import { openPanelAtom } from '../state/ui.ts'
import { WISH_FIELD, WISH_POST_FORM, wishValue } from '#kernel/wish-post.ts'
import { notifyAtom } from '../state/notifications.ts'
import { browserOnly } from '../lib/browser-only.ts'

/** The sync of a click with the server (wish-sync.ts): its code loads with the first click on a heart. */
const syncWish = (...args: Parameters<typeof import('./wish-sync.ts').syncWish>) => (import.meta.env.SSR ? browserOnly() : import('./wish-sync.ts')).then((m) => m.syncWish(...args))

/**
 * Everything a heart shows depends on, as one atom: the wishlist the session loaded, the clicks on their way and the
 * worker's hint. Each heart reads its own answer from it (`heartState`), so a listing's 48 hearts make 48 subscriptions
 * to one atom, where each heart subscribed to four atoms, one of them a derived atom of its own: 192 subscriptions, and
 * nineteen hooks and four effects per heart, in the hydration of a category page (docs/performance.md).
 */
const heartsAtom = atom((get) => ({ wishlist: get(wishlistAtom), intents: get(wishIntentAtom), hinted: get(personalHintAtom).wished }))
type Hearts = ReturnType<(typeof heartsAtom)['read']>

type HeartState = 'hidden' | 'wished' | 'not-wished'

/**
 * A heart's state: the last click's ask while it is on its way, else what the loaded wishlist holds, else (until
 * /api/session answers, and always without JavaScript) the hearts the worker marked saved (personal-state.ts).
 */
function heartState({ wishlist, intents, hinted }: Hearts, variantId: string | null | undefined): HeartState {
  if (!variantId || wishlist?.isDisabled) return 'hidden'
  const wished = intents[variantId] ?? (wishlist ? wishlist.wishedProducts.some((item) => item.variantId === variantId) : hinted.includes(variantId))
  return wished ? 'wished' : 'not-wished'
}

/**
 * The heart on product pages and cards: a real post, so it works without JavaScript. It is a lone submit button of the
 * page's one `WishPostForm` (wish-post.ts), posting to its product's page `wish={1|0}:{variant}[:{card id}]`; the page's
 * action saves or removes it (or sends a guest to log in), then returns to the product page, or for a card to the
 * listing at the card. With JavaScript it saves or removes in place, and a guest gets the login modal, since wishlists
 * belong to accounts. It renders again only when its own state changes (a string from `heartState`), not when another
 * heart is clicked.
 */
export function WishlistButton({ productLink, variantId, name, anchor }: { productLink: string; variantId: string | null | undefined; name: string; anchor?: string }) {
  const { t, locale } = useT()
  const api = useApi()
  const store = useStore()
  const state = useAtomSelection(heartsAtom, (hearts) => heartState(hearts, variantId))
  if (state === 'hidden' || !variantId) return null
  const wished = state === 'wished'

  const submit = (event: MouseEvent) => {
    event.preventDefault()
    if (!store.get(isAuthenticatedAtom)) {
      store.set(notifyAtom, { message: t('product.wishlistLogin'), type: 'info' })
      store.set(openPanelAtom, 'login')
      return
    }
    setIntent(store, variantId, !wished)
    // a sync that could not even load (offline) leaves the heart as the server holds it
    syncWish(store, api, variantId, { added: t('product.wishlistAdded'), removed: t('product.wishlistRemoved'), locale }).catch(() => setIntent(store, variantId, undefined))
  }
  const label = wished ? t('product.removeFromWishlist', { name }) : t('product.addToWishlist', { name })
  // what this click asks for rides on the button, so a repeated post (a double click without JavaScript) asks for the
  // same; no title or data-name (48 times on a listing): the worker reads the name back from the label
  return (
    <button
      type="submit"
      form={WISH_POST_FORM}
      formAction={localePath(locale, productLink)}
      name={WISH_FIELD}
      value={wishValue(!wished, variantId, anchor)}
      onClick={submit}
      aria-pressed={wished}
      aria-label={label}
      className="heart-btn"
      data-testid="wishlist-heart"
      data-personal={PERSONAL.wish}
    >
      <Icon name="heart" className={cx('h-5 w-5', wished && WISHED_ICON)} />
    </button>
  )
}
