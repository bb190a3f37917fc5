import type { Context } from 'hono'
import type { Currency, Locale } from '#kernel/models.ts'
import { formatMoney } from '#kernel/format.ts'

export const JSON_API = 'application/vnd.api+json'

export interface Ref {
  id: string
  type: string
}
export interface Resource extends Ref {
  attributes: Record<string, unknown>
  relationships?: Record<string, { data: Ref | Ref[] | null }>
}
export interface Document {
  data: Resource | Resource[]
  included?: Resource[]
  meta?: Record<string, unknown>
  links?: Record<string, string>
}

export const ref = (type: string, id: number | string): Ref => ({ type, id: String(id) })

/** Answers a JSON:API document with the contract's media type. */
export function jsonApi(c: Context, doc: Document, status: 200 | 201 = 200) {
  return c.body(JSON.stringify(doc), status, { 'content-type': JSON_API })
}

/** Collects `included` resources once each, in the order first seen. */
export class Included {
  #items = new Map<string, Resource>()
  add(resource: Resource | null | undefined) {
    if (resource) {
      const key = `${resource.type}:${resource.id}`
      if (!this.#items.has(key)) this.#items.set(key, resource)
    }
  }
  list(): Resource[] {
    return [...this.#items.values()]
  }
}

/** Money as the contract writes it: a decimal string ('129.95'), and its `display_` twin ('$129.95'). */
export const decimal = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : (cents / 100).toFixed(2))
export const display = (cents: number | null | undefined, currency: Currency, locale: Locale) =>
  cents === null || cents === undefined ? null : formatMoney(cents / 100, currency, locale)

/** The contract's pagination meta and links for a listing. */
export function pagination(url: URL, page: number, perPage: number, totalCount: number, count: number) {
  const totalPages = Math.max(1, Math.ceil(totalCount / perPage))
  const at = (n: number) => {
    const next = new URL(url)
    next.searchParams.set('page', String(n))
    return next.pathname + next.search
  }
  const links: Record<string, string> = { self: url.pathname + url.search, first: at(1), last: at(totalPages) }
  if (page < totalPages) links.next = at(page + 1)
  if (page > 1) links.prev = at(Math.min(page - 1, totalPages))
  return { meta: { count, total_count: totalCount, total_pages: totalPages }, links }
}

/** Comma-separated integers for an `IN (…)` list: only ever called with validated integers. */
export const inList = (ids: readonly number[]) => (ids.length ? ids.map((id) => Math.trunc(id)).join(',') : 'NULL')

export const bool = (value: unknown) => value === 1 || value === true

/** A string the code chose from `allowed` as an SQL literal (locale, currency): anything else is a bug, not input. */
export function sqlLiteral<T extends string>(value: T, allowed: readonly T[]): string {
  if (!allowed.includes(value)) throw new Error(`not a known value: ${value}`)
  return `'${value}'`
}

/**
 * One part of a multi-part statement: the column `<name>`, a JSON array of objects, `(SELECT json_group_array(…)
 * <from>) AS <name>`. Parts side by side load several tables in one statement (one D1 round trip), one row holding
 * one JSON array per part (columns, not UNION ALL: D1 caps the terms of a compound SELECT).
 */
export function jsonPart(name: string, columns: Record<string, string>, from: string) {
  const object = Object.entries(columns).map(([key, expr]) => `'${key}', ${expr}`).join(', ')
  return `(SELECT json_group_array(json_object(${object})) ${from}) AS ${name}`
}
