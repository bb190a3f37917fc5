import type { LoaderFunctionArgs } from 'react-router'
import { requestInfoContext } from './app-context.ts'

/** The root's data: what the worker resolved for the request. Plain JSON, the same for every visitor. */
export async function rootLoader({ context }: LoaderFunctionArgs) {
  return context.get(requestInfoContext)
}
