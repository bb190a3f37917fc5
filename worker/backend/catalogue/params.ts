import * as z from 'zod/mini'
import type { Currency, Locale } from '#kernel/models.ts'
import { BackendError, fieldErrors } from '../shared/errors.ts'

/** Spree's default page size, and the most one request may ask for. */
export const DEFAULT_PER_PAGE = 25
export const MAX_PER_PAGE = 100
/** Values in one comma-separated filter (ids, skus, taxons): D1 caps statement size, and no page needs more. */
export const MAX_LIST_VALUES = 100

/** A query parameter the contract calls bad: 400 with a message per parameter, in the contract's error shape. */
export function badParam(field: string, message: string): BackendError {
  return new BackendError(400, message, { [field]: [message] }, undefined, 'invalid_details')
}

const PageSchema = z.object({
  page: z._default(z.coerce.number({ message: 'page must be a whole number' }).check(z.int('page must be a whole number'), z.gte(1, 'page must be 1 or more'), z.lte(100_000, 'page is too large')), 1),
  per_page: z.optional(z.coerce.number({ message: 'per_page must be a whole number' }).check(z.int('per_page must be a whole number'), z.gte(1, 'per_page must be 1 or more'), z.lte(MAX_PER_PAGE, `per_page must be at most ${MAX_PER_PAGE}`))),
  currency: z.optional(z.pipe(z.pipe(z.string(), z.transform((v) => v.toUpperCase())), z.enum(['AUD', 'USD'], { message: 'currency must be AUD or USD' }))),
  locale: z.optional(z.enum(['en', 'de'], { message: 'locale must be en or de' })),
})

export interface ListParams {
  page: number
  perPage: number
  currency: Currency
  locale: Locale
  include: Set<string>
  sort: string[]
  /** `filter[name]` → value; `filter[options][color]` → key 'options.color'. */
  filters: Map<string, string>
}

export interface ListRules {
  includes?: readonly string[]
  sorts?: readonly string[]
  /** Allowed filter names; nested ones as 'options.*'. */
  filters?: readonly string[]
  defaultPerPage?: number
}

const FILTER_KEY = /^filter\[([a-z_]+)\](?:\[([A-Za-z0-9_-]{1,60})\])?$/

/**
 * Reads the JSON:API list parameters every catalogue endpoint shares. Anything outside `rules` (an unknown include,
 * sort key or filter, a page of 0, a per_page of 10,000) is a 400 naming the parameter, never a 500.
 */
export function readListParams(url: URL, rules: ListRules = {}): ListParams {
  const q = url.searchParams
  const plain: Record<string, string> = {}
  for (const key of ['page', 'per_page', 'currency', 'locale']) {
    const value = q.get(key)
    if (value !== null && value !== '') plain[key] = value
  }
  const parsed = PageSchema.safeParse(plain)
  if (!parsed.success) throw new BackendError(400, 'Some parameters are not valid.', fieldErrors(parsed.error), undefined, 'invalid_details')

  const include = new Set<string>()
  for (const item of (q.get('include') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!rules.includes?.includes(item)) throw badParam('include', `include '${item}' is not supported here`)
    include.add(item)
  }

  const sort = (q.get('sort') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  for (const key of sort) {
    if (!rules.sorts?.includes(key)) throw badParam('sort', `sort '${key}' is not supported; use one of ${(rules.sorts ?? []).join(', ') || 'none'}`)
  }

  const filters = new Map<string, string>()
  for (const [key, value] of q) {
    if (!key.startsWith('filter')) continue
    const match = FILTER_KEY.exec(key)
    const name = match ? (match[2] ? `${match[1]}.${match[2]}` : match[1]!) : null
    const allowed = name !== null && (rules.filters?.includes(name) || (match?.[2] && rules.filters?.includes(`${match[1]}.*`)))
    if (!allowed) throw badParam(key, `${key} is not a filter this endpoint understands`)
    if (value.length > 2000) throw badParam(key, `${key} is too long`)
    filters.set(name, value)
  }

  const data = parsed.data
  return {
    page: data.page,
    perPage: data.per_page ?? rules.defaultPerPage ?? DEFAULT_PER_PAGE,
    currency: (data.currency ?? 'AUD') as Currency,
    locale: data.locale ?? 'en',
    include,
    sort,
    filters,
  }
}

/** A comma-separated list of positive integers (ids), or a 400 naming the filter. */
export function idList(field: string, value: string): number[] {
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean)
  if (parts.length === 0 || parts.length > MAX_LIST_VALUES || !parts.every((p) => /^\d{1,12}$/.test(p))) {
    throw badParam(field, `${field} must be a comma-separated list of up to ${MAX_LIST_VALUES} ids`)
  }
  return [...new Set(parts.map(Number))]
}

/** A comma-separated list of short strings (skus, option names, property values). */
export function stringList(field: string, value: string): string[] {
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean)
  if (parts.length === 0 || parts.length > MAX_LIST_VALUES || parts.some((p) => p.length > 120)) {
    throw badParam(field, `${field} must be a comma-separated list of up to ${MAX_LIST_VALUES} values`)
  }
  return [...new Set(parts)]
}

export function booleanFilter(field: string, value: string): boolean {
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw badParam(field, `${field} must be true or false`)
}

/** `filter[price]=10,100` (either end may be empty) in major units → cents, max inclusive. */
export function priceRange(field: string, value: string): { min: number | null; max: number | null } {
  const match = /^\s*(\d{1,7}(?:\.\d{1,2})?)?\s*,\s*(\d{1,7}(?:\.\d{1,2})?)?\s*$/.exec(value)
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    throw badParam(field, `${field} must be a range 'min,max' such as '50,100'`)
  }
  const min = match[1] === undefined ? null : Math.round(Number(match[1]) * 100)
  const max = match[2] === undefined ? null : Math.round(Number(match[2]) * 100)
  if (min !== null && max !== null && min > max) throw badParam(field, `${field} must have its minimum below its maximum`)
  return { min, max }
}
