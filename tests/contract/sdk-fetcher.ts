/// <reference types="node" />
// A fetcher for @spree/storefront-api-v2-sdk built on the global fetch (its own @spree/node-fetcher is not
// published), sending what @spree/node-fetcher sends: GET parameters in the query string (the SDK's own
// serializer), everything else as a JSON body. Every answer is checked against the contract and recorded.
import { createRequire } from 'node:module'
import type { Contract, Operation } from './spree-contract.ts'

/** The SDK is a UMD bundle whose named exports Node's ESM loader cannot see: loaded with require. */
export const sdk: typeof import('@spree/storefront-api-v2-sdk') = createRequire(import.meta.url)('@spree/storefront-api-v2-sdk')
const { FetchError, objectToQuerystring } = sdk

export interface Exchange {
  method: string
  path: string
  status: number
  operation: Operation | undefined
  problems: string[]
}

export function contractFetcher(contract: Contract, log: Exchange[]) {
  return ({ host }: { host: string }) => ({
    async fetch({ url, params, method, headers, responseParsing }: { url: string; params: Record<string, unknown>; method: string; headers: Record<string, string>; responseParsing?: string }) {
      const get = method.toUpperCase() === 'GET'
      const query = get && params && Object.keys(params).length ? `?${objectToQuerystring(params)}` : ''
      const target = new URL(url + query, host)
      const request = {
        method: method.toUpperCase(),
        headers: { accept: 'application/vnd.api+json', 'content-type': 'application/json', ...headers },
        body: get ? undefined : JSON.stringify(params ?? {}),
      }
      const response = await fetch(target, request)
      const text = responseParsing === 'stream' ? '' : await response.text()
      const data = text ? JSON.parse(text) : undefined
      const operation = contract.find(request.method, target.pathname)
      // a call outside the contract (OAuth revoke) is recorded without an operation, and nothing to check it against
      const problems = operation ? contract.check(operation, response.status, response.headers.get('content-type'), data ?? null) : []
      log.push({ method: request.method, path: target.pathname + target.search, status: response.status, operation, problems })
      if (!response.ok) throw new FetchError(response, request, data, `${request.method} ${target.pathname} answered ${response.status}: ${text.slice(0, 300)}`)
      return { data }
    },
  })
}
