import * as z from 'zod/mini'
import { addDays, storeDayStart } from '#kernel/store-clock.ts'
import type { AuditItem } from '#worker/admin/pages/audit-page.tsx'
import { isCalendarDay } from './forms.ts'

export { auditStatement, auditStatementWhen, type AuditActor, type AuditSubject } from '#worker/backend/services/audit-log.ts'

export type AuditEntry = AuditItem

export const AUDIT_PAGE_SIZE = 50
/** At most this many words are searched for (each must be found). */
const MAX_WORDS = 6

const day = z.pipe(z.optional(z
  .string().check(z.refine((v) => !v || isCalendarDay(v), 'Pick a date.'))), z.transform((v) => v || undefined))
const optional = (max: number, message: string) =>
  z.pipe(z.optional(z
    .string().check(z.trim(), z.maxLength(max, message))), z.transform((v) => v || undefined))

export const AuditFilterSchema = z.object({
  q: optional(200, 'Search for at most 200 characters.'),
  operator: optional(254, 'Choose an operator from the list.'),
  action: optional(60, 'Choose an action from the list.'),
  from: day,
  to: day,
})
export type AuditFilter = z.output<typeof AuditFilterSchema>

/**
 * What an entry is about, in words a person knows: the product's name and the variant's SKU, the order's number, the
 * promotion's, category's or page's name. Read when the log is read (the rows keep ids), so a product renamed since
 * shows its name of today; a row deleted since falls back to its type and id.
 */
const LABEL = `CASE a.subject_type
  WHEN 'variant' THEN (SELECT p.name || ' · ' || v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = a.subject_id)
  WHEN 'product' THEN (SELECT p.name FROM products p WHERE p.id = a.subject_id)
  WHEN 'order' THEN 'Order ' || a.subject_id
  WHEN 'promotion' THEN (SELECT 'Promotion ' || name || COALESCE(' (' || code || ')', '') FROM promotions WHERE id = a.subject_id)
  WHEN 'taxon' THEN (SELECT 'Category ' || name FROM taxons WHERE id = a.subject_id)
  WHEN 'gift_card' THEN 'Gift card ' || a.subject_id
  WHEN 'user' THEN a.subject_id
  ELSE NULL END`

/** The log, newest first, filtered by words (each found in the entry or in what it names), operator, action and days. */
export async function auditPage(db: D1Database, filter: Partial<AuditFilter> & { page: number }) {
  const where: string[] = []
  const binds: unknown[] = []
  if (filter.operator) where.push('admin_email = ?') && binds.push(filter.operator)
  if (filter.action) where.push('action = ?') && binds.push(filter.action)
  if (filter.from) where.push('at >= ?') && binds.push(storeDayStart(filter.from).toISOString())
  if (filter.to) where.push('at < ?') && binds.push(storeDayStart(addDays(filter.to, 1)).toISOString())
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS)) {
    where.push("(action || ' ' || admin_email || ' ' || subject_type || ' ' || subject_id || ' ' || COALESCE(label, '') || ' ' || COALESCE(before_json, '') || ' ' || COALESCE(after_json, '')) LIKE ? ESCAPE '\\'")
    binds.push(`%${word.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`)
  }
  const rows = `(SELECT a.*, ${LABEL} AS label FROM audit_log a)`
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const [page, count, operators, actions] = await db.batch([
    db.prepare(`SELECT * FROM ${rows} ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`).bind(...binds, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM ${rows} ${clause}`).bind(...binds),
    db.prepare('SELECT DISTINCT admin_email FROM audit_log ORDER BY admin_email'),
    db.prepare('SELECT DISTINCT action FROM audit_log ORDER BY action'),
  ])
  return {
    entries: page!.results as AuditEntry[],
    total: (count!.results[0] as { n: number }).n,
    operators: (operators!.results as Array<{ admin_email: string }>).map((r) => r.admin_email),
    actions: (actions!.results as Array<{ action: string }>).map((r) => r.action),
  }
}
