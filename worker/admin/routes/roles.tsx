import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { CustomerPage } from '#worker/admin/pages/customers-page.tsx'
import type { AdminEnv } from '../context.ts'
import { field, parseForm } from '../forms.ts'
import { reconfirm } from '../operators.ts'
import { loadCustomer } from '../customers-data.ts'
import { setRole } from '../roles.ts'
import { renderPage, seeOther } from '../render.tsx'

const RoleSchema = z.object({ role: z.enum(['admin', 'customer'], { message: 'Choose to give or take the admin role.' }), password: field.password })

const LAST_ADMIN = 'This is the last admin: make another account an admin first, so the store keeps someone who can run it.'

/** Role changes (issue 14 item 1): an admin gives or takes the console role, with their password, never the last one. */
export const roles = new Hono<AdminEnv>()

roles.post('/customers/:id{[0-9]+}/role', async (c) => {
  const id = Number(c.req.param('id'))
  const loaded = await loadCustomer(c.env.DB, id)
  if (!loaded) return c.notFound()
  const refuse = (errors: Record<string, string | undefined>, status: number) =>
    renderPage(c, loaded.customer.email, <CustomerPage {...loaded} operatorId={c.var.operator.id} roleErrors={errors} />, status)
  const form = await parseForm(c, RoleSchema)
  if (!form.ok) return refuse(form.errors, 422)
  const wrong = await reconfirm(c, form.data.password)
  if (wrong) return refuse({ password: wrong }, 422)
  if (form.data.role === loaded.customer.role) return seeOther(c, `/admin/customers/${id}`)
  if (!(await setRole(c.env.DB, c.var.operator, loaded.customer, form.data.role))) return refuse({ form: LAST_ADMIN }, 409)
  // an admin who gave up their own role has no console any more
  if (id === c.var.operator.id) return seeOther(c, '/admin/login')
  return seeOther(c, `/admin/customers/${id}`, form.data.role === 'admin' ? 'role-granted' : 'role-revoked')
})
