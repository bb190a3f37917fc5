import type { MouseEvent } from 'react'
import { atom, useStore } from 'jotai'
import { useAtomSelection } from '../state/use-atom.ts'
import { useApi } from '../api/use-api.ts'
import { errorMessage, type StorefrontApi } from '../api/storefront-api.ts'
import { useT } from '../i18n/index.tsx'
import { sayRefusal } from '../i18n/say-refusal.ts'
import type { Locale } from '#kernel/models.ts'
import { Icon } from './icons.tsx'
import { cx } from './ui/cx.ts'
import { localePath } from '#kernel/config.ts'
import { isAuthenticatedAtom, personalHintAtom, wishlistAtom } from '../state/session/atoms.ts'
import { PERSONAL, WISHED_ICON } from '../state/session/personal-state.ts'
import { openPanelAtom } from '../state/ui.ts'
import { WISH_FIELD, WISH_POST_FORM, wishValue } from '#kernel/wish-post.ts'
import { notifyAtom } from '../state/notifications.ts'

/**
 * What the shopper's last click on a heart asked for (variant id → saved or not), until the server holds it. The
 * heart shows this at once; one request per variant is on its way at a time, and when it answers the next one is
 * sent only if the last click still asks for something else. So any run of quick clicks ends in the state the last
 * click asked for, and the heart and the wishlist end as the server's answer says.
 */
const wishIntentAtom = atom<Record<string, boolean>>({})
const syncing = new Set<string>()

type Store = ReturnType<typeof useStore>
type Texts = { added: string; removed: string; locale: Locale }

function setIntent(store: Store, variantId: string, want: boolean | undefined) {
  const { [variantId]: _previous, ...others } = store.get(wishIntentAtom)
  store.set(wishIntentAtom, want === undefined ? others : { ...others, [variantId]: want })
}

const serverHolds = (store: Store, variantId: string) => store.get(wishlistAtom)?.wishedProducts.find((item) => item.variantId === variantId)

async function syncWish(store: Store, api: StorefrontApi, variantId: string, texts: Texts) {
  if (syncing.has(variantId)) return
  syncing.add(variantId)
  try {
    // a click before /api/session answered: the wishlist is read first, so a remove knows which item to remove
    if (!store.get(wishlistAtom)) store.set(wishlistAtom, await api.getWishlist())
    const before = Boolean(serverHolds(store, variantId))
    for (;;) {
      const want = store.get(wishIntentAtom)[variantId]
      const held = serverHolds(store, variantId)
      if (want === undefined || want === Boolean(held)) break
      store.set(wishlistAtom, want ? await api.addToWishlist(variantId) : await api.removeFromWishlist(held!.wishedProductId))
    }
    const after = Boolean(serverHolds(store, variantId))
    if (after !== before) store.set(notifyAtom, { message: after ? texts.added : texts.removed, type: 'success' })
  } catch (error) {
    store.set(notifyAtom, { message: await sayRefusal(error, texts.locale).catch(() => errorMessage(error)), type: 'error' })
    // the heart shows what the server holds, not what was asked for: read it again (another tab may have changed it)
    try {
      store.set(wishlistAtom, await api.getWishlist())
    } catch {
      // the notice above already says what went wrong; the heart keeps the last answer
    }
  } finally {
    setIntent(store, variantId, undefined)
    syncing.delete(variantId)
  }
}

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
    void syncWish(store, api, variantId, { added: t('product.wishlistAdded'), removed: t('product.wishlistRemoved'), locale })
  }
  const label = wished ? t('product.removeFromWishlist', { name }) : t('product.addToWishlist', { name })
  // what this click asks for rides on the button, so a repeated post (a double click without JavaScript) asks for the
  // same; no title or data-name (48 times on a listing): the worker reads the name back from the label
  return (
    <button type="submit" form={WISH_POST_FORM} formAction={localePath(locale, productLink)} name={WISH_FIELD} value={wishValue(!wished, variantId, anchor)} onClick={submit} aria-pressed={wished} aria-label={label} className="heart-btn" data-testid="wishlist-heart" data-personal={PERSONAL.wish}>
      <Icon name="heart" className={cx('h-5 w-5', wished && WISHED_ICON)} />
    </button>
  )
}
