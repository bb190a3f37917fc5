import type * as Stripe from './stripe-types.ts'

/**
 * The few calls of Stripe's REST API the store makes (payment intents, payment methods, customers, refunds, Checkout
 * Sessions) and its webhook signature check, on fetch and Web Crypto. It replaces the `stripe` library at run time:
 * the library bundles every resource of the API (255 KB minified, about 45 KiB of the worker's 450 KiB gzip budget)
 * for the eleven calls used here. Its types are our own (stripe-types.ts: the fields used, from Stripe's API
 * reference), and this client keeps the library's behaviour the store relies on, written down where it comes from:
 * - the API version the types describe (`Stripe-Version`), form bodies with bracketed keys (`metadata[order_id]`,
 *   `expand[0]`), `Idempotency-Key` on every POST (every caller passes one);
 * - one retry, as the store configured the library (`maxNetworkRetries: 1`): after a connection failure, a 409 or a
 *   5xx, unless Stripe says `stripe-should-retry: false` (or always, when it says `true`), after 0.5-1 s; the same
 *   idempotency key, so a retried POST is never done twice;
 * - 15 s per attempt, then a connection error;
 * - errors as the library's classes name them (`type: 'StripeCardError'` for a 402 and so on), with Stripe's `code`,
 *   `decline_code` and the declined `payment_intent`;
 * - webhook signatures: HMAC-SHA256 of `{t}.{payload}` against any `v1` of the header, in constant time, and a
 *   timestamp at most 300 s from now (old or, unlike the library, ahead).
 */

/** The API version this client asks for, the one stripe-types.ts describes (that of the `stripe` package 23.1.0 it replaced). */
export const STRIPE_API_VERSION = '2026-10-28.endive'
const TIMEOUT_MS = 15_000
const RETRY_DELAY_MS = 500
const WEBHOOK_TOLERANCE_S = 300

type Params = object
interface RequestOptions {
  idempotencyKey?: string
}

/** A refusal or failure of Stripe's, named as the library names them (stripe-client.ts tells them apart by `type`). */
export class StripeError extends Error {
  readonly type: string
  readonly statusCode?: number
  readonly code?: string
  readonly decline_code?: string
  readonly payment_intent?: Stripe.PaymentIntent
  readonly raw: Record<string, unknown>
  constructor(type: string, raw: Record<string, unknown>, statusCode?: number) {
    super(typeof raw.message === 'string' ? raw.message : type)
    this.name = type
    this.type = type
    this.raw = raw
    this.statusCode = statusCode
    if (typeof raw.code === 'string') this.code = raw.code
    if (typeof raw.decline_code === 'string') this.decline_code = raw.decline_code
    if (raw.payment_intent && typeof raw.payment_intent === 'object') this.payment_intent = raw.payment_intent as Stripe.PaymentIntent
  }
}

/** The library's mapping of an API error to its class (stripe/esm/Error.js generateV1Error). */
function errorType(status: number, raw: Record<string, unknown>): string {
  if (status === 429 || (status === 400 && raw.code === 'rate_limit')) return 'StripeRateLimitError'
  if (status === 400 || status === 404) return raw.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError'
  if (status === 401) return 'StripeAuthenticationError'
  if (status === 402) return 'StripeCardError'
  if (status === 403) return 'StripePermissionError'
  return 'StripeAPIError'
}

/** Stripe's form encoding: nested objects as `a[b]`, arrays as `a[0]`, booleans as words, undefined left out. */
export function encodeForm(params: Params, prefix = ''): string[] {
  const parts: string[] = []
  for (const [name, value] of Object.entries(params) as Array<[string, unknown]>) {
    const key = prefix ? `${prefix}[${name}]` : name
    if (value === undefined) continue
    if (Array.isArray(value)) parts.push(...encodeForm(Object.fromEntries(value.map((v, i) => [String(i), v])), key))
    else if (value !== null && typeof value === 'object') parts.push(...encodeForm(value, key))
    else parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value === null ? '' : String(value))}`)
  }
  return parts
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface StripeRestOptions {
  secretKey: string
  /** Where the API is: https://api.stripe.com unless the tests' local fake is named (STRIPE_API_BASE). */
  base?: string
}

export function createStripeRest({ secretKey, base = 'https://api.stripe.com' }: StripeRestOptions) {
  const origin = base.replace(/\/+$/, '')

  async function attempt(method: 'GET' | 'POST', url: string, body: string | undefined, headers: Record<string, string>): Promise<Response | Error> {
    try {
      // `fetch` is looked up at call time, so a test's fetch spy is what runs
      return await fetch(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }

  async function call<T>(method: 'GET' | 'POST', path: string, params: Params = {}, options: RequestOptions = {}): Promise<T> {
    const form = encodeForm(params).join('&')
    const url = `${origin}${path}${method === 'GET' && form ? `?${form}` : ''}`
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    }
    const body = method === 'POST' ? form : undefined
    let answer = await attempt(method, url, body, headers)
    if (shouldRetry(answer)) {
      await sleep(RETRY_DELAY_MS * (1 + Math.random()))
      answer = await attempt(method, url, body, headers)
    }
    if (answer instanceof Error) throw new StripeError('StripeConnectionError', { message: `Stripe could not be reached: ${answer.message}` })
    const json = (await answer.json().catch(() => null)) as { error?: Record<string, unknown> } | null
    if (answer.ok && json && !json.error) return json as T
    const raw = json?.error && typeof json.error === 'object' ? json.error : { message: `Stripe answered ${answer.status} without an error body.` }
    throw new StripeError(errorType(answer.status, raw), raw, answer.status)
  }

  function shouldRetry(answer: Response | Error): boolean {
    if (answer instanceof Error) return true
    const advice = answer.headers.get('stripe-should-retry')
    if (advice === 'false') return false
    if (advice === 'true') return true
    return answer.status === 409 || answer.status >= 500
  }

  const id = (value: string) => encodeURIComponent(value)

  return {
    paymentIntents: {
      create: (params: Stripe.PaymentIntentCreateParams, options?: RequestOptions) => call<Stripe.PaymentIntent>('POST', '/v1/payment_intents', params, options),
      retrieve: (intentId: string, params?: Stripe.PaymentIntentRetrieveParams) => call<Stripe.PaymentIntent>('GET', `/v1/payment_intents/${id(intentId)}`, params),
      confirm: (intentId: string, params: Stripe.PaymentIntentConfirmParams, options?: RequestOptions) =>
        call<Stripe.PaymentIntent>('POST', `/v1/payment_intents/${id(intentId)}/confirm`, params, options),
      capture: (intentId: string, params: Stripe.PaymentIntentCaptureParams, options?: RequestOptions) =>
        call<Stripe.PaymentIntent>('POST', `/v1/payment_intents/${id(intentId)}/capture`, params, options),
      cancel: (intentId: string, params: Stripe.PaymentIntentCancelParams, options?: RequestOptions) =>
        call<Stripe.PaymentIntent>('POST', `/v1/payment_intents/${id(intentId)}/cancel`, params, options),
    },
    paymentMethods: {
      retrieve: (methodId: string) => call<Stripe.PaymentMethod>('GET', `/v1/payment_methods/${id(methodId)}`),
    },
    customers: {
      create: (params: Stripe.CustomerCreateParams, options?: RequestOptions) => call<Stripe.Customer>('POST', '/v1/customers', params, options),
    },
    refunds: {
      create: (params: Stripe.RefundCreateParams, options?: RequestOptions) => call<Stripe.Refund>('POST', '/v1/refunds', params, options),
    },
    checkout: {
      sessions: {
        create: (params: Stripe.Checkout.SessionCreateParams, options?: RequestOptions) => call<Stripe.Checkout.Session>('POST', '/v1/checkout/sessions', params, options),
        retrieve: (sessionId: string, params?: Stripe.Checkout.SessionRetrieveParams) => call<Stripe.Checkout.Session>('GET', `/v1/checkout/sessions/${id(sessionId)}`, params),
      },
    },
  }
}

export type StripeRest = ReturnType<typeof createStripeRest>

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** Equal strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * A webhook delivery's event, once its `Stripe-Signature` is shown to be Stripe's: refuses (StripeError
 * 'StripeSignatureVerificationError') a header without a timestamp or `v1`, a signature made with another secret or
 * over another body, and a timestamp more than 300 s before (a replayed delivery) or after now (a signature made for
 * later), as the library's constructEventAsync does for the first.
 */
export async function verifiedEvent(payload: string, header: string, secret: string, now = Date.now()): Promise<Stripe.Event> {
  const refuse = (message: string) => new StripeError('StripeSignatureVerificationError', { message })
  const items = header.split(',').map((item) => item.trim().split('='))
  const timestamp = Number(items.find(([k]) => k === 't')?.[1])
  const signatures = items.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!)
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw refuse('Unable to extract timestamp and signatures from header')
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const expected = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`)))
  if (!signatures.some((signature) => sameText(signature, expected))) throw refuse('No signatures found matching the expected signature for payload')
  // both ways: the library only refuses old ones, but a timestamp far ahead is no fresher (a signature made with a
  // wrong or stolen clock, kept to be replayed later), and Stripe signs at the moment it sends
  if (Math.abs(Math.floor(now / 1000) - timestamp) > WEBHOOK_TOLERANCE_S) throw refuse('Timestamp outside the tolerance zone')
  try {
    return JSON.parse(payload) as Stripe.Event
  } catch {
    throw refuse('The payload is not JSON')
  }
}
