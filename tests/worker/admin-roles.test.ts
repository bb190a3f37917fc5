import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { loadCustomer, setBlocked } from '#worker/admin/customers-data.ts'
import { ADMIN_PASSWORD, auditOf, consoleBrowser, createAdmin, operator } from './admin-helpers.ts'

/** An account with a password that is not (yet) an admin. */
async function customer() {
  const user = await createAdmin()
  await env.DB.prepare("UPDATE users SET role = 'customer' WHERE id = ?").bind(user.id).run()
  return user
}
const roleOf = async (id: number) => (await env.DB.prepare('SELECT role FROM users WHERE id = ?').bind(id).first<{ role: string }>())!.role

describe('role changes in the console', () => {
  it('makes an account an admin and takes the role away, each with the password, audited; the demoted admin loses the console at once', async () => {
    const { b } = await operator()
    const other = await customer()
    expect((await consoleBrowser().logIn(other.email)).status).toBe(401)

    const wrong = await b.post(`/admin/customers/${other.id}/role`, { role: 'admin', password: 'not my password' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('That is not your password.')
    const missing = await b.post(`/admin/customers/${other.id}/role`, { role: 'admin', password: '' })
    expect(missing.status).toBe(422)
    expect(missing.body).toContain('Enter your password to confirm this.')
    expect(await roleOf(other.id)).toBe('customer')

    const granted = await b.post(`/admin/customers/${other.id}/role`, { role: 'admin', password: ADMIN_PASSWORD })
    expect(granted.status).toBe(303)
    expect((await b.get(granted.location!)).body).toContain('The account is now an admin')
    const theirs = consoleBrowser()
    expect((await theirs.logIn(other.email)).status).toBe(303)
    expect((await theirs.get('/admin')).status).toBe(200)

    expect((await b.post(`/admin/customers/${other.id}/role`, { role: 'customer', password: ADMIN_PASSWORD })).status).toBe(303)
    expect(await roleOf(other.id)).toBe('customer')
    expect((await theirs.get('/admin')).status).toBe(404)
    expect((await auditOf('user.role_grant'))[0]).toMatchObject({ subject_id: other.email, before: { role: 'customer' }, after: { role: 'admin' } })
    expect((await auditOf('user.role_revoke'))[0]).toMatchObject({ subject_id: other.email, before: { role: 'admin' }, after: { role: 'customer' } })
  })

  it('never takes the role from the last admin who can log in (blocked admins do not count)', async () => {
    const me = await operator()
    const blocked = await createAdmin()
    await env.DB.prepare("UPDATE users SET blocked_at = '2026-01-01T00:00:00Z' WHERE id = ?").bind(blocked.id).run()
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE role = 'admin' AND id NOT IN (?, ?)").bind(me.id, blocked.id).run()
    const revokes = (await auditOf('user.role_revoke')).length

    const refused = await me.b.post(`/admin/customers/${me.id}/role`, { role: 'customer', password: ADMIN_PASSWORD })
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('This is the last admin')
    expect(await roleOf(me.id)).toBe('admin')
    expect((await me.b.get('/admin')).status).toBe(200)
    expect((await auditOf('user.role_revoke')).length).toBe(revokes)

    // with a second admin, giving up one's own role works and ends one's console session
    const second = await customer()
    expect((await me.b.post(`/admin/customers/${second.id}/role`, { role: 'admin', password: ADMIN_PASSWORD })).status).toBe(303)
    const own = await me.b.post(`/admin/customers/${me.id}/role`, { role: 'customer', password: ADMIN_PASSWORD })
    expect(own.location).toBe('/admin/login')
    expect((await me.b.get('/admin')).status).toBe(404)
  })

  it('two admins blocking each other at the same moment: one is blocked, the other refused, an admin always remains', async () => {
    const [a, b] = [await operator(), await operator()]
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE role = 'admin' AND id NOT IN (?, ?)").bind(a.id, b.id).run()
    const blocks = (await auditOf('customer.block')).length
    // both pages were open and both passed the console's guard: the two blocks reach D1 together
    const as = (o: { id: number; email: string }) => ({ ...o, firstName: 'Olive', sessionHash: '' })
    const [ca, cb] = [(await loadCustomer(env.DB, a.id))!.customer, (await loadCustomer(env.DB, b.id))!.customer]
    const results = await Promise.all([setBlocked(env.DB, as(a), cb, true), setBlocked(env.DB, as(b), ca, true)])
    expect(results.filter((r) => r === null)).toHaveLength(1)
    expect(results.filter((r) => r !== null)).toHaveLength(1)
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND blocked_at IS NULL").first<number>('n')).toBe(1)
    expect((await auditOf('customer.block')).length).toBe(blocks + 1)

    // through the console: the admin left cannot be blocked by anyone blocked, and is told why (409), nothing changes
    const left = results[0] === null ? a : b
    const gone = left === a ? b : a
    const again = await setBlocked(env.DB, as(gone), (await loadCustomer(env.DB, left.id))!.customer, true)
    expect(again).toBe('operator-gone')
    // with one other admin blocked, the last active admin cannot be blocked (here by a second, demoted meanwhile)
    const third = await operator()
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE id = ?").bind(third.id).run()
    expect(await setBlocked(env.DB, as(third), (await loadCustomer(env.DB, left.id))!.customer, true)).toBe('operator-gone')
    expect((await left.b.get('/admin')).status).toBe(200)
    expect((await left.b.post(`/admin/customers/${gone.id}/unblock`, {})).status).toBe(303)
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE id = ?").bind(gone.id).run()
  })

  it('refuses a role that is not admin or customer, changing nothing', async () => {
    const { b } = await operator()
    const other = await customer()
    const res = await b.post(`/admin/customers/${other.id}/role`, { role: 'owner', password: ADMIN_PASSWORD })
    expect(res.status).toBe(422)
    expect(res.body).toContain('Choose to give or take the admin role.')
    expect(await roleOf(other.id)).toBe('customer')
  })
})
