import { useCallback, useSyncExternalStore } from 'react'
import { useSetAtom, useStore, type Atom, type PrimitiveAtom, type SetStateAction } from 'jotai'

/**
 * `useAtomValue` and `useAtom` for the store's atoms, on React's `useSyncExternalStore`. Use these, not jotai's own.
 *
 * Why: jotai's `useAtomValue` keeps the value in a `useReducer` and dispatches to it once in its mount effect (to
 * catch a change between render and subscription). React cannot bail out of a reducer dispatch before rendering, so
 * after hydration every component that reads an atom rendered once more, in one task that cannot be split: on a
 * category page the 48 cards' wishlist hearts, the header and the filters, a 35-44 ms task in an unminified build's
 * profile (docs/decisions/0022-main-thread-work-at-start.md). `useSyncExternalStore` compares the store's value
 * with the one rendered and renders again only when it changed. Hydration reads the same store (the server snapshot
 * is the client store's value, as with jotai's hook), so the first render is unchanged.
 *
 * The store's atoms are synchronous (no promise values), which is what `useSyncExternalStore` needs: `store.get`
 * returns the same object until the atom changes. An update to an atom re-renders its readers synchronously, also
 * inside `startTransition`.
 */
export function useAtomValue<Value>(atom: Atom<Value>): Value {
  return useAtomSelection(atom, same)
}

const same = <Value>(value: Value) => value

/**
 * What `select` makes of an atom's value, for a component that shows only that: it renders again only when the
 * selection changes (compared with `Object.is`), not whenever the atom does. A listing's 48 wishlist hearts each select
 * their own state from one atom. `select` returns a primitive, or an object the atom's value already holds.
 */
export function useAtomSelection<Value, Selected>(atom: Atom<Value>, select: (value: Value) => Selected): Selected {
  const store = useStore()
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom])
  const read = () => select(store.get(atom))
  return useSyncExternalStore(subscribe, read, read)
}

export function useAtom<Value>(atom: PrimitiveAtom<Value>): [Value, (update: SetStateAction<Value>) => void] {
  return [useAtomValue(atom), useSetAtom(atom)]
}
