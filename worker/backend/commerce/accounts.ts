import { BackendError } from '../shared/errors.ts'

export interface UserRow {
  id: number
  email: string
  first_name: string
  last_name: string
  password_hash: string
  selected_locale: string | null
}

export async function loadUser(db: D1Database, id: number): Promise<UserRow> {
  const user = await db.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<UserRow>()
  if (!user) throw new BackendError(401, 'You need to log in for this.', undefined, undefined, 'login_required')
  return user
}

/** Spree's user resource plus store credit per currency (extension). */
export async function userDocument(db: D1Database, user: UserRow) {
  const [orders, credits, defaults] = await db.batch([
    db.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND state = 'complete'").bind(user.id),
    db.prepare('SELECT currency, balance_cents FROM store_credits WHERE user_id = ?').bind(user.id),
    db.prepare('SELECT id FROM addresses WHERE user_id = ? AND is_default = 1 AND deleted_at IS NULL').bind(user.id),
  ])
  const byCurrency = Object.fromEntries(
    (credits!.results as Array<{ currency: string; balance_cents: number }>).map((r) => [r.currency, (r.balance_cents / 100).toFixed(2)]),
  )
  const defaultId = (defaults!.results[0] as { id: number } | undefined)?.id
  const defaultRel = { data: defaultId ? { type: 'address', id: String(defaultId) } : null }
  return {
    data: {
      id: String(user.id),
      type: 'user',
      attributes: {
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        // Spree answers the store's default locale for a customer who never chose one
        selected_locale: user.selected_locale ?? 'en',
        completed_orders: (orders!.results[0] as { n: number }).n,
        store_credits: Number(byCurrency.AUD ?? 0),
        store_credits_by_currency: byCurrency,
        public_metadata: {},
      },
      relationships: { default_billing_address: defaultRel, default_shipping_address: defaultRel },
    },
  }
}

export function duplicateEmail(): BackendError {
  return new BackendError(422, 'An account with this email address already exists. Please log in instead.', {
    email: ['has already been taken'],
  }, undefined, 'email_taken')
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)
}
