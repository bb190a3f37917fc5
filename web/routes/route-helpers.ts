import { data, redirect } from 'react-router'
import type { Locale } from '../api/models.ts'
import { localePath, splitLocalePath } from '../config.ts'

/** Which not-found text the error page shows (spec §2, §8). */
export type NotFoundKind = 'page' | 'router' | 'product' | 'order'

/** Throws a 404 the error page turns into the right heading and text. */
export function notFound(kind: NotFoundKind = 'page'): never {
  throw data({ kind }, { status: 404 })
}

/** The language of the page a loader serves, from its URL. */
export function localeOf(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale
}

/** A redirect that keeps the page's language: `/de/…` pages redirect to `/de/…`. */
export function localRedirect(request: Request, path: string, status = 302): never {
  throw redirect(localePath(localeOf(request), path), status)
}
