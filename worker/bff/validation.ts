import type { Context, ValidationTargets } from 'hono'
import { zValidator } from '@hono/zod-validator'
import type * as z from 'zod'
import type { ApiErrorBody } from '#web/api/models.ts'

interface Issues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

/** `{ field: [messages] }` from zod issues, nested paths joined with dots. */
export function issuesToFields(error: Issues): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'base'
    ;(errors[key] ??= []).push(issue.message)
  }
  return errors
}

/**
 * Every BFF input goes through this: a bad input gets 400 with one message per field, in the one error shape the
 * browser understands, and the handler never runs.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c: Context) => {
    if (result.success) return
    const body: ApiErrorBody = { error: 'Some of the details are not valid.', errors: issuesToFields(result.error) }
    return c.json(body, 400)
  })
}
