import type { Env } from '#worker/env.ts'
import { backend } from '#worker/backend/index.ts'
import { ApiError } from '#web/api/storefront-api.ts'

/**
 * How the commerce client reaches a Spree Storefront API: in-process (the embedded backend, no HTTP hop) or over
 * HTTP to `COMMERCE_URL`. Both take a path such as `/api/v2/storefront/products?…` and return the raw Response,
 * so everything above this line is the same code whichever backend answers.
 */
export interface Transport {
  readonly kind: 'embedded' | 'http'
  fetch(path: string, init?: RequestInit): Promise<Response>
}

/** How long a remote backend may take, whole answer included: reads are cheap, writes (checkout) may do more. */
export const READ_DEADLINE_MS = 3_000
export const WRITE_DEADLINE_MS = 10_000

function deadlineFor(env: Env, method = 'GET'): number {
  const write = method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD'
  const configured = Number(write ? env.COMMERCE_WRITE_TIMEOUT_MS : env.COMMERCE_READ_TIMEOUT_MS)
  return configured > 0 ? configured : write ? WRITE_DEADLINE_MS : READ_DEADLINE_MS
}

/**
 * One call to the remote backend under a deadline: the abort signal cancels the connection, and the body is read
 * within the same deadline (a backend that sends headers and then stalls is as slow as one that sends nothing).
 * A failure to answer becomes ApiError 503, which pages show as 'not available right now' and the KV cache
 * answers with its stale copy.
 */
async function fetchWithDeadline(url: string, init: RequestInit, ms: number): Promise<Response> {
  const signal = AbortSignal.timeout(ms)
  try {
    const response = await fetch(url, { ...init, signal })
    const body = await response.arrayBuffer()
    return new Response(response.status === 204 || response.status === 304 ? null : body, response)
  } catch (error) {
    const timedOut = signal.aborted
    console.warn(`commerce: ${init.method ?? 'GET'} ${new URL(url).pathname} ${timedOut ? `gave no answer within ${ms} ms` : 'failed'}`, timedOut ? '' : error)
    throw new ApiError(503, timedOut ? 'Our shop system did not answer in time. Please try again in a moment.' : 'Our shop system could not be reached. Please try again in a moment.')
  }
}

const EMBEDDED_ORIGIN = 'https://embedded.backend'

export function createTransport(env: Env, waitUntil: (p: Promise<unknown>) => void, requestId?: string): Transport {
  // The store's request id goes along (Rails logs X-Request-Id too), so a failure's log lines on both sides match.
  const withId = (init: RequestInit = {}): RequestInit => {
    if (!requestId) return init
    const headers = new Headers(init.headers)
    if (!headers.has('x-request-id')) headers.set('x-request-id', requestId)
    return { ...init, headers }
  }
  if (env.COMMERCE_URL) {
    const origin = env.COMMERCE_URL.replace(/\/+$/, '')
    return { kind: 'http', fetch: (path, init) => fetchWithDeadline(origin + path, withId(init), deadlineFor(env, init?.method)) }
  }
  const executionContext = {
    waitUntil,
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext
  return {
    kind: 'embedded',
    fetch: async (path, init) => backend.fetch(new Request(EMBEDDED_ORIGIN + path, withId(init)), env, executionContext),
  }
}
