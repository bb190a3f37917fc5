import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

// The audit log is written once and kept (docs/security.md 'Audit log'): D1 itself refuses to change or delete an
// entry, whoever asks (a bug, a console action gone wrong, someone with a SQL prompt covering their tracks).

const entry = () =>
  env.DB.prepare("INSERT INTO audit_log (admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json) VALUES (NULL, 'ops@example.com', 'order.refund', 'order', 'R100000001', '{\"refunded_cents\":0}', '{\"refunded_cents\":500}') RETURNING id")
    .first<{ id: number }>()
    .then((r) => r!.id)
const row = (id: number) => env.DB.prepare('SELECT admin_email, action, after_json FROM audit_log WHERE id = ?').bind(id).first()

describe('audit_log is append-only', () => {
  it('an UPDATE or a DELETE of an entry fails in D1 and leaves it as written; new entries still go in', async () => {
    const id = await entry()
    const written = await row(id)
    await expect(env.DB.prepare("UPDATE audit_log SET admin_email = 'someone-else@example.com' WHERE id = ?").bind(id).run()).rejects.toThrow(/audit log entries cannot be changed/)
    await expect(env.DB.prepare("UPDATE audit_log SET after_json = '{}'").run()).rejects.toThrow(/audit log entries cannot be changed/)
    await expect(env.DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(id).run()).rejects.toThrow(/audit log entries cannot be deleted/)
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/audit log entries cannot be deleted/)
    expect(await row(id)).toEqual(written)
    expect(await entry()).toBeGreaterThan(id)
  })
})
