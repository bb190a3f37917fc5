import { errorCodeOf } from '#kernel/error-codes.ts'
import { ApiError, retryAfterSeconds } from '../storefront-api.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import { isKeeping, keep, takeKept } from './prefetched.ts'

/**
 * The one fetch wrapper of the browser: JSON in and out of the BFF at /api/*, same-origin cookies,
 * and an `ApiError` carrying the server's sentence when the answer is not 2xx.
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
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
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
  if (!response.ok) {
    const error = json as Partial<ApiErrorBody> | null
    const retryAfter = response.status === 429 || (response.status === 503 && response.headers.has('retry-after')) ? retryAfterSeconds(response.headers.get('retry-after')) : undefined
    throw new ApiError(response.status, error?.error ?? `Request failed with status code ${response.status}`, error?.errors, retryAfter, errorCodeOf(error?.code))
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
