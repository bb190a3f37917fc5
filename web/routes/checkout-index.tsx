import type { LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { localRedirect } from './route-helpers.ts'

/** /checkout: members start at shipping; anyone else first chooses to log in or continue as a guest (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  localRedirect(request, (await loaderApi(context).isAuthenticated()) ? '/checkout/shipping' : '/Checkout/CheckoutType')
}

export function Component() {
  return null
}
