import { useRouteLoaderData } from 'react-router'
import type { RequestInfo } from '../../app-context.ts'

/** What the worker resolved for this page (currency, country, version …), from the root loader. */
export function useRequestInfo(): RequestInfo {
  const info = useRouteLoaderData('root') as RequestInfo | undefined
  if (!info) throw new Error('useRequestInfo needs the root route data')
  return info
}
