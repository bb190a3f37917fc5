import type { LoaderFunctionArgs } from 'react-router'
import { apiContext, requestInfoContext } from '../app-context.ts'

/** The StorefrontApi and request info a loader or action runs with (server: commerce client; browser: BFF). */
export function loaderApi(context: LoaderFunctionArgs['context']) {
  return context.get(apiContext)
}
export function loaderInfo(context: LoaderFunctionArgs['context']) {
  return context.get(requestInfoContext)
}
