import type { Operator } from './context.ts'
import { auditStatementWhen } from './audit.ts'
import { roleStatement } from '#worker/backend/commerce/account-write.ts'

export type Role = 'customer' | 'admin'

/**
 * Gives or takes the console role. Taking it is refused when it would leave no admin who can log in: the check and
 * the change are one statement, so two admins demoting each other at the same moment cannot both succeed. Taking the
 * role ends the account's console sessions at once. Answers false (and changes nothing) when the store would be
 * left without an admin.
 */
export async function setRole(db: D1Database, operator: Operator, user: { id: number; email: string; role: string }, role: Role): Promise<boolean> {
  const change = roleStatement(db, user.id, role)
  // the session purge and the audit line happen only with the change (the same guard, read after it in the batch)
  const happened = 'EXISTS (SELECT 1 FROM users WHERE id = ? AND role = ?)'
  const action = role === 'admin' ? 'user.role_grant' : 'user.role_revoke'
  const [changed] = await db.batch([
    change,
    ...(role === 'customer' ? [db.prepare(`DELETE FROM admin_sessions WHERE user_id = ? AND ${happened}`).bind(user.id, user.id, role)] : []),
    auditStatementWhen(db, happened, operator, action, { type: 'user', id: user.email }, { role: user.role }, { role }, [user.id, role]),
  ])
  return (changed!.meta.changes ?? 0) === 1
}
