import type { createStore } from 'jotai'
import { errorMessage, type StorefrontApi } from '../api/storefront-api.ts'
import { sayRefusal } from '../i18n/say-refusal.ts'
import type { Locale } from '#kernel/models.ts'
import { wishlistAtom } from '../state/session/atoms.ts'
import { notifyAtom } from '../state/notifications.ts'
import { setIntent, wishIntentAtom } from '../state/wish-intent.ts'

// A heart's click sent to the server (wishlist-button.tsx shows the click at once and loads this on the first one).

type Store = ReturnType<typeof createStore>
const syncing = new Set<string>()

type Texts = { added: string; removed: string; locale: Locale }

const serverHolds = (store: Store, variantId: string) => store.get(wishlistAtom)?.wishedProducts.find((item) => item.variantId === variantId)

export async function syncWish(store: Store, api: StorefrontApi, variantId: string, texts: Texts) {
  if (syncing.has(variantId)) return
  syncing.add(variantId)
  try {
    // the page view did not read the wishlist: it is read first, so a remove knows which item to remove
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
