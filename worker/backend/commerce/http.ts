import type { Context } from 'hono'
import type * as z from 'zod'
import type { Env } from '#worker/env.ts'
import { BackendError, invalid } from '../shared/errors.ts'

export type BackendContext = Context<{ Bindings: Env }>

/** No storefront request body comes near this; anything larger is refused before it is parsed. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * Reads and validates a JSON body: not JSON → 400, not matching the schema → 422 with one message per field.
 * Either way nothing has been changed yet, because handlers only write after this returns.
 */
export async function readBody<S extends z.ZodType>(c: BackendContext, schema: S): Promise<z.output<S>> {
  let raw: unknown
  const text = await c.req.text().catch(() => null)
  if (text !== null && text.length > MAX_BODY_BYTES) throw new BackendError(413, 'The request body is too large.', { base: ['is too large'] })
  try {
    if (text === null) throw new Error('unreadable body')
    raw = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new BackendError(400, 'The request body is not valid JSON.', { base: ['The request body is not valid JSON.'] })
  }
  const result = schema.safeParse(raw)
  if (!result.success) throw invalid(result.error)
  return result.data
}

/** Validates query parameters the same way as a body. */
export function readQuery<S extends z.ZodType>(c: BackendContext, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query())
  if (!result.success) throw invalid(result.error)
  return result.data
}

/** A positive integer id from a path segment, or 404 (an id that cannot exist names nothing). */
export function pathId(value: string | undefined): number {
  const id = Number(value)
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw new BackendError(404, 'The resource you were looking for could not be found.')
  }
  return id
}
