import { atom, type createStore } from 'jotai'

/**
 * What the shopper's last click on a heart asked for (variant id → saved or not), until the server holds it. The
 * heart shows this at once; one request per variant is on its way at a time, and when it answers the next one is
 * sent only if the last click still asks for something else. So any run of quick clicks ends in the state the last
 * click asked for, and the heart and the wishlist end as the server's answer says.
 */
export const wishIntentAtom = atom<Record<string, boolean>>({})

type Store = ReturnType<typeof createStore>

/** Records (or, with `undefined`, forgets) what the last click on the heart of `variantId` asked for. */
export function setIntent(store: Store, variantId: string, want: boolean | undefined) {
  const { [variantId]: _previous, ...others } = store.get(wishIntentAtom)
  store.set(wishIntentAtom, want === undefined ? others : { ...others, [variantId]: want })
}
