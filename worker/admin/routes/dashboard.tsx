import { Hono } from '#worker/lib/hono.ts'
import { DashboardPage } from '#worker/admin/pages/dashboard-page.tsx'
import type { AdminEnv } from '../context.ts'
import { optInsInForce } from '#worker/env.ts'
import { LOW_STOCK_PAGE_SIZE, LOW_STOCK_THRESHOLD, loadDashboard, lowStockPage } from '../dashboard-data.ts'
import { loadLaunchChecklist } from '../launch-checklist.ts'
import { LowStockPage } from '#worker/admin/pages/low-stock-page.tsx'
import { StockAlertsPage } from '#worker/admin/pages/stock-alerts-page.tsx'
import { listWaitingAlerts } from '#worker/admin/stock-alerts-data.ts'
import type { FieldErrors } from '#worker/admin/pages/parts.tsx'
import { renderPage } from '../render.tsx'
import { AuditPage } from '#worker/admin/pages/audit-page.tsx'
import { AUDIT_PAGE_SIZE, AuditFilterSchema, auditPage } from '../audit.ts'
import { pageOf } from '../forms.ts'

export const dashboard = new Hono<AdminEnv>()

dashboard.get('/', async (c) => {
  const [data, launch] = await Promise.all([loadDashboard(c.env.DB), loadLaunchChecklist(c.env)])
  return renderPage(c, 'Dashboard', <DashboardPage data={{ ...data, lowStockThreshold: LOW_STOCK_THRESHOLD, optIns: optInsInForce(c.env), launch }} />)
})

dashboard.get('/low-stock', async (c) => {
  const page = pageOf(c)
  const { variants, total } = await lowStockPage(c.env.DB, page)
  return renderPage(c, 'Low stock', <LowStockPage variants={variants} total={total} page={page} pageSize={LOW_STOCK_PAGE_SIZE} threshold={LOW_STOCK_THRESHOLD} />)
})

dashboard.get('/stock-alerts', async (c) => renderPage(c, 'Back-in-stock requests', <StockAlertsPage rows={await listWaitingAlerts(c.env.DB)} />))

dashboard.get('/audit', async (c) => {
  const raw = c.req.query()
  const parsed = AuditFilterSchema.safeParse(raw)
  const errors: FieldErrors = {}
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
  const page = pageOf(c)
  const found = await auditPage(c.env.DB, { ...(parsed.success ? parsed.data : {}), page })
  const filter = { q: raw.q, operator: raw.operator, action: raw.action, from: raw.from, to: raw.to }
  return renderPage(c, 'Audit log', <AuditPage {...found} page={page} pageSize={AUDIT_PAGE_SIZE} filter={filter} errors={parsed.success ? undefined : errors} />, parsed.success ? 200 : 400)
})
