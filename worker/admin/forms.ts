import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Currency } from '#kernel/models.ts'
import '#worker/lib/zod-messages.ts'
import * as z from 'zod/mini'
import type { Context } from 'hono'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'

export type FormResult<T> = { ok: true; data: T; values: FormValues } | { ok: false; errors: FieldErrors; values: FormValues }

/** The posted form's fields as strings (what a refused form shows again); files are left out. */
export async function formValues(c: Context): Promise<FormValues> {
  return stringsOf(await c.req.parseBody().catch(() => ({})))
}

const stringsOf = (body: Record<string, unknown>): FormValues => {
  const out: FormValues = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value
  return out
}

/**
 * Parses a posted form with `schema` (its string fields, and its files for the forms that upload one); on refusal,
 * one message per field (what the form shows beside it, keyed by the field's name; 'form' for the whole form).
 * Repeated names are not used by the console's forms: the last one counts.
 */
/** What a form is told about a field the request left out. */
/**
 * `schema`'s value, or `fallback` where the value does not pass it or is left out (a list's filter in the query string).
 * zod's own `z.catch` would bring zod's whole util table into the worker bundle (decision 0077). A bare transform, not
 * a pipe from `z.unknown()`: an object takes that as an optional key and refuses it when it is left out.
 */
export const orElse = <S extends z.ZodMiniType>(schema: S, fallback: z.output<S>) =>
  z.transform((v: unknown): z.output<S> => { const r = schema.safeParse(v); return r.success ? r.data : fallback })

export const FIELD_MISSING = 'This field is missing from what was sent.'

export async function parseForm<S extends z.ZodMiniType>(c: Context, schema: S): Promise<FormResult<z.infer<S>>> {
  const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
  const values = stringsOf(body)
  const files = Object.fromEntries(Object.entries(body).filter(([, v]) => v instanceof File))
  // a field the request left out (a browser always sends the form's fields: a hand-made request) is named as missing,
  // not in zod's words ('expected string, received undefined')
  const result = schema.safeParse({ ...files, ...values }, { error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? FIELD_MISSING : undefined) })
  if (result.success) return { ok: true, data: result.data, values }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'form'
    errors[key] ??= issue.message
  }
  return { ok: false, errors, values }
}

/** '2026-02-28' is a day of the calendar (from year 1); '2026-02-31' and '0000-00-00' are not. */
export const isCalendarDay = (v: string) => {
  const day = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.getUTCFullYear() >= 1 && day.toISOString().slice(0, 10) === v
}

/** The cap as the store writes money ('$999,999.99', 'USD 999,999.99'): the console is in English. */
const moneyMax = (currency: Currency) => formatMoney(CHARGE_MAX_CENTS / 100, currency, 'en')

/** A password longer than any the console sets (it was zod's 'Too big: expected string to have <=200 characters'). */
export const PASSWORD_TOO_LONG = 'A password has at most 200 characters.'

/** Reusable fields of the console's forms. Every message says what to do. */
export const field = {
  text: (label: string, max = 200) => z.string().check(z.trim(), z.minLength(1, `${label} is required.`), z.maxLength(max, `${label} must be at most ${max} characters.`)),
  optionalText: (max = 2000) => z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`))), z.transform((v) => (v ? v : null))),
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid email address.')),
  /** Money typed as '129.95' (no currency sign) to integer cents. */
  // at most CHARGE_MAX_CENTS (999,999.99): the most a card can be charged at once, so no price can make an order unpayable
  money: (label: string, currency: Currency = 'AUD') =>
    z.pipe(z
      .string().check(z.trim(), z.regex(/^\d{1,7}(\.\d{1,2})?$/, `${label}: enter an amount like 129.95.`)), z.transform((v) => Math.round(Number(v) * 100))).check(z.refine((v) => v <= CHARGE_MAX_CENTS, `${label}: at most ${moneyMax(currency)} (the most a card can be charged at once).`)),
  optionalMoney: (label: string, currency: Currency = 'AUD') =>
    z.pipe(z.optional(z
      .string().check(z.trim(), z.regex(/^(\d{1,7}(\.\d{1,2})?)?$/, `${label}: enter an amount like 129.95, or leave it empty.`))), z.transform((v) => (v ? Math.round(Number(v) * 100) : null))).check(z.refine((v) => v === null || v <= CHARGE_MAX_CENTS, `${label}: at most ${moneyMax(currency)} (the most a card can be charged at once).`)),
  wholeNumber: (label: string, min = 0, max = 1_000_000) =>
    z.pipe(z.pipe(z
      .string().check(z.trim(), z.regex(/^-?\d+$/, `${label} must be a whole number.`)), z.transform(Number)), z.number().check(z.gte(min, `${label} must be at least ${min}.`), z.lte(max, `${label} must be at most ${max}.`))),
  optionalWholeNumber: (label: string, min = 1, max = 1_000_000) =>
    z.pipe(z.pipe(z.optional(z
      .string().check(z.trim(), z.regex(/^(\d+)?$/, `${label} must be a whole number, or empty for no limit.`))), z.transform((v) => (v ? Number(v) : null))), z.nullable(z.number().check(z.gte(min, `${label} must be at least ${min}.`), z.lte(max, `${label} must be at most ${max}.`)))),
  /** A date from <input type="date"> ('2026-11-30'), or empty. */
  optionalDate: (label: string) =>
    z.pipe(z.optional(z
      .string().check(z.trim(), z.regex(/^(\d{4}-\d{2}-\d{2})?$/, `${label}: pick a date, or leave it empty.`), z.refine((v) => !v || isCalendarDay(v), `${label}: pick a date, or leave it empty.`))), z.transform((v) => (v ? v : null))),
  checkbox: z.pipe(z.optional(z
    .string()), z.transform((v) => v === 'on' || v === '1' || v === 'true')),
  password: z.string().check(z.minLength(1, 'Enter your password to confirm this.'), z.maxLength(200, PASSWORD_TOO_LONG)),
}

/** 1 unless the query says another positive page. */
export function pageOf(c: Context): number {
  const page = Number(c.req.query('page') ?? '1')
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
