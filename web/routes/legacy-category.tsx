import { redirect, type LoaderFunctionArgs } from 'react-router'
import { localePath } from '#kernel/config.ts'
import { localeOf } from './route-helpers.ts'

/** Old /c/ links move permanently to the matching /t/ path, query kept (spec §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const path = params.parentSlug ? `/t/${params.parentSlug}/${params.slug}` : `/t/${params.slug}`
  throw redirect(localePath(localeOf(request), path) + url.search, 301)
}

export function Component() {
  return null
}
