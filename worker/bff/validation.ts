import type { Context, ValidationTargets } from 'hono'
import { zValidator } from '@hono/zod-validator'
import type * as z from 'zod/mini'
import type { ApiErrorBody } from '#kernel/models.ts'
import { fieldErrors } from '#worker/backend/shared/errors.ts'

/**
 * Every BFF input goes through this: a bad input gets 400 with one message per field, in the one error shape the
 * browser understands, and the handler never runs.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c: Context) => {
    if (result.success) return
    const body: ApiErrorBody = { error: 'Some of the details are not valid.', errors: fieldErrors(result.error), code: 'invalid_details' }
    return c.json(body, 400)
  })
}
