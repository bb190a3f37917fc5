import type { Operator } from './context.ts'
import { auditStatement, auditStatementWhen } from './audit.ts'
import type { CustomerItem } from '#worker/admin/pages/customers-page.tsx'
import { blockStatement, revokeBlockedTokensStatement } from '#worker/backend/commerce/account-write.ts'

/** Customers as the console sees them. Every account is a Club member (members see Club Prices once logged in). */

export const CUSTOMERS_PAGE_SIZE = 25

export type CustomerRow = CustomerItem

export async function listCustomers(db: D1Database, q: string | undefined, page: number) {
  const like = q ? `%${q.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%` : null
  const where = like ? "WHERE u.email LIKE ?1 ESCAPE '\\' OR (u.first_name || ' ' || u.last_name) LIKE ?1 ESCAPE '\\'" : ''
  const binds = like ? [like] : []
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.blocked_at, u.created_at,
           (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id AND o.state = 'complete') AS orders
         FROM users u ${where} ORDER BY u.id DESC LIMIT ${CUSTOMERS_PAGE_SIZE} OFFSET ${(page - 1) * CUSTOMERS_PAGE_SIZE}`,
      )
      .bind(...binds),
    db.prepare(`SELECT COUNT(*) AS n FROM users u ${where}`).bind(...binds),
  ])
  return { customers: rows!.results as unknown as CustomerRow[], total: (count!.results[0] as { n: number }).n }
}

export async function loadCustomer(db: D1Database, id: number) {
  const customer = await db
    .prepare("SELECT u.*, (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id AND o.state = 'complete') AS orders FROM users u WHERE u.id = ?")
    .bind(id)
    .first<CustomerRow>()
  if (!customer) return null
  const [orders, addresses, credits] = await db.batch([
    db.prepare("SELECT number, currency, total_cents, completed_at, canceled_at FROM orders WHERE user_id = ? AND state = 'complete' ORDER BY id DESC LIMIT 50").bind(id),
    db.prepare('SELECT id, firstname, lastname, address1, city, zipcode, state_name, country_iso, is_default FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY is_default DESC, id').bind(id),
    db.prepare('SELECT currency, balance_cents FROM store_credits WHERE user_id = ? ORDER BY currency').bind(id),
  ])
  return {
    customer,
    orders: orders!.results as Array<{ number: string; currency: string; total_cents: number; completed_at: string; canceled_at: string | null }>,
    addresses: addresses!.results as Array<{ id: number; firstname: string; lastname: string; address1: string; city: string; zipcode: string; state_name: string; country_iso: string; is_default: number }>,
    credits: credits!.results as Array<{ currency: string; balance_cents: number }>,
  }
}

/**
 * Blocking ends every session of the account at once and refuses its log-ins until unblocked. The checks and the
 * change are one statement: an admin is not blocked when that would leave no active admin, and an operator blocked
 * (or demoted) a moment ago by someone else blocks no one, so two admins blocking each other at the same moment
 * cannot both succeed and leave the store without one. Answers why nothing changed, or null.
 */
export async function setBlocked(db: D1Database, operator: Operator, customer: CustomerRow, blocked: boolean): Promise<'last-admin' | 'operator-gone' | null> {
  const change = blockStatement(db, customer.id, operator.id, blocked)
  const [changed] = await db.batch([
    change,
    // changes(): the statement just before, so the audit line is written only with the change
    auditStatementWhen(db, 'changes() = 1', operator, blocked ? 'customer.block' : 'customer.unblock', { type: 'user', id: customer.email }, { blocked: customer.blocked_at !== null }, { blocked }),
    ...(blocked
      ? [
          revokeBlockedTokensStatement(db, customer.id),
          db.prepare('DELETE FROM admin_sessions WHERE user_id = ? AND EXISTS (SELECT 1 FROM users WHERE id = ? AND blocked_at IS NOT NULL)').bind(customer.id, customer.id),
        ]
      : []),
  ])
  if ((changed!.meta.changes ?? 0) === 1) return null
  const now = await db.prepare('SELECT (SELECT blocked_at IS NULL AND role = \'admin\' FROM users WHERE id = ?1) AS active, (SELECT blocked_at IS NOT NULL FROM users WHERE id = ?2) AS blocked FROM (SELECT 1)').bind(operator.id, customer.id).first<{ active: number | null; blocked: number | null }>()
  if (!now?.active) return 'operator-gone'
  // already as asked (a second click): nothing to say
  if (Boolean(now.blocked) === blocked) return null
  return 'last-admin'
}
