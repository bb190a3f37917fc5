import { Hono } from 'hono'
import { DashboardPage } from '#worker/admin/pages/dashboard-page.tsx'
import type { AdminEnv } from '../context.ts'
import { optInsInForce } from '#worker/env.ts'
import { LOW_STOCK_THRESHOLD, loadDashboard } from '../dashboard-data.ts'
import { loadLaunchChecklist } from '../launch-checklist.ts'
import { renderPage } from '../render.tsx'
import { AuditPage } from '#worker/admin/pages/audit-page.tsx'
import { AUDIT_PAGE_SIZE, auditPage } from '../audit.ts'
import { pageOf } from '../forms.ts'

export const dashboard = new Hono<AdminEnv>()

dashboard.get('/', async (c) => {
  const [data, launch] = await Promise.all([loadDashboard(c.env.DB), loadLaunchChecklist(c.env)])
  return renderPage(c, 'Dashboard', <DashboardPage data={{ ...data, lowStockThreshold: LOW_STOCK_THRESHOLD, optIns: optInsInForce(c.env), launch }} />)
})

dashboard.get('/audit', async (c) => {
  const action = (c.req.query('action') ?? '').trim().slice(0, 60)
  const subject = (c.req.query('subject') ?? '').trim().slice(0, 200)
  const page = pageOf(c)
  const { entries, total } = await auditPage(c.env.DB, { action: action || undefined, subject: subject || undefined, page })
  return renderPage(c, 'Audit log', <AuditPage entries={entries} total={total} page={page} pageSize={AUDIT_PAGE_SIZE} action={action} subject={subject} />)
})
