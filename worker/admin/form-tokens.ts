import { when, type AlreadySent, type FormValues } from '#worker/admin/pages/parts.tsx'
import type { Operator } from './context.ts'
import { ActionRefused } from './action-refused.ts'

/**
 * A console form that gives out money is done once (docs/console.md 'Operator console: a form is sent once').
 *
 * Issuing a gift card, granting store credit, adjusting a card's balance and refunding a payment each carry a hidden
 * `form_token` (worker/admin/pages/parts.tsx FormToken), new each time the page is drawn. Doing the form writes
 * `form:<token>` into refund_claims (its primary key) together with the work: in the same D1 batch, or for a refund
 * as its first claim before the card provider is asked (released again when the provider refuses, so the operator can
 * try again). The same form sent a second time (a double click, the browser resending the POST, the back button)
 * fails on that key, changes nothing, and is told what the first sending did and where to see it (409).
 *
 * Nothing is stored when a page is drawn: a key is any fresh random value, and only its second use is refused. A
 * request without one is a form from before this rule (an old open tab) or made by hand: refused, nothing done.
 */

const FORM_TOKEN = /^[A-Za-z0-9-]{20,64}$/

export type FormSubject = `form:${string}`
export const formSubject = (token: string): FormSubject => `form:${token}`

/** Said (422) to a form without a usable key. */
export const FORM_TOKEN_MISSING = 'This form is out of date (it was loaded before the console was updated, or not from the console): nothing was done. Reload the page and fill it in again.'

/** The form's key, or null when it has none (or one that is not a key). */
export function formTokenOf(values: FormValues): string | null {
  const token = values.form_token
  return token && FORM_TOKEN.test(token) ? token : null
}

/**
 * The statement that uses the form up, for the batch that does its work: it fails (UNIQUE) when the form was used
 * before, which undoes the whole batch. `done` is the console page that shows what the form made, as SQL (it may
 * name a row the same batch writes) with its values; `when`, a condition the work itself is under (nothing done, the
 * form not used).
 */
export function spendFormStatement(db: D1Database, token: string, operator: Operator, done: { sql: string; binds?: unknown[] }, when?: { sql: string; binds: unknown[] }): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO refund_claims (subject, admin_email, done_path) SELECT ?, ?, ${done.sql}${when ? ` WHERE ${when.sql}` : ''}`)
    .bind(formSubject(token), operator.email, ...(done.binds ?? []), ...(when?.binds ?? []))
}

/** Why a form was refused the second time, with what its first sending did. */
export class FormAlreadySent extends ActionRefused {
  constructor(
    readonly already: AlreadySent,
    /** The operator who sent it the first time (the gift card's code is shown again to them only). */
    readonly sentBy: string,
  ) {
    super(already.message)
  }
}

/** The refusal for a form already used, or null when it was not (the work failed for another reason). */
export async function formAlreadySent(db: D1Database, token: string, what: { done: string; label: string }): Promise<FormAlreadySent | null> {
  const row = await db.prepare('SELECT admin_email, done_path, created_at FROM refund_claims WHERE subject = ?').bind(formSubject(token)).first<{ admin_email: string; done_path: string | null; created_at: string }>()
  if (!row) return null
  const message = `This form was already sent (${when(row.created_at)}, by ${row.admin_email}): ${what.done} Nothing more was done, so nothing is doubled. A double click or the browser sending a form again does this; to do it once more, fill in the form afresh.`
  return new FormAlreadySent({ message, href: row.done_path, label: what.label }, row.admin_email)
}

/** Runs `work` (a batch holding spendFormStatement); when it fails because the form was used before, FormAlreadySent. */
export async function once<T>(db: D1Database, token: string, what: { done: string; label: string }, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!String(error).includes('UNIQUE')) throw error
    throw (await formAlreadySent(db, token, what)) ?? error
  }
}
