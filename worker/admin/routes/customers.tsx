import { Hono } from '#worker/lib/hono.ts'
import { CustomerPage, CustomersPage } from '#worker/admin/pages/customers-page.tsx'
import { backend } from '#worker/backend/index.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { auditStatement } from '../audit.ts'
import { pageOf } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { CUSTOMERS_PAGE_SIZE, listCustomers, loadCustomer, setBlocked } from '../customers-data.ts'
import { renderPage, seeOther } from '../render.tsx'

export const customers = new Hono<AdminEnv>()

const LAST_ACTIVE_ADMIN = 'This is the last admin who can log in: make another account an admin first, so the store keeps someone who can run it.'

customers.get('/customers', async (c) => {
  const q = (c.req.query('q') ?? '').trim().slice(0, 100)
  const page = pageOf(c)
  const { customers: rows, total } = await listCustomers(c.env.DB, q || undefined, page)
  return renderPage(c, 'Customers', <CustomersPage customers={rows} total={total} page={page} pageSize={CUSTOMERS_PAGE_SIZE} q={q} />)
})

const customerOf = (c: AdminContext) => {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 ? loadCustomer(c.env.DB, id) : Promise.resolve(null)
}

customers.get('/customers/:id{[0-9]+}', async (c) => {
  const loaded = await customerOf(c)
  return loaded ? renderPage(c, loaded.customer.email, <CustomerPage {...loaded} operatorId={c.var.operator.id} notice={noticeText(c.req.query('notice'))} />) : c.notFound()
})

for (const [path, blocked] of [['block', true], ['unblock', false]] as const) {
  customers.post(`/customers/:id{[0-9]+}/${path}`, async (c) => {
    const loaded = await customerOf(c)
    if (!loaded) return c.notFound()
    if (loaded.customer.id === c.var.operator.id) return seeOther(c, `/admin/customers/${loaded.customer.id}`, 'not-yourself')
    const refused = await setBlocked(c.env.DB, c.var.operator, loaded.customer, blocked)
    if (refused) {
      const error = refused === 'last-admin' ? LAST_ACTIVE_ADMIN : 'Your account was blocked or lost the admin role a moment ago, so nothing was changed.'
      return renderPage(c, loaded.customer.email, <CustomerPage {...(await customerOf(c))!} operatorId={c.var.operator.id} error={error} />, 409)
    }
    return seeOther(c, `/admin/customers/${loaded.customer.id}`, blocked ? 'blocked' : 'unblocked')
  })
}

/** The same reset email a shopper asks for on the log-in page (the backend's forgot-password call, in process). */
customers.post('/customers/:id{[0-9]+}/reset', async (c) => {
  const loaded = await customerOf(c)
  if (!loaded) return c.notFound()
  const headers = { 'content-type': 'application/json', 'cf-connecting-ip': c.req.header('cf-connecting-ip') ?? 'unknown' }
  const url = new URL('/api/v2/storefront/passwords', c.req.url)
  const res = await backend.fetch(new Request(url, { method: 'POST', headers, body: JSON.stringify({ user: { email: loaded.customer.email } }) }), c.env, c.executionCtx)
  if (!res.ok) return seeOther(c, `/admin/customers/${loaded.customer.id}`, res.status === 429 ? 'too-many' : 'reset-failed')
  await auditStatement(c.env.DB, c.var.operator, 'customer.password_reset', { type: 'user', id: loaded.customer.email }, undefined, { sent: true }).run()
  return seeOther(c, `/admin/customers/${loaded.customer.id}`, 'reset-sent')
})
