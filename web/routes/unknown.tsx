import type { LoaderFunctionArgs } from 'react-router'
import { localRedirect } from './route-helpers.ts'

/** Any path no route knows goes home, in the page's language (spec §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  localRedirect(request, '/')
}

export function Component() {
  return null
}
