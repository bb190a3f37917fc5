import { errorParamsOf, type ErrorCode } from '#kernel/error-codes.ts'
import { ApiError, retryAfterSeconds } from '../storefront-api.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import { isKeeping, keep, takeKept } from './prefetched.ts'
import { REFUSAL_ASK_HEADER, REFUSAL_STATUS_HEADER } from '#kernel/refusal-wire.ts'

/**
 * The one fetch wrapper of the browser: JSON in and out of the BFF at /api/*, same-origin cookies,
 * and an `ApiError` carrying the server's sentence when the answer is not 2xx. A request that changes something asks
 * for an expected refusal in the body (200 and `x-refused-status`, kernel/refusal-wire.ts), so a mistyped coupon or
 * password leaves no error line in the console; it becomes the same `ApiError` as a 4xx would.
 */
export function apiRequest<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  if (method !== 'GET') return send<T>(method, path, body)
  if (isKeeping()) {
    const answer = send<T>(method, path)
    keep(path, answer)
    return answer
  }
  const kept = takeKept(path) as Promise<T | undefined> | undefined
  return kept ? kept.then((value) => (value === undefined ? send<T>(method, path) : value)) : send<T>(method, path)
}

async function send<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { [REFUSAL_ASK_HEADER]: '1' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'You seem to be offline. Please check your connection and try again.')
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    // A non-JSON answer (a proxy's error page, say) still becomes a readable error below.
  }
  const status = Number(response.headers.get(REFUSAL_STATUS_HEADER)) || response.status
  // The code is our own BFF's, whose commerce client let only known codes through (kernel/error-codes.ts); the browser
  // does not carry the list (first-visit JavaScript). A code this build does not know (a newer worker) finds no words
  // in web/i18n/api-errors.ts (keyOfCode), which then shows the answer's own sentence.
  if (status >= 400 || !response.ok) {
    const error = json as Partial<ApiErrorBody> | null
    const retryAfter = status === 429 || (status === 503 && response.headers.has('retry-after')) ? retryAfterSeconds(response.headers.get('retry-after')) : undefined
    throw new ApiError(status, error?.error ?? `Request failed with status code ${status}`, error?.errors, retryAfter, error?.code as ErrorCode | undefined, errorParamsOf(error?.params))
  }
  return json as T
}

/** Builds `path?query` from the defined entries of `params`; arrays repeat their key. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | Array<string | number>>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)))
    else search.set(key, String(value))
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}
