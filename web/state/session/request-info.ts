import { useRouteLoaderData } from 'react-router'
import type { RequestInfo } from '../../app-context.ts'
import { EMPTY_STORE_SETTINGS, type StoreSettings } from '#kernel/store-settings.ts'

/** What the worker resolved for this page (currency, country, version …), from the root loader. */
export function useRequestInfo(): RequestInfo {
  const info = useRouteLoaderData('root') as RequestInfo | undefined
  if (!info) throw new Error('useRequestInfo needs the root route data')
  return info
}

/**
 * The shop's settings (name, legal name, ABN, logo, social links …) as the worker read them for this page. Without the
 * root's data (only when the root itself failed) the empty settings, so an error page still draws its frame.
 */
export function useStoreSettings(): StoreSettings {
  return (useRouteLoaderData('root') as RequestInfo | undefined)?.store ?? EMPTY_STORE_SETTINGS
}
