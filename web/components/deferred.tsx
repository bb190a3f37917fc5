import { createContext, Suspense, use, useContext, type ReactNode } from 'react'
import { scriptJson } from '#kernel/script-json.ts'

/**
 * Slow, non-critical data rendered on the server inside Suspense, so the shell (header, page heading) streams first
 * and the slow part follows in the same response. The resolved value is written next to its HTML in a nonce'd
 * script, so hydration finds the same data without a second request. Loader data stays plain JSON.
 */
export interface DeferredStore {
  nonce?: string
  /** Values already known (on the client: written by the server's scripts). */
  values: Map<string, unknown>
  pending: Map<string, Promise<unknown>>
}

declare global {
  interface Window {
    __DEFERRED__?: Record<string, unknown>
  }
}

export const DeferredContext = createContext<DeferredStore>({ values: new Map(), pending: new Map() })

export function createClientDeferredStore(): DeferredStore {
  return { values: new Map(Object.entries(window.__DEFERRED__ ?? {})), pending: new Map() }
}

function useDeferredValue<T>(key: string, load: () => Promise<T>): T {
  const store = useContext(DeferredContext)
  if (store.values.has(key)) return store.values.get(key) as T
  let promise = store.pending.get(key) as Promise<T> | undefined
  if (!promise) {
    promise = load().then(
      (value) => {
        store.values.set(key, value)
        return value
      },
      (error: unknown) => {
        store.pending.delete(key)
        throw error
      },
    )
    store.pending.set(key, promise)
  }
  return use(promise)
}

function Resolved<T>({ id, load, children }: { id: string; load: () => Promise<T>; children: (value: T) => ReactNode }) {
  const value = useDeferredValue(id, load)
  const store = useContext(DeferredContext)
  const json = scriptJson(value)
  return (
    <>
      {children(value)}
      <script
        nonce={store.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `(window.__DEFERRED__=window.__DEFERRED__||{})[${JSON.stringify(id)}]=${json}` }}
      />
    </>
  )
}

/** Renders `children(value)` once `load()` resolves; `fallback` until then (and on the server's first flush). */
export function Deferred<T>(props: { id: string; load: () => Promise<T>; fallback: ReactNode; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={props.fallback}>
      <Resolved id={props.id} load={props.load}>
        {props.children}
      </Resolved>
    </Suspense>
  )
}
