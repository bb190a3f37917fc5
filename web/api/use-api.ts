import { createContext, useContext } from 'react'
import type { StorefrontApi } from './storefront-api.ts'

/** Components reach the same StorefrontApi as loaders: the commerce client in SSR, the BFF in the browser. */
export const ApiContext = createContext<StorefrontApi | null>(null)

export function useApi(): StorefrontApi {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi must be used inside <ApiContext.Provider>')
  return api
}
