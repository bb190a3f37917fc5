import type { Operator } from './context.ts'
import type { AuditItem } from '#web/admin/audit-page.tsx'

/** What an audit entry is about: `order` R123456789, `variant` 42, `promotion` 7 … */
export interface AuditSubject {
  type: string
  id: string | number
}

/** Who made a change: an operator, or (id null) the store itself acting on a provider's word ('Stripe webhook'). */
export type AuditActor = Pick<Operator, 'email'> & { id: Operator['id'] | null }

/**
 * One line of the audit log: who did what to which row, with the row before and after. It is a statement, so it
 * joins the batch that makes the change: a change is never recorded without happening, nor happens unrecorded.
 */
export function auditStatement(db: D1Database, operator: AuditActor, action: string, subject: AuditSubject, before: unknown, after: unknown): D1PreparedStatement {
  return db
    .prepare('INSERT INTO audit_log (admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(operator.id, operator.email, action, subject.type, String(subject.id), before === undefined ? null : JSON.stringify(before), after === undefined ? null : JSON.stringify(after))
}

/** The same line, written only when `condition` (SQL) holds as the batch reaches it: for changes guarded in SQL. */
export function auditStatementWhen(db: D1Database, condition: string, operator: Pick<Operator, 'id' | 'email'>, action: string, subject: AuditSubject, before: unknown, after: unknown, conditionBinds: unknown[] = []): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO audit_log (admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${condition}`)
    .bind(operator.id, operator.email, action, subject.type, String(subject.id), before === undefined ? null : JSON.stringify(before), after === undefined ? null : JSON.stringify(after), ...conditionBinds)
}

export type AuditEntry = AuditItem

export const AUDIT_PAGE_SIZE = 50

export async function auditPage(db: D1Database, filter: { action?: string; subject?: string; page: number }) {
  const where: string[] = []
  const binds: unknown[] = []
  if (filter.action) where.push('action = ?') && binds.push(filter.action)
  if (filter.subject) where.push('(subject_id = ? OR admin_email = ?)') && binds.push(filter.subject, filter.subject.toLowerCase())
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const [rows, count] = await db.batch([
    db.prepare(`SELECT * FROM audit_log ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`).bind(...binds, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${clause}`).bind(...binds),
  ])
  return { entries: rows!.results as AuditEntry[], total: (count!.results[0] as { n: number }).n }
}
