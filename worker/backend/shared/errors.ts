import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '#kernel/error-codes.ts'
import '#worker/lib/zod-messages.ts'
import { busyMessage, isTransientFault, RETRY_AFTER_SECONDS } from '#worker/lib/transient.ts'

/**
 * The contract's error shape (spree-api Error / ValidationErrors): `{ error, errors? }`.
 * `error` is a sentence a person understands; `errors` maps field names to messages. `code` is our extension: a
 * stable name for a refusal the storefront tells apart (kernel/error-codes.ts), so it never matches the sentence.
 */
export interface BackendErrorBody {
  error: string
  errors?: Record<string, string[]>
  code?: ErrorCode
  /** The figures the refusal's sentence names (`{ left: 3 }`), so the storefront can say it in its own words too. */
  params?: Record<string, string | number>
}

/** An error the backend answers with its status and the contract's error shape. */
export class BackendError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Seconds until a refused client may try again (429s): sent as `Retry-After`. */
    readonly retryAfter?: number,
    /** The refusal's stable code, sent as `code` beside the sentence. */
    readonly code?: ErrorCode,
    /** The figures its sentence names, sent as `params` beside the code. */
    readonly params?: Record<string, string | number>,
  ) {
    super(status, { message })
  }
}

export const notFound = (what = 'The resource you were looking for could not be found.', code: ErrorCode = 'not_found') => new BackendError(404, what, undefined, undefined, code)

/** The shopper's cart is not there (placed, deleted, or a token that never was). */
export const cartNotFound = (what = 'The cart could not be found.') => notFound(what, 'cart_not_found')

/** Turns zod issues into `{ field: [messages] }`, with nested paths joined by dots (`address.zipcode`). */
export function fieldErrors(error: ZodIssues): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'base'
    ;(out[key] ??= []).push(issue.path.length ? readable(issue.message) : readableBody(issue.message))
  }
  return out
}

const KINDS: Record<string, string> = {
  object: 'must be a group of fields',
  array: 'must be a list',
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
}

/**
 * zod's own wording where a schema gave no message ('Invalid input: expected object, received undefined', 'Too small:
 * expected number to be >=1' …), said as the rest of the messages are; any other message is kept as it is.
 */
function readable(message: string): string {
  let m: RegExpExecArray | null
  if ((m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message))) {
    return m[2] === 'undefined' || m[2] === 'null' ? 'This field is required.' : (KINDS[m[1]!] ?? 'is not valid')
  }
  if ((m = /^Invalid option: expected one of (.+)$/.exec(message))) return `must be one of ${m[1]!.replace(/"/g, '').split('|').join(', ')}`
  if ((m = /^Too small: expected (?:number|bigint) to be >=?(-?[\d.]+)$/.exec(message))) return `must be at least ${m[1]}`
  if ((m = /^Too big: expected (?:number|bigint) to be <=?(-?[\d.]+)$/.exec(message))) return `must be at most ${m[1]}`
  if ((m = /^Too small: expected (?:string|array|set) to have >=?(\d+) (\w+)$/.exec(message))) return `must have at least ${m[1]} ${m[2]}`
  if ((m = /^Too big: expected (?:string|array|set) to have <=?(\d+) (\w+)$/.exec(message))) return `can have at most ${m[1]} ${m[2]}`
  if ((m = /^Unrecognized keys?: (.+)$/.exec(message))) return `has a field that is not accepted: ${m[1]!.replace(/"/g, '')}`
  if (/^Invalid (input|string|number)/.test(message)) return 'is not valid'
  return message
}

/** The same for the body as a whole (`base`): a body that is not an object of fields. */
function readableBody(message: string): string {
  if (/^Invalid input: expected object, received \w+$/.test(message)) return 'The request must send its fields as a JSON object or a form.'
  return readable(message)
}

/** What zod's errors (classic and core) have in common. */
export interface ZodIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

export function invalid(error: ZodIssues, message = 'Some of the details are not valid.') {
  return new BackendError(422, message, fieldErrors(error), undefined, 'invalid_details')
}

/** Hono onError for the backend: known errors keep their status; anything else is a 500 that is logged. */
export function backendErrorResponse(err: Error, c: Context) {
  if (err instanceof BackendError) {
    const body: BackendErrorBody = { error: err.message }
    if (err.errors) body.errors = err.errors
    if (err.code) body.code = err.code
    if (err.params) body.params = err.params
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter))
    return c.json(body, err.status)
  }
  if (err instanceof HTTPException) {
    return c.json({ error: err.message || 'The request could not be processed.' } satisfies BackendErrorBody, err.status)
  }
  // the store's request id: set when the backend is reached directly, sent as X-Request-Id when called in-process
  const requestId = (c.var as { requestId?: string }).requestId ?? c.req.header('x-request-id') ?? 'unknown'
  if (isTransientFault(err)) {
    // D1 was locked, reset or out of reach for a moment: not a bug, and sending the request again is what fixes it
    console.warn('backend: D1 fault passing', requestId, err.message)
    c.header('Retry-After', String(RETRY_AFTER_SECONDS))
    return c.json({ error: busyMessage(c.req.query('locale') === 'de' ? 'de' : 'en') } satisfies BackendErrorBody, 503)
  }
  console.error('backend error', requestId, err)
  return c.json({ error: 'Something went wrong on our side. Please try again.' } satisfies BackendErrorBody, 500)
}
