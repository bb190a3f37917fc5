export { auditStatement, auditStatementWhen, type AuditActor, type AuditSubject } from '#worker/backend/services/audit-log.ts'
import type { AuditItem } from '#worker/admin/pages/audit-page.tsx'

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
