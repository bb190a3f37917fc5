/**
 * The audit log's writer: the console's changes and the store's own acts on a provider's word (a Stripe webhook) are
 * recorded through these statements. It lives with the backend, which owns the table (append-only: migration 0241);
 * the console reads it through worker/admin/audit.ts.
 */

/** What an audit entry is about: `order` R123456789, `variant` 42, `promotion` 7 … */
export interface AuditSubject {
  type: string
  id: string | number
}

/** Who made a change: an operator, or (id null) the store itself acting on a provider's word ('Stripe webhook'). */
export interface AuditActor {
  id: number | null
  email: string
}

const INSERT = 'INSERT INTO audit_log (admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json)'

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

/**
 * One line of the audit log: who did what to which row, with the row before and after. It is a statement, so it
 * joins the batch that makes the change: a change is never recorded without happening, nor happens unrecorded.
 */
export function auditStatement(db: D1Database, actor: AuditActor, action: string, subject: AuditSubject, before: unknown, after: unknown): D1PreparedStatement {
  return db.prepare(`${INSERT} VALUES (?, ?, ?, ?, ?, ?, ?)`).bind(actor.id, actor.email, action, subject.type, String(subject.id), json(before), json(after))
}

/** The same line, written only when `condition` (SQL) holds as the batch reaches it: for changes guarded in SQL. */
export function auditStatementWhen(db: D1Database, condition: string, actor: AuditActor, action: string, subject: AuditSubject, before: unknown, after: unknown, conditionBinds: unknown[] = []): D1PreparedStatement {
  return db
    .prepare(`${INSERT} SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${condition}`)
    .bind(actor.id, actor.email, action, subject.type, String(subject.id), json(before), json(after), ...conditionBinds)
}
