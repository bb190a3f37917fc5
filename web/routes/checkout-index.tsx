import type { LoaderFunctionArgs } from 'react-router'
import { localRedirect } from './route-helpers.ts'

/** /checkout starts at the shipping step. */
export async function loader({ request }: LoaderFunctionArgs) {
  localRedirect(request, '/checkout/shipping')
}

export function Component() {
  return null
}
