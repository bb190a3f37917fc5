import { errorCodeOf, errorParamsOf } from '#kernel/error-codes.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import type { Transport } from './transport.ts'

/** A JSON:API resource as the Spree Storefront API sends it. */
export interface JsonApiResource {
  id: string
  type: string
  attributes: Record<string, any>
  relationships?: Record<string, { data?: JsonApiRef | JsonApiRef[] | null }>
}
export interface JsonApiRef {
  id: string
  type: string
}
export interface JsonApiDocument<D = JsonApiResource | JsonApiResource[]> {
  data: D
  included?: JsonApiResource[]
  meta?: Record<string, any>
  links?: Record<string, string>
}

/**
 * A parsed document with its `included` resources indexed, so mappers can follow relationships:
 * `doc.related(product, 'images')` → the included image resources, in relationship order.
 */
export class Deserialized<D = JsonApiResource | JsonApiResource[]> {
  readonly data: D
  readonly meta: Record<string, any>
  #index = new Map<string, JsonApiResource>()

  constructor(doc: JsonApiDocument<D>) {
    this.data = doc.data
    this.meta = doc.meta ?? {}
    for (const resource of doc.included ?? []) this.#index.set(`${resource.type}:${resource.id}`, resource)
    const primary = Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : []
    for (const resource of primary as JsonApiResource[]) {
      if (!this.#index.has(`${resource.type}:${resource.id}`)) this.#index.set(`${resource.type}:${resource.id}`, resource)
    }
  }

  find(type: string, id: string): JsonApiResource | undefined {
    return this.#index.get(`${type}:${id}`)
  }

  /** The ids a relationship names, whether or not they were included. */
  refs(resource: JsonApiResource, name: string): JsonApiRef[] {
    const data = resource.relationships?.[name]?.data
    if (!data) return []
    return Array.isArray(data) ? data : [data]
  }

  /** The included resources a relationship points at (missing ones skipped). */
  related(resource: JsonApiResource, name: string): JsonApiResource[] {
    return this.refs(resource, name)
      .map((ref) => this.find(ref.type, ref.id))
      .filter((r): r is JsonApiResource => r !== undefined)
  }

  /** Every included resource of a type. */
  all(type: string): JsonApiResource[] {
    return [...this.#index.values()].filter((r) => r.type === type)
  }
}

const UNAVAILABLE = 'The catalogue is not available right now. Please try again in a moment.'

/**
 * GETs a Storefront API path through the transport. 404 → null (so pages can answer "not found"); any other failure
 * → ApiError with the backend's sentence when it has one, so the pages show something a person understands.
 */
export async function getDocument<D = JsonApiResource | JsonApiResource[]>(transport: Transport, path: string): Promise<Deserialized<D> | null> {
  let response: Response
  try {
    response = await transport.fetch(path, { headers: { accept: 'application/vnd.api+json' } })
  } catch {
    throw new ApiError(503, UNAVAILABLE)
  }
  if (response.status === 404) {
    await response.body?.cancel()
    return null
  }
  let body: any = null
  try {
    body = await response.json()
  } catch {
    // A non-JSON answer (a proxy's error page) becomes a readable error below.
  }
  if (!response.ok) {
    const status = response.status >= 500 ? 502 : response.status
    throw new ApiError(status, typeof body?.error === 'string' && response.status < 500 ? body.error : UNAVAILABLE, body?.errors, undefined, errorCodeOf(body?.code), errorParamsOf(body?.params))
  }
  if (!body || typeof body !== 'object' || !('data' in body)) throw new ApiError(502, UNAVAILABLE)
  return new Deserialized<D>(body as JsonApiDocument<D>)
}

/** `/api/v2/storefront/…?…` from a path and parameters; repeated keys for arrays, undefined ones left out. */
export function storefrontPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value))
  const query = search.toString()
  return `/api/v2/storefront${path}${query ? `?${query}` : ''}`
}
