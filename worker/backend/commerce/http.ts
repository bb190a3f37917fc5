import type { Context } from 'hono'
import type * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError, invalid } from '../shared/errors.ts'
import { nestParams } from './nest-params.ts'
import { MAX_BODY_BYTES } from '#kernel/config.ts'

export type BackendContext = Context<{ Bindings: Env }>

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
const parsed = new WeakMap<Request, Promise<unknown>>()

/**
 * The request's parameters as Spree (Rails) sees them: the query string merged with the body, which is JSON (any
 * content type, as before) or a form (`order[email]=…` nests as Rails nests it). Rails lets the query win a clash.
 * A body that is not a JSON object is answered as it is, so the schema refuses it. Read once per request.
 */
export function requestParams(c: BackendContext): Promise<unknown> {
  let found = parsed.get(c.req.raw)
  if (!found) {
    found = parseParams(c)
    parsed.set(c.req.raw, found)
  }
  return found
}

/** A multipart body as form data; one without a boundary or cut short is the client's mistake (400), not ours. */
async function readMultipart(url: string, type: string, text: string): Promise<FormData> {
  try {
    return await new Request(url, { method: 'POST', headers: { 'content-type': type }, body: text }).formData()
  } catch {
    throw new BackendError(400, 'The request body is not a valid form.', { base: ['The request body is not a valid form.'] }, undefined, 'invalid_request')
  }
}

async function parseParams(c: BackendContext): Promise<unknown> {
  const query = nestParams(new URL(c.req.url).searchParams)
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return query
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  // bytes, decoded here: workerd warns when .text() reads a form body
  const text = await c.req.arrayBuffer().then((b) => new TextDecoder().decode(b)).catch(() => null)
  if (text !== null && text.length > MAX_BODY_BYTES) throw new BackendError(413, 'The request body is too large.', { base: ['is too large'] }, undefined, 'invalid_request')
  if (text === null) throw new BackendError(400, 'The request body could not be read.', { base: ['The request body could not be read.'] }, undefined, 'invalid_request')
  let body: unknown
  if (FORM_TYPES.some((t) => type.startsWith(t))) {
    body = type.startsWith('multipart/') ? nestParams(await readMultipart(c.req.url, type, text)) : nestParams(new URLSearchParams(text))
  } else {
    try {
      body = text.trim() === '' ? {} : JSON.parse(text)
    } catch {
      throw new BackendError(400, 'The request body is not valid JSON.', { base: ['The request body is not valid JSON.'] }, undefined, 'invalid_request')
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  return { ...(body as Record<string, unknown>), ...query }
}

/**
 * Reads and validates the request's parameters (query and body, as Spree does): a body that is not JSON or a form →
 * 400, not matching the schema → 422 with one message per field. Either way nothing has been changed yet, because
 * handlers only write after this returns.
 */
export async function readParams<S extends z.ZodMiniType>(c: BackendContext, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await requestParams(c))
  if (!result.success) throw invalid(result.error)
  return result.data
}

/** A positive integer id from a path segment, or 404 (an id that cannot exist names nothing). */
export function pathId(value: string | undefined): number {
  const id = Number(value)
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw new BackendError(404, 'The resource you were looking for could not be found.', undefined, undefined, 'not_found')
  }
  return id
}
