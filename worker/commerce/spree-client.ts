import { errorCodeOf, errorParamsOf } from '#kernel/error-codes.ts'
import { ApiError, retryAfterSeconds, tooManyAttemptsMessage } from '#web/api/storefront-api.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import type { AuthToken } from '#worker/middleware/session.ts'
import type { CommerceContext } from './context.ts'
import { createTransport, type Transport } from './transport.ts'
import type { JsonApiDocument, JsonApiRef, JsonApiResource } from './jsonapi.ts'

/** JSON:API documents as the Spree Storefront API answers them (the one set of types, from jsonapi.ts). */
export type Resource = JsonApiResource
export type Document = JsonApiDocument<JsonApiResource>
export type ListDocument = JsonApiDocument<JsonApiResource[]>

/** Which credentials a call carries: the shopper's (bearer if logged in, else cart token), only the bearer, or none. */
export type CallAuth = 'shopper' | 'user' | 'none'

export interface SpreeRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  auth?: CallAuth
  query?: Record<string, string | number | undefined>
}

/**
 * The commerce client's one way to call the Spree API: adds the locale, the shopper's bearer (refreshed with the
 * refresh token when it has expired) or cart token, forwards the shopper's address, and turns an error answer into an
 * `ApiError` with the contract's `error` sentence and field `errors`.
 */
export class SpreeClient {
  readonly transport: Transport
  #refreshing: Promise<string | null> | null = null

  constructor(readonly ctx: CommerceContext) {
    this.transport = createTransport(ctx.env, ctx.waitUntil, ctx.requestId)
  }

  get isAuthenticated() {
    return this.ctx.session.isAuthenticated || Boolean(this.ctx.session.auth?.refresh_token)
  }

  /** A valid access token, refreshing an expired one once per request; null for a guest. */
  async bearer(): Promise<string | null> {
    const session = this.ctx.session
    if (session.bearer) return session.bearer
    const refresh = session.auth?.refresh_token
    if (!refresh) return null
    this.#refreshing ??= this.#refresh(refresh)
    return this.#refreshing
  }

  async #refresh(refreshToken: string): Promise<string | null> {
    const response = await this.#send('/spree_oauth/token', { method: 'POST', body: { grant_type: 'refresh_token', refresh_token: refreshToken } }, {})
    if (!response.ok) {
      // the refresh token is spent or revoked: the shopper is logged out
      this.ctx.session.setAuth(null)
      return null
    }
    const token = (await response.json()) as AuthToken
    this.ctx.session.setAuth(token)
    return token.access_token
  }

  async #send(path: string, init: { method: string; body?: unknown }, headers: Record<string, string>) {
    const all: Record<string, string> = { accept: 'application/vnd.api+json, application/json', ...headers }
    // The shopper's address, the way each backend trusts it: in process as CF-Connecting-IP (what the edge gave this
    // request); to a remote Spree as X-Forwarded-For, written fresh (a shopper's own X-Forwarded-For is never passed
    // on) since Workers cannot set CF-Connecting-IP on a subrequest. docs/security.md, 'Client address'.
    if (this.ctx.clientIp) all[this.transport.kind === 'http' ? 'x-forwarded-for' : 'cf-connecting-ip'] = this.ctx.clientIp
    if (init.body !== undefined) all['content-type'] = 'application/json'
    return this.transport.fetch(path, { method: init.method, headers: all, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  }

  async request<T>(path: string, options: SpreeRequest = {}): Promise<T> {
    const auth = options.auth ?? 'shopper'
    const headers: Record<string, string> = {}
    if (auth !== 'none') {
      const bearer = await this.bearer()
      if (bearer) headers.authorization = `Bearer ${bearer}`
      else if (auth === 'user') throw new ApiError(401, 'Please log in first.')
      else if (this.ctx.session.cartToken) headers['x-spree-order-token'] = this.ctx.session.cartToken
    }
    const query = new URLSearchParams({ locale: this.ctx.locale })
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v))
    const url = `${path.startsWith('/spree_oauth') ? '' : '/api/v2/storefront'}${path}${path.includes('?') ? '&' : '?'}${query}`
    const response = await this.ctx.timing.measure('commerce', () => this.#send(url, { method: options.method ?? 'GET', body: options.body }, headers))
    if (response.status === 204) return undefined as T
    const text = await response.text()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      // a proxy's HTML error page: reported below with the status
    }
    if (!response.ok) {
      if (response.status === 401 && headers.authorization) this.ctx.session.setAuth(null)
      if (response.status === 429) {
        // said in the shopper's language, with when to try again (pages and the BFF pass Retry-After on)
        const retryAfter = retryAfterSeconds(response.headers.get('retry-after'))
        throw new ApiError(429, tooManyAttemptsMessage(createTranslator(this.ctx.locale), retryAfter), undefined, retryAfter, 'too_many_attempts')
      }
      // a passing fault behind the API (503 with Retry-After): said in the backend's words (already in the shopper's
      // language), and when to send the request again, which the BFF and pages pass on
      const retryAfter = response.status === 503 && response.headers.has('retry-after') ? retryAfterSeconds(response.headers.get('retry-after')) : undefined
      throw new ApiError(response.status, typeof json?.error === 'string' ? json.error : `Request failed with status code ${response.status}`, json?.errors, retryAfter, errorCodeOf(json?.code), errorParamsOf(json?.params))
    }
    return json as T
  }
}

/** The included resource a relationship points at. */
export function included(doc: { included?: Resource[] }, ref: JsonApiRef | null | undefined): Resource | undefined {
  if (!ref) return undefined
  return doc.included?.find((r) => r.type === ref.type && r.id === ref.id)
}

export function related(doc: { included?: Resource[] }, resource: Resource, name: string): Resource[] {
  const data = resource.relationships?.[name]?.data
  if (!data) return []
  return (Array.isArray(data) ? data : [data]).map((ref) => included(doc, ref)).filter((r): r is Resource => r !== undefined)
}
