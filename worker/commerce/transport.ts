import type { Env } from '#worker/env.ts'
import { backend } from '#worker/backend/index.ts'

/**
 * How the commerce client reaches a Spree Storefront API: in-process (the embedded backend, no HTTP hop) or over
 * HTTP to `COMMERCE_URL`. Both take a path such as `/api/v2/storefront/products?…` and return the raw Response,
 * so everything above this line is the same code whichever backend answers.
 */
export interface Transport {
  readonly kind: 'embedded' | 'http'
  fetch(path: string, init?: RequestInit): Promise<Response>
}

const EMBEDDED_ORIGIN = 'https://embedded.backend'

export function createTransport(env: Env, waitUntil: (p: Promise<unknown>) => void): Transport {
  if (env.COMMERCE_URL) {
    const origin = env.COMMERCE_URL.replace(/\/+$/, '')
    return {
      kind: 'http',
      fetch: (path, init) => fetch(origin + path, init),
    }
  }
  const executionContext = {
    waitUntil,
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext
  return {
    kind: 'embedded',
    fetch: async (path, init) => backend.fetch(new Request(EMBEDDED_ORIGIN + path, init), env, executionContext),
  }
}
