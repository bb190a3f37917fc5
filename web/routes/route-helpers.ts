import { data, redirect } from 'react-router'
import type { Locale } from '#kernel/models.ts'
import { ApiError, errorMessage, rateLimitedInit } from '../api/storefront-api.ts'
import { localePath, splitLocalePath } from '#kernel/config.ts'

/** Which not-found text the error page shows (spec §2, §8). */
export type NotFoundKind = 'page' | 'router' | 'product' | 'order'

/** Other errors the error page explains in words: a body that is not a form, a backend that does not answer. */
export type ErrorKind = NotFoundKind | 'form' | 'unavailable' | 'outcome-unknown'

/** Throws a 404 the error page turns into the right heading and text. */
export function notFound(kind: NotFoundKind = 'page'): never {
  throw data({ kind }, { status: 404 })
}

/** The cart page's `?done=` after a login whose saved cart added items (routes/cart.tsx reads `items` with it). */
export const SAVED_ITEMS_ADDED = 'saved-items'

/** The language of the page a loader serves, from its URL. */
export function localeOf(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale
}

/** A redirect that keeps the page's language: `/de/…` pages redirect to `/de/…`. */
export function localRedirect(request: Request, path: string, status = 302): never {
  throw redirect(localePath(localeOf(request), path), status)
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * The form a page action was posted. Anything else (JSON, text, bytes, no body, a multipart body that does not
 * parse) is refused with 415 or 400 and the error page's 'This form could not be read', never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) throw data({ kind: 'form' satisfies ErrorKind }, { status: 415 })
  try {
    return await request.formData()
  } catch {
    throw data({ kind: 'form' satisfies ErrorKind }, { status: 400 })
  }
}

/**
 * What a form shows when the backend refused it: the backend's sentence, and 429 with its `Retry-After` for a rate
 * limit, 422 for any other 4xx. Anything else (a 5xx, a bug) is not a refusal and is thrown on, to the error page.
 */
export function formRefusal(error: unknown): { message: string; init: ResponseInit } {
  const limited = rateLimitedInit(error)
  if (limited || (error instanceof ApiError && error.status < 500)) return { message: errorMessage(error), init: limited ?? { status: 422 } }
  throw error
}
